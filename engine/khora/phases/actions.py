"""Phase D: the seven actions, each seat's in tile order.

The rulebook resolves tile 0 for everyone, then tile 1, and so on (Military in turn order),
and lets players act at once "to save time". A seat runs through its own tiles and waits for
another seat's earlier tile only when the two could affect each other: `action_order` derives
that from what each tile can touch (the exploration board, the politics deck once its unseen
cards may run out, the military levels Rivalry compares). This saves a slow game many waits,
and their emails, with the result of the rulebook's order.

The questions of the Politics and Development tiles are in politics.py and development.py.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from engine.core import Label, Option
from engine.khora import abilities
from engine.khora.catalog import Text
from engine.khora.content import rulings
from engine.khora.content.exploration import SPACES
from engine.khora.content.helpers import ask
from engine.khora.effects import (
    add_token,
    cap_action_excess,
    draw_cards,
    gain,
    pay,
)
from engine.khora.flow import step
from engine.khora.journal import note
from engine.khora.phases import action_order
from engine.khora.phases.action_order import MILITARY
from engine.khora.phases.dice import ACTION_NAMES
from engine.khora.seat_tasks import TaskHandler, Unavailable, UndominatedDefault, handler
from engine.khora.state import State, Task, without
from engine.khora.traps import best_free_space

ACTION_IDS = {name.lower(): tile for tile, name in ACTION_NAMES.items()}


@step("actions")
def actions_step(state: State) -> None:
    state.phase = "actions"
    for player in state.players:
        player.tiles_done = []
        for tile in player.active_tiles:
            ask(state, player.seat, "take_action", tile=tile)


@step("end_actions")
def end_actions(state: State) -> None:
    cap_action_excess(state)


@handler
class TakeAction(TaskHandler):
    """A seat's next action tile, taken when no earlier tile it could affect is still to come."""

    kind = "take_action"
    automatic = True

    def ready(self, state: State, seat: int, task: Task) -> bool:
        return action_order.may_start(state, seat, task.data["tile"])

    def run(self, state: State, seat: int, task: Task) -> None:
        # Runs with the seat's agenda set aside (seat_tasks.run_head): what is on it afterwards
        # are this tile's own questions; with none, the tile is done at once.
        start_action(state, seat, task.data["tile"])
        if state.players[seat].agenda:
            ask(state, seat, "finish_action", tile=task.data["tile"])
        else:
            _done(state, seat, task.data["tile"])


@handler
class FinishAction(TaskHandler):
    """Marks a tile done once every question it raised is answered."""

    kind = "finish_action"
    automatic = True

    def run(self, state: State, seat: int, task: Task) -> None:
        _done(state, seat, task.data["tile"])


def _done(state: State, seat: int, tile: int) -> None:
    if state.phase == "actions":  # an extra action (Conquest of the Persians) has no tile
        state.players[seat].tiles_done = [*state.players[seat].tiles_done, tile]


def start_action(state: State, seat: int, tile: int) -> None:
    """Resolve one action tile for a seat: its automatic gains, then its questions."""
    player = state.players[seat]
    excess = state.phase == "actions"
    note(state, "action", seat, tile=tile)
    if tile == 0:
        gain(state, seat, philosophy=rulings.PHILOSOPHY_ACTION_TOKENS)
        abilities.trigger(state, seat, "philosophy_action")
    elif tile == 1:
        gain(state, seat, citizens=rulings.LEGISLATION_CITIZENS, excess=excess)
        abilities.trigger(state, seat, "legislation_action")
        draw_cards(state, seat, rulings.LEGISLATION_DRAW, purpose="legislation")
    elif tile == 2:
        gain(state, seat, vp=player.culture)
        abilities.trigger(state, seat, "culture_action")
    elif tile == 3:
        gain(state, seat, drachma=player.economy + rulings.TRADE_DRACHMAS_OVER_ECONOMY)
        abilities.trigger(state, seat, "trade_action")
        ask(state, seat, "buy_token")
    elif tile == MILITARY:
        gain(state, seat, troops=player.military, excess=excess)
        abilities.trigger(state, seat, "military_action")
        explorations = rulings.MILITARY_EXPLORATIONS + abilities.modifier(
            state, seat, "extra_explorations"
        )
        ask(state, seat, "explore", remaining=explorations)
    elif tile == 5:
        ask(state, seat, "play_politics", source="action")
    elif tile == 6:
        ask(state, seat, "develop")
    else:
        raise ValueError(f"no action tile {tile}")


