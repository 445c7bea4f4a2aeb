"""Small operations every rule, card, city and event is written with.

Each takes the state and a seat and changes that seat's resources within the track limits.
They are also the one place that records changes for narration (journal.py): a rule that
changes a seat's numbers goes through them, never through the player's fields.
"""

from __future__ import annotations

from engine.khora.content import rulings
from engine.khora.content.tracks import LEVELS, PROGRESS_TRACKS, THIRD_DIE_CULTURE_LEVEL
from engine.khora.journal import note, note_change
from engine.khora.state import State

# Resources held as a number on the player (cards and tracks record their own lines).
RECORDED = frozenset(("vp", "drachma", "citizens", "troops", "philosophy", "tax", "glory"))
# Resources whose gains stop at a limit (rulings: 15 citizens and troops, tax and glory 10).
LIMITED = frozenset(("citizens", "troops", "tax", "glory"))


def gain(state: State, seat: int, *, excess: bool = False, **amounts: int) -> None:
    """Add resources to a seat. `excess` lets citizens and troops pass 15 (action gains only).

    A track already above its limit (a temporary excess) is never pushed down by a gain.
    """
    player = state.players[seat]
    recording = state.journal is not None
    for resource, amount in amounts.items():
        if amount <= 0:
            continue
        if recording and resource in RECORDED:
            before = getattr(player, resource)
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
        if recording and resource in RECORDED:
            after = getattr(player, resource)
            note_change(state, seat, resource, before, after)
            if resource in LIMITED and after - before < amount:
                # A limit took part of the gain: said, so that no loss is silent.
                note(state, "capped", seat, resource=resource, lost=amount - (after - before))


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
        if resource not in RECORDED:
            raise ValueError(f"cannot lose {resource!r}")
        before = getattr(player, resource)
        setattr(player, resource, max(0, before - amount))
        note_change(state, seat, resource, before, getattr(player, resource))


def pay(state: State, seat: int, **deltas: int) -> None:
    """Apply an option's priced changes (negative: paid), e.g. pay(drachma=-3, philosophy=-2).

    Unlike `lose`, the caller has checked the seat can afford them; unlike `gain`, no limit
    applies (a philosophy token's 3 citizens are the only positive amount, within 15).
    """
    player = state.players[seat]
    for resource, delta in deltas.items():
        if not delta:
            continue
        if resource not in RECORDED:
            raise ValueError(f"cannot pay {resource!r}")
        before = getattr(player, resource)
        setattr(player, resource, before + delta)
        note_change(state, seat, resource, before, before + delta)


def lose_all(state: State, seat: int, resource: str) -> None:
    lose(state, seat, **{resource: getattr(state.players[seat], resource)})


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
        note_change(state, seat, track, level - 1, level)
        gained += 1
        reward = LEVELS[track][level].reward
        if reward.get("third_die"):
            _third_die(state, seat)
        gain(state, seat, excess=False, **{k: v for k, v in reward.items() if k != "third_die"})
    if track == "culture" and player.culture >= THIRD_DIE_CULTURE_LEVEL:
        _third_die(state, seat)
    return gained


def _third_die(state: State, seat: int) -> None:
    player = state.players[seat]
    note_change(state, seat, "dice_count", player.dice_count, 3)
    player.dice_count = 3


def draw_cards(state: State, seat: int, count: int, purpose: str) -> None:
    """Queue a draw of politics cards for a seat.

    Cards never seen are drawn by chance; cards put at the bottom come after them, in order.
    `purpose` says where the cards go: "hand", or "legislation" (keep one, return one).
    """
    player = state.players[seat]
    player.queue("draw", count=count, purpose=purpose, cause=state.cause)


def cap_action_excess(state: State) -> None:
    """End of the action phase: citizens and troops above 15 are cut back to 15."""
    for player in state.players:
        for resource in ("citizens", "troops"):
            before = getattr(player, resource)
            limit = rulings.CITIZENS_MAX if resource == "citizens" else rulings.TROOPS_MAX
            if before > limit:
                setattr(player, resource, limit)
                note_change(state, player.seat, resource, before, limit)


def missing_tokens(state: State, seat: int, needs: tuple[int, int, int]) -> int:
    """How many knowledge tokens the seat lacks for a requirement (major and minor count)."""
    player = state.players[seat]
    missing = 0
    for colour, need in zip(("red", "blue", "green"), needs, strict=True):
        if need:  # most needs are 0: nothing to count
            missing += max(0, need - player.token_count(colour))
    return missing


def add_token(state: State, seat: int, colour: str, tier: str, count: int = 1) -> None:
    player = state.players[seat]
    key = f"{colour}_{tier}"
    before = player.tokens.get(key, 0)
    player.tokens = {**player.tokens, key: before + count}  # shared with the state before
    note(state, "token", seat, colour=colour, tier=tier, delta=count)


def remove_token(state: State, seat: int, key: str) -> None:
    """Give a knowledge token (key "red_minor", ...) back to the reserve."""
    player = state.players[seat]
    player.tokens = {**player.tokens, key: player.tokens[key] - 1}  # shared, as above
    colour, tier = key.split("_")
    note(state, "token", seat, colour=colour, tier=tier, delta=-1)
    state.tokens_from_reserve -= 1
