"""Phase C: roll, pick the start player, assign action tiles in secret, reveal, pay citizens."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import permutations
from typing import TYPE_CHECKING

from engine.core import InvalidEvent, Label, Option
from engine.khora.catalog import Text
from engine.khora.content import rulings
from engine.khora.content.events import EVENTS
from engine.khora.effects import gain, pay
from engine.khora.flow import ChanceOutcome, chance_kind, step
from engine.khora.journal import note
from engine.khora.seat_tasks import TaskHandler, handler
from engine.khora.state import State, Task, without

if TYPE_CHECKING:
    from random import Random

ACTION_NAMES = {
    0: "Philosophy",
    1: "Legislation",
    2: "Culture",
    3: "Trade",
    4: "Military",
    5: "Politics",
    6: "Development",
}


def tile_name(tile: int) -> str:
    return f"{ACTION_NAMES[tile]} ({tile})"


@step("roll")
def roll(state: State) -> None:
    state.phase = "dice"
    state.assignments_revealed = False
    for player in state.players:
        player.dice = []
        player.assignment = []
        player.active_tiles = []
        player.set_aside = []
        player.unpaid = []
    state.chance = {"kind": "dice"}


def _sample_dice(state: State, rng: Random) -> ChanceOutcome:
    return {"dice": [[rng.randint(1, 6) for _ in range(p.dice_count)] for p in state.players]}


@chance_kind("dice", _sample_dice)
def apply_dice(state: State, outcome: ChanceOutcome) -> None:
    dice = outcome.get("dice")
    if (
        not isinstance(dice, list)
        or len(dice) != state.num_players
        or any(
            not isinstance(rolled, list)
            or len(rolled) != player.dice_count
            or any(not isinstance(d, int) or not 1 <= d <= 6 for d in rolled)
            for rolled, player in zip(dice, state.players, strict=True)
        )
    ):
        raise InvalidEvent("bad_chance", "Each seat rolls each of its dice for a value 1 to 6.")
    for player, rolled in zip(state.players, dice, strict=True):
        player.dice = list(rolled)
        note(state, "dice_rolled", player.seat, dice=list(rolled))
    state.start_player = lowest_roller(state)
    note(state, "start_player", state.start_player)
    event = EVENTS.get(state.current_event or "")
    if event and event.in_dice_phase:
        previous, state.cause = state.cause, ("event", event.id)
        event.resolve(state)
        state.cause = previous


def lowest_roller(state: State) -> int:
    """Lowest total starts; a tie goes to the tied seat nearest clockwise from the last start.

    Rulebook, phase C step 1: "the tied player closest to whoever was the Start Player in the
    previous round, going clockwise". Counting starts at the seat after the previous start
    player, who is considered last (docs/rules-notes.md, section 1): a tie moves the start on.
    """
    lowest = min(sum(p.dice) for p in state.players)
    previous = state.start_player or 0
    for seat in state.seats_from(previous + 1):
        if sum(state.players[seat].dice) == lowest:
            return seat
    raise AssertionError("some seat has the lowest total")


@step("assign")
def assign(state: State) -> None:
    for player in state.players:
        player.queue("assign_die", die=0)


def default_order(options: list[Option]) -> list[Option]:
    """The free tiles, highest first (the most action for no citizens), then the tiles that
    cost citizens, cheapest first."""
    free = [o for o in options if o.data["cost"] == 0]
    paid = sorted((o for o in options if o.data["cost"]), key=lambda o: o.data["cost"])
    return [*reversed(free), *paid]


@handler
class AssignDie(TaskHandler):
    kind = "assign_die"
    secret = True
    default_on_read = "no_warning"

    def text(self, state: State, seat: int, task: Task) -> Label:
        player = state.players[seat]
        return _assign_text(tuple(player.dice), player.dice[task.data["die"]])

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        player = state.players[seat]
        return list(_tile_options(player.dice[task.data["die"]], tuple(player.assignment)))

    def default(self, options: Sequence[Option]) -> str:
        free = [o for o in options if o.data["cost"] == 0]
        return (free[-1] if free else options[0]).id

    def default_order(self, options: list[Option]) -> list[Option]:
        """Read "no_warning": the first tile in this order whose preview warns of nothing."""
        return default_order(options)

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        player = state.players[seat]
        player.assignment = [*player.assignment, option.data["tile"]]
        note(state, "tile_assigned", seat, secret=True, tile=option.data["tile"])
        next_die = task.data["die"] + 1
        if next_die < len(player.dice):
            player.queue("assign_die", die=next_die)


@functools.cache
def _assign_text(dice: tuple[int, ...], value: int) -> Text:
    """The question for a die; cached, as the same few rolls come back all game."""
    return Text("prompt.assign_die", shown=", ".join(str(d) for d in dice), value=value)


@functools.cache
def _tile_options(value: int, assigned: tuple[int, ...]) -> tuple[Option, ...]:
    """The tiles left for a die; cached, as every round asks the same few questions."""
    options = []
    for tile in range(7):
        if tile in assigned:
            continue
        shortfall = max(0, tile - value)
        if shortfall:
            label = Text("option.tile.cost", tile=tile, shortfall=shortfall)
        else:
            label = Text("option.tile.free", tile=tile)
        options.append(Option(f"tile:{tile}", label, {"tile": tile, "cost": shortfall}))
    return tuple(options)


@step("reveal")
def reveal(state: State) -> None:
    state.assignments_revealed = True
    for player in state.players:
        player.active_tiles = sorted(player.assignment)
        note(state, "tiles_revealed", player.seat, tiles=list(player.assignment))
        player.unpaid = sorted(
            tile for tile, die in zip(player.assignment, player.dice, strict=True) if die < tile
        )
        _ask_adjustment(state, player.seat)


def _ask_adjustment(state: State, seat: int) -> None:
    """Ask the seat to pay for its tiles, unless no answer could change anything.

    A tile must be paid if it can be; with no philosophy token to turn into citizens, the only
    choice left is which tile to pay first. When every order pays the same tiles (none can be
    paid, or all can), the question has one outcome: the tiles are paid or set aside unasked.
    """
    player = state.players[seat]
    if not player.philosophy and player.unpaid:
        outcomes = {_paid_in_order(state, seat, order) for order in permutations(player.unpaid)}
        if len(outcomes) == 1:
            paid = outcomes.pop()
            for tile in player.unpaid:
                if tile in paid:
                    _pay_for_tile(state, seat, tile)
                else:
                    _set_tile_aside(state, seat, tile)
            player.unpaid = []
    if player.unpaid or player.philosophy:
        player.queue("adjust_citizens")


def _pay_for_tile(state: State, seat: int, tile: int) -> None:
    previous, state.cause = state.cause, ("tile", tile)
    pay(state, seat, citizens=-_shortfall(state, seat, tile))
    state.cause = previous


def _set_tile_aside(state: State, seat: int, tile: int) -> None:
    player = state.players[seat]
    player.set_aside = [*player.set_aside, tile]
    player.active_tiles = without(player.active_tiles, tile)
    note(state, "tile_set_aside", seat, tile=tile)


def _paid_in_order(state: State, seat: int, order: tuple[int, ...]) -> frozenset[int]:
    citizens = state.players[seat].citizens
    paid = set()
    for tile in order:
        if _shortfall(state, seat, tile) <= citizens:
            citizens -= _shortfall(state, seat, tile)
            paid.add(tile)
    return frozenset(paid)


def _shortfall(state: State, seat: int, tile: int) -> int:
    player = state.players[seat]
    die = player.dice[player.assignment.index(tile)]
    return tile - die


@handler
class AdjustCitizens(TaskHandler):
    kind = "adjust_citizens"

    def text(self, state: State, seat: int, task: Task) -> Label:
        player = state.players[seat]
        if player.unpaid:
            owed = [
                Text("owed", tile=t, shortfall=_shortfall(state, seat, t)) for t in player.unpaid
            ]
            return Text("prompt.adjust_citizens.pay", citizens=player.citizens, owed=owed)
        return Text("prompt.adjust_citizens.philosophy", citizens=player.citizens)

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        player = state.players[seat]
        options = []
        for tile in player.unpaid:
            shortfall = _shortfall(state, seat, tile)
            if player.citizens >= shortfall:
                options.append(
                    Option(
                        f"pay:{tile}",
                        Text("option.pay_tile", shortfall=shortfall, tile=tile),
                        {"tile": tile, "citizens": -shortfall},
                    )
                )
            else:
                options.append(
                    Option(
                        f"aside:{tile}",
                        Text("option.set_aside", tile=tile, shortfall=shortfall),
                        {"tile": tile},
                    )
                )
        if player.philosophy:
            options.append(
                Option(
                    "philosophy",
                    Text(
                        "option.philosophy_citizens",
                        citizens=rulings.PHILOSOPHY_CITIZENS,
                        have=player.philosophy,
                    ),
                    {"philosophy": -1, "citizens": rulings.PHILOSOPHY_CITIZENS},
                )
            )
        if not player.unpaid:
            options.append(Option("done", Text("option.done"), {}))
        return options

    def default(self, options: Sequence[Option]) -> str:
        for option in options:
            if option.id.startswith(("pay:", "aside:")):
                return option.id
        return "done"

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        player = state.players[seat]
        if option.id == "done":
            return
        if option.id == "philosophy":
            pay(state, seat, philosophy=-1)
            gain(state, seat, citizens=rulings.PHILOSOPHY_CITIZENS)
        else:
            tile = option.data["tile"]
            player.unpaid = without(player.unpaid, tile)
            if option.id.startswith("pay:"):
                _pay_for_tile(state, seat, tile)
            else:
                _set_tile_aside(state, seat, tile)
        _ask_adjustment(state, seat)