@handler
class PerformAction(TaskHandler):
    """An action granted by a development (Olympia 4, Sparta 3), resolved in its turn."""

    kind = "perform_action"
    automatic = True

    def run(self, state: State, seat: int, task: Task) -> None:
        start_action(state, seat, ACTION_IDS[task.data["action"]])


# --- Trade ------------------------------------------------------------------------------


@handler
class BuyToken(TaskHandler):
    kind = "buy_token"

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.buy_token", price=abilities.minor_token_price(state, seat))

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        price = abilities.minor_token_price(state, seat)
        options = [Option("skip", Text("option.buy_nothing"), {})]
        if state.players[seat].drachma >= price:
            options += [
                Option(
                    f"buy:{colour}",
                    Text("option.buy_token", colour=colour, price=price),
                    {"colour": colour, "drachma": -price},
                )
                for colour in ("red", "blue", "green")
            ]
        return options

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        if option.id == "skip":
            return
        pay(state, seat, drachma=option.data["drachma"])
        add_token(state, seat, option.data["colour"], "minor")
        state.tokens_from_reserve += 1


@handler
class TakeMinorToken(TaskHandler):
    """Scholarly Welcome: a free minor token of the seat's chosen colour."""

    kind = "take_minor_token"

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.take_minor_token")

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        return [
            Option(f"colour:{c}", Text("option.minor_token", colour=c), {"colour": c})
            for c in ("red", "blue", "green")
        ]

    def default(self, options: Sequence[Option]) -> str:
        return options[0].id

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        add_token(state, seat, option.data["colour"], "minor")
        state.tokens_from_reserve += 1


# --- Military ---------------------------------------------------------------------------


@functools.cache
def _explore_option(space_id: str, lost: int) -> Option:
    """One space to explore; kept, as the same few (space, loss) pairs come back all game."""
    return Option(
        f"space:{space_id}",
        Text("option.explore", offer=space_id, lost=lost),
        {"space": space_id, "troops": -lost},
    )


@handler
class Explore(UndominatedDefault):
    kind = "explore"
    changes_other_seats = True

    def default(self, options: Sequence[Option]) -> str:
        """A space that costs no troops is a free gain: the best one, else no exploration."""
        free = best_free_space(options)
        return free.id if free else "skip"

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.explore", troops=state.players[seat].troops)

    def unavailable(self, state: State, seat: int, task: Task) -> Sequence[Unavailable]:
        troops = state.players[seat].troops
        left_out = []
        for space_id in state.exploration:
            space = SPACES[space_id]
            if troops < space.troops_required:
                lost = abilities.explore_loss(state, seat, space.troops_lost)
                label = Text("option.explore", offer=space_id, lost=lost)
                why = Text("why.troops", n=space.troops_required, have=troops)
                left_out.append((f"space:{space_id}", label, [why]))
        return left_out

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        troops = state.players[seat].troops
        extra_loss = abilities.modifier(state, seat, "explore_loss")  # as explore_loss adds
        options = [Option("skip", Text("option.no_explore"), {})]
        for space_id in state.exploration:
            space = SPACES[space_id]
            if troops >= space.troops_required:
                options.append(_explore_option(space_id, max(0, space.troops_lost + extra_loss)))
        return options

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        if option.id == "skip":
            return
        space = SPACES[option.data["space"]]
        note(state, "explored", seat, space=space.id)
        previous, state.cause = state.cause, ("space", space.id)
        pay(state, seat, troops=option.data["troops"])
        state.exploration = without(state.exploration, space.id)
        for colour, tier in space.given:
            add_token(state, seat, colour, tier)
        gain(state, seat, drachma=space.drachma, vp=space.vp)
        state.cause = previous
        if space.id == "persepolis":
            state.persepolis_explored = True
        if task.data["remaining"] > 1:
            ask(state, seat, "explore", remaining=task.data["remaining"] - 1)
