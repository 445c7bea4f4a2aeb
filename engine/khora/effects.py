"""Small operations every rule, card, city and event is written with.

Each takes the state and a seat and changes that seat's resources within the track limits.
"""

from __future__ import annotations

from engine.khora.content import rulings
from engine.khora.content.tracks import LEVELS, PROGRESS_TRACKS, THIRD_DIE_CULTURE_LEVEL
from engine.khora.state import State

RESOURCES = ("vp", "drachma", "citizens", "troops", "philosophy", "tax", "glory", "cards")


def gain(state: State, seat: int, *, excess: bool = False, **amounts: int) -> None:
    """Add resources to a seat. `excess` lets citizens and troops pass 15 (action gains only).

    A track already above its limit (a temporary excess) is never pushed down by a gain.
    """
    player = state.players[seat]
    for resource, amount in amounts.items():
        if amount <= 0:
            continue
        if resource == "vp":
            player.vp += amount
        elif resource == "drachma":
            player.drachma += amount
        elif resource == "philosophy":
            player.philosophy += amount
        elif resource == "citizens":
            player.citizens = _raise(player.citizens, amount, rulings.CITIZENS_MAX, excess)
        elif resource == "troops":
            player.troops = _raise(player.troops, amount, rulings.TROOPS_MAX, excess)
        elif resource == "tax":
            player.tax = min(rulings.TAX_MAX, player.tax + amount)
        elif resource == "glory":
            player.glory = min(rulings.GLORY_MAX, player.glory + amount)
        elif resource == "cards":
            draw_cards(state, seat, amount, purpose="hand")
        elif resource in PROGRESS_TRACKS:
            advance_track(state, seat, resource, amount)
        else:
            raise ValueError(f"unknown resource {resource!r}")


def _raise(current: int, amount: int, limit: int, excess: bool) -> int:
    if excess:
        return current + amount
    return max(current, min(limit, current + amount))


def lose(state: State, seat: int, **amounts: int) -> None:
    """Take resources from a seat; a seat that lacks enough loses all it has."""
    player = state.players[seat]
    for resource, amount in amounts.items():
        if amount <= 0:
            continue
        if resource not in ("vp", "drachma", "citizens", "troops", "philosophy", "tax", "glory"):
            raise ValueError(f"cannot lose {resource!r}")
        setattr(player, resource, max(0, getattr(player, resource) - amount))


def advance_track(state: State, seat: int, track: str, levels: int = 1) -> int:
    """Move a progress track up for free (the caller has paid, if anything), with rewards.

    Returns the number of levels actually gained (the track stops at 7).
    """
    player = state.players[seat]
    gained = 0
    for _ in range(levels):
        level = getattr(player, track) + 1
        if level > rulings.PROGRESS_MAX:
            break
        setattr(player, track, level)
        gained += 1
        reward = LEVELS[track][level].reward
        if reward.get("third_die"):
            player.dice_count = 3
        gain(state, seat, **{k: v for k, v in reward.items() if k != "third_die"})
    if track == "culture" and player.culture >= THIRD_DIE_CULTURE_LEVEL:
        player.dice_count = 3
    return gained


def draw_cards(state: State, seat: int, count: int, purpose: str) -> None:
    """Queue a draw of politics cards for a seat.

    Cards never seen are drawn by chance; cards put at the bottom come after them, in order.
    `purpose` says where the cards go: "hand", or "legislation" (keep one, return one).
    """
    player = state.players[seat]
    player.queue("draw", count=count, purpose=purpose)


def cap_action_excess(state: State) -> None:
    """End of the action phase: citizens and troops above 15 are cut back to 15."""
    for player in state.players:
        player.citizens = min(player.citizens, rulings.CITIZENS_MAX)
        player.troops = min(player.troops, rulings.TROOPS_MAX)


def missing_tokens(state: State, seat: int, needs: tuple[int, int, int]) -> int:
    """How many knowledge tokens the seat lacks for a requirement (major and minor count)."""
    player = state.players[seat]
    return sum(
        max(0, need - player.token_count(colour))
        for colour, need in zip(("red", "blue", "green"), needs, strict=True)
    )


def add_token(state: State, seat: int, colour: str, tier: str, count: int = 1) -> None:
    player = state.players[seat]
    key = f"{colour}_{tier}"
    player.tokens[key] = player.tokens.get(key, 0) + count
