"""When a seat's action tile may run: the rulebook's order, kept only where it can matter.

The rulebook resolves tile 0 for everyone, then tile 1, and so on, Military in turn order from
the start player. We take that order as a key per tile: (tile number, the seat's place in turn
order). Strict rulebook order runs the tiles one by one in key order (`strict_rulebook_order`,
kept as the reference the tests compare against). The engine lets a tile run ahead of another
seat's earlier tile when the two cannot affect each other, so a seat waits only where it must.

Whether two tiles can affect each other is derived from their footprints: what each can read or
change that another seat also reads or changes. The footprints are declared here and nowhere
else: one table per action tile, one for the developments a Development action may unlock.
They read only public facts (hand sizes, cities, development levels, how many deck cards are
unseen), so whom a seat waits for never tells the others a secret.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NamedTuple

from engine.khora.state import State, Task

LEGISLATION, MILITARY, POLITICS, DEVELOPMENT = 1, 4, 5, 6

BOARD = "exploration board"  # one shared board: exploring reads and changes it
DECK = "politics deck"  # drawing reads and changes it; a returned card goes to its bottom
MILITARY_LEVELS = "military levels"  # Rivalry compares the others' with its seat's own


class Touch:
    READ = "read"
    CHANGE = "change"
    BOTH = "read and change"


class Footprint(NamedTuple):
    """One shared thing a tile may touch, how, and through which card (None: any route).

    A thing reached only through one card cannot be touched by two seats in the same round's
    action phase at once (there is one copy of each politics card), so two footprints through
    the same card never conflict.
    """

    thing: str
    access: str
    card: str | None = None


# Politics: only Council draws, only Rivalry reads the others' military levels (and may raise
# its seat's own). Legislation draws 2 and returns 1. Military explores. The other tiles
# (Philosophy, Culture, Trade) touch only their own seat and the unlimited reserves. The other
# cards that compare seats (Power, Public Market) do so in the tax phase, when no tile runs.
TILE_FOOTPRINTS: dict[int, tuple[Footprint, ...]] = {
    LEGISLATION: (Footprint(DECK, Touch.BOTH),),
    MILITARY: (Footprint(BOARD, Touch.BOTH),),
    POLITICS: (
        Footprint(DECK, Touch.BOTH, "council"),
        Footprint(MILITARY_LEVELS, Touch.BOTH, "rivalry"),
    ),
}

# What unlocking a development adds to a Development action's footprint: (city, level).
# Keyed (city, level); a seat without a city yet (None) finds nothing.
DEVELOPMENT_FOOTPRINTS: dict[tuple[str | None, int], tuple[Footprint, ...]] = {
    ("argos", 3): (Footprint(MILITARY_LEVELS, Touch.CHANGE),),  # +1 military level
    ("miletus", 2): (Footprint(MILITARY_LEVELS, Touch.CHANGE),),  # a free level, maybe military
    ("sparta", 3): (Footprint(BOARD, Touch.BOTH),),  # the Military action twice
}

# Conquest of the Persians' extra action: any tile but Military.
EXTRA_ACTION_TILES = (0, 1, 2, 3, 5, 6)

# Cards a tile may draw at most (Legislation 2; Council 2, also when Ostracism replays it).
DRAWS = {LEGISLATION: 2, POLITICS: 2}

# Things every seat changes in a cell of its own: two changes alone never conflict.
OWN_CELLS = frozenset({MILITARY_LEVELS})

_strict = False


@contextmanager
def strict_rulebook_order() -> Iterator[None]:
    """Run every tile one at a time in the rulebook's order (the reference for the tests)."""
    global _strict
    previous, _strict = _strict, True
    try:
        yield
    finally:
        _strict = previous


def turn_position(state: State, seat: int) -> int:
    # The start player is drawn before any tile is played: never None here.
    return (seat - state.start_player) % state.num_players  # type: ignore[operator]


