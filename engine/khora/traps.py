"""The traps a preview warns of beyond what an option does at once (preview.py).

- The dice: what the seat's placed tiles will cost at the reveal (a citizen gain of
  Legislation is counted after that payment), which later choices of the seat could still
  change a warning about a tile's action (`unless`), and a tile that would cost fewer
  citizens on another of the seat's dice.
- Dominated options: another option of the same prompt gives at least as much of everything
  and costs no more (an exploration space beside a cheaper one with the same token, a free
  level left untaken).

Every claim here is about the seat's own choices and public facts: a warning is true when it
is shown, or says which of the seat's later choices could change it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations
from typing import Any

from engine.core import Option
from engine.khora import seat_tasks
from engine.khora.content import rulings
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.content.exploration import SPACES
from engine.khora.phases.action_order import DEVELOPMENT, LEGISLATION, MILITARY, POLITICS
from engine.khora.phases.politics import requirement_option
from engine.khora.preview_text import Preview, Warning
from engine.khora.seat_tasks import GLORY_EXCHANGE
from engine.khora.state import State, Task

# Prompt kinds whose options are bundles of gains and costs that can be compared one by one.
COMPARABLE = frozenset(
    {"explore", "progress", "event_progress", "free_advance", "argos_reward", "achievement_reward"}
)
# Tiles whose own questions (cards drawn, a token bought, a space explored, a card played)
# may bring what a later tile lacks.
ASKING_TILES = (LEGISLATION, 3, MILITARY, POLITICS)
TRADE = 3
OLD_GUARD_VP = 4
SPARTA_DOUBLE_MILITARY = 3  # Sparta's level 3: the Military action twice


# --- the dice: citizens at the reveal ---------------------------------------------------------


def tile_cost(tile: int, die: int) -> int:
    return max(0, tile - die)


def other_dice_costs(dice: Sequence[int], placed: Sequence[int]) -> tuple[int, int]:
    """The least and the most citizens the seat's dice not yet placed can cost, over every
    way of putting the tiles left on them (`placed`: the tiles on the first dice)."""
    free_dice = dice[len(placed) :]
    if not free_dice:
        return 0, 0
    left = [t for t in range(7) if t not in placed]
    costs = [
        sum(tile_cost(t, d) for t, d in zip(order, free_dice, strict=False))
        for order in permutations(left, len(free_dice))
    ]
    return min(costs), max(costs)


def reveal_cost(dice: Sequence[int], placed: Sequence[int]) -> int:
    """What the tiles placed so far cost in citizens at the reveal."""
    return sum(tile_cost(t, d) for t, d in zip(placed, dice, strict=False))


def cheaper_elsewhere(dice: Sequence[int], placed: Sequence[int], tile: int) -> dict[str, Any]:
    """`tile` on the next die, against the same tile on another of the seat's dice: the
    citizens the best swap saves (with the tile already on that die, or, for a die not placed
    yet, with the best tile left to take this die's place). {} when no swap saves any."""
    die_index = len(placed)
    value = dice[die_index]
    cost = tile_cost(tile, value)
    if not cost:
        return {}
    best: dict[str, Any] = {}
    left = [t for t in range(7) if t not in placed and t != tile]
    for index, other in enumerate(dice):
        if index == die_index:
            continue
        companions = [placed[index]] if index < die_index else left
        for companion in companions:
            now = cost + tile_cost(companion, other)
            swapped = tile_cost(tile, other) + tile_cost(companion, value)
            saved = now - swapped
            if saved > best.get("saved", 0):
                best = {"die": value, "other": other, "cost": cost, "saved": saved}
                if index < die_index:
                    best["other_tile"] = companion
    return best


# --- the dice: what later choices of the seat could still change --------------------------------


def later_choices(state: State, seat: int, placed: Sequence[int], tile: int) -> list[str]:
    """Which of the seat's own choices, between this die and `tile`'s action, could change
    what that action does: the other dice (a tile before it not placed yet, while a die is
    left), and the questions of its tiles placed before it (Legislation's cards, Trade's
    token, Military's exploration, Politics' card)."""
    player = state.players[seat]
    dice_left = len(player.dice) - len(placed) > 0
    reasons = []
    if dice_left and any(t not in placed for t in range(tile)):
        reasons.append("other_dice")
    if any(t in placed and t < tile for t in ASKING_TILES):
        reasons.append("earlier_actions")
    return reasons


def over_cap_unless(state: State, seat: int, placed: Sequence[int], resource: str) -> list[str]:
    """The later choices of the seat that could change how many citizens or troops above 15
    it loses once `placed` (this die's tile last) are revealed and taken."""
    player = state.players[seat]
    reasons = []
    if resource == "citizens":
        least, most = other_dice_costs(player.dice, placed)
        if most > least:
            reasons.append("other_dice")
        if player.philosophy:
            reasons.append("philosophy")
        return reasons
    reasons.append("explore")
    dice_left = len(player.dice) > len(placed)
    if dice_left and any(t not in placed for t in range(MILITARY)):
        reasons.append("other_dice")
    if _may_double_military(state, seat, placed, dice_left):
        reasons.append("develop")
    return reasons


def _may_double_military(state: State, seat: int, placed: Sequence[int], dice_left: bool) -> bool:
    """Could the seat's Development action this round unlock Sparta 3 (Military again)?"""
    player = state.players[seat]
    if player.city is None or player.city != "sparta":
        return False
    ladder = CITIES[player.city].developments
    nxt = ladder[player.development].level if player.development < len(ladder) else None
    return nxt == SPARTA_DOUBLE_MILITARY and (DEVELOPMENT in placed or dice_left)


# --- dominated options ---------------------------------------------------------------------------


def dominated(
    state: State, seat: int, task: Task, options: Iterable[Option], found: dict[str, Preview]
) -> dict[str, str]:
    """Option id -> the id of an option of the same prompt that gives at least as much of
    everything, costs no more and gives more of something (the first such, best first)."""
    if task.kind not in COMPARABLE:
        return {}
    values = {
        o.id: _value(state, seat, task, o, found[o.id]) for o in options if o.id != GLORY_EXCHANGE
    }
    beaten = {}
    for option_id, value in values.items():
        better = [
            other for other, them in values.items() if other != option_id and _beats(them, value)
        ]
        if better:
            best = max(better, key=lambda other: sum(values[other][0].values()))
            beaten[option_id] = best
    return beaten


Value = tuple[dict[str, int], dict[tuple[str, str], int]]


def _value(state: State, seat: int, task: Task, option: Option, preview: Preview) -> Value:
    """What an option gives, counted: net changes, and knowledge tokens gained."""
    changes = dict(preview.changes)
    if task.kind == "progress" and option.id == "done" and old_guard_pays(state, seat):
        changes["vp"] = changes.get("vp", 0) + OLD_GUARD_VP
    tokens: dict[tuple[str, str], int] = {}
    for token in preview.new_tokens:
        tokens[token] = tokens.get(token, 0) + 1
    return changes, tokens


def old_guard_pays(state: State, seat: int) -> bool:
    """Old Guard's 4 VP are still due if the seat advances no track this Progress phase."""
    player = state.players[seat]
    return "old-guard" in player.played and player.advanced_this_progress == 0


def _beats(a: Value, b: Value) -> bool:
    """Does a give at least as much of everything as b, and more of something?"""
    (changes_a, tokens_a), (changes_b, tokens_b) = a, b
    keys = set(changes_a) | set(changes_b)
    if any(changes_a.get(k, 0) < changes_b.get(k, 0) for k in keys):
        return False
    if any(tokens_a.get(t, 0) < n for t, n in tokens_b.items()):
        return False
    return a != b and (
        any(changes_a.get(k, 0) > changes_b.get(k, 0) for k in keys)
        or any(tokens_a[t] > tokens_b.get(t, 0) for t in tokens_a)
    )


# --- defaults that never forgo a free gain --------------------------------------------------------


def best_free_space(options: Sequence[Option]) -> Option | None:
    """The exploration space on offer that costs no troops and is beaten by no other: a
    major token before a minor one, then the most drachmas and VP. None if none is free."""
    free = [o for o in options if o.id != "skip" and not o.data["troops"]]
    if not free:
        return None

    def worth(option: Option) -> tuple[int, int]:
        space = SPACES[option.data["space"]]
        return (space.tier == "major", space.drachma + space.vp)

    return max(free, key=worth)


# --- the Action phase: what an answer spoils for a later tile -------------------------------


def check_citizens(state: State, seat: int, option: Option, result: Preview) -> None:
    """A tile above its die costs citizens at the reveal; warn when the seat may not afford
    all it has placed (a tile that cannot be paid is set aside, its action lost)."""
    player = state.players[seat]
    cost = option.data.get("cost", 0)
    if not cost:
        return
    placed = sum(
        max(0, tile - die) for tile, die in zip(player.assignment, player.dice, strict=False)
    )
    have = player.citizens + player.philosophy * rulings.PHILOSOPHY_CITIZENS
    if placed + cost > have:
        params = {"tile": option.data["tile"], "cost": placed + cost, "citizens": have}
        result.warnings.append(Warning("citizens_short", params))


def check_later_tiles(state: State, after: State, seat: int, result: Preview) -> None:
    """In the Action phase: would this answer leave a later tile of the seat unable to pay
    for what it could pay now (a card, a development)?"""
    if state.phase != "actions":
        return
    player = state.players[seat]
    # The tile being taken: its question's cause, or the tile its finishing task waits on
    # (a card Ostracism plays is caused by Ostracism, inside a Politics action).
    cause = seat_tasks.cause_of(state, seat, player.agenda[0])
    current = cause[1] if cause[0] == "action" else -1
    for task in player.agenda:
        if task.kind == "finish_action":
            current = max(current, task.data["tile"])
            break
    for tile in (POLITICS, DEVELOPMENT):
        if tile not in player.active_tiles or tile in player.tiles_done or tile <= current:
            continue
        if _tile_usable(state, seat, tile) and not _tile_usable(after, seat, tile):
            params: dict[str, Any] = {"tile": tile}
            # A question of a tile between them (an exploration, a card) may pay it back.
            if any(
                current < between < tile and between not in player.tiles_done
                for between in player.active_tiles
                if between in ASKING_TILES
            ):
                params["unless"] = ["earlier_actions"]
            result.warnings.append(Warning("spoils_later_tile", params))


def _tile_usable(state: State, seat: int, tile: int) -> bool:
    player = state.players[seat]
    if tile == POLITICS:
        return any(
            requirement_option(state, seat, CARDS[c].needs, CARDS[c].cost, "", ("", {}), {})
            for c in player.hand
        )
    assert player.city is not None  # chosen at setup, before any action tile
    ladder = CITIES[player.city].developments
    if player.development >= len(ladder):
        return False
    level = ladder[player.development]
    return requirement_option(state, seat, level.needs, level.cost, "", ("", {}), {}) is not None