def may_start(state: State, seat: int, tile: int) -> bool:
    """May `seat` take `tile` now, given the other seats' tiles still to come or running?"""
    if not _strict:
        mine = footprints(state, seat, tile)
        if mine and _without_deck(mine) != mine and not _deck_may_run_short(state):
            # Every draw left comes from the unseen cards whatever the order, and a returned
            # card takes its rulebook-order place at the bottom (draws.put_at_bottom).
            mine = _without_deck(mine)
        if not mine:  # most tiles: nothing another seat's tile could affect
            return True
    key = (tile, turn_position(state, seat))
    start, count = state.start_player, state.num_players
    for other, player in enumerate(state.players):
        if other == seat:
            continue
        # turn_position, inlined: this is a hot path (start is set, as there)
        position = (other - start) % count  # type: ignore[operator]
        choosing_extra = False
        for task in player.agenda:  # _agenda_tiles, inlined: this is a hot path
            kind = task.kind
            if kind == "take_action" or kind == "finish_action":
                other_tile = task.data["tile"]
                if (other_tile, position) < key and (
                    _strict or _conflict(mine, footprints(state, other, other_tile))
                ):
                    return False
            elif kind == "extra_action":
                choosing_extra = True
        # A seat choosing an extra action may still choose any tile, even Philosophy (0).
        if choosing_extra and (_strict or _conflict(mine, _footprints_of(state, other, None))):
            return False
    return True


def _agenda_tiles(agenda: list[Task]) -> tuple[list[int], bool]:
    """`_unfinished` of one agenda, and whether it is choosing an extra action, in one pass."""
    tiles: list[int] = []
    choosing_extra = False
    for task in agenda:
        kind = task.kind
        if kind == "take_action" or kind == "finish_action":
            tiles.append(task.data["tile"])
        elif kind == "extra_action":
            choosing_extra = True
    return tiles, choosing_extra


def _footprints_of(state: State, seat: int, tile: int | None) -> tuple[Footprint, ...]:
    if tile is not None:
        return footprints(state, seat, tile)
    return tuple(t for each in EXTRA_ACTION_TILES for t in footprints(state, seat, each))


def footprints(state: State, seat: int, tile: int) -> tuple[Footprint, ...]:
    """What this seat's tile may touch that other seats' tiles also touch."""
    player = state.players[seat]
    if tile == POLITICS and not _may_hold_cards(state, seat):
        return ()
    if tile == DEVELOPMENT:
        return DEVELOPMENT_FOOTPRINTS.get((player.city, player.development + 1), ())
    return TILE_FOOTPRINTS.get(tile, ())


@functools.cache  # a few footprints, met over and over: worked out once per pair
def _conflict(mine: tuple[Footprint, ...], theirs: tuple[Footprint, ...]) -> bool:
    return any(_touches_conflict(a, b) for a in mine for b in theirs)


@functools.cache
def _without_deck(touches: tuple[Footprint, ...]) -> tuple[Footprint, ...]:
    return tuple(touch for touch in touches if touch.thing != DECK)


def _touches_conflict(a: Footprint, b: Footprint) -> bool:
    if a.thing != b.thing or (a.card is not None and a.card == b.card):
        return False
    if a.access == b.access == Touch.READ:
        return False
    # Each seat changing only its own level: neither change shows in the other's result.
    return not (a.access == b.access == Touch.CHANGE and a.thing in OWN_CELLS)


def _unfinished(state: State, seat: int) -> list[int]:
    """The seat's tiles not started yet or still running (the last task of a tile is its
    finish_action), in the Action phase and for Conquest of the Persians' extra action."""
    return [
        task.data["tile"]
        for task in state.players[seat].agenda
        if task.kind in ("take_action", "finish_action")
    ]


def _not_started(state: State, seat: int, tile: int) -> bool:
    return any(
        task.kind == "take_action" and task.data["tile"] == tile
        for task in state.players[seat].agenda
    )


def _may_hold_cards(state: State, seat: int) -> bool:
    """Could the seat have a card to play when its Politics tile comes (public facts only)?"""
    # Legislation, until it is done, may still bring the card it keeps.
    return bool(state.players[seat].hand) or LEGISLATION in _unfinished(state, seat)


def _deck_may_run_short(state: State) -> bool:
    """Could the draws still to come this phase need more cards than are unseen?

    Counted generously (a Politics tile that may hold a card counts as Council's 2 until it is
    done), so "no" is certain: every draw left then comes from the unseen cards, in any order.
    """
    needed = 0
    unseen = len(state.deck_unseen)
    for player in state.players:
        tiles, choosing_extra = _agenda_tiles(player.agenda)
        for tile in tiles:
            if tile == LEGISLATION and _not_started(state, player.seat, tile):
                needed += DRAWS[LEGISLATION]
            elif tile == POLITICS and (player.hand or LEGISLATION in tiles):  # _may_hold_cards
                needed += DRAWS[POLITICS]
        if choosing_extra:
            needed += max(DRAWS.values())
        if needed > unseen:  # it only grows
            return True
    return False
