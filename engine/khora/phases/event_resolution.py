"""Phase F: the event card announced in phase A takes effect."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Label, Option
from engine.khora.catalog import Text
from engine.khora.content.events import EVENTS
from engine.khora.content.helpers import ask
from engine.khora.effects import gain, remove_token
from engine.khora.flow import step
from engine.khora.journal import note
from engine.khora.phases.action_order import MILITARY
from engine.khora.seat_tasks import TaskHandler, handler
from engine.khora.state import State, Task


@step("resolve_event")
def resolve_event(state: State) -> None:
    state.phase = "event_resolution"
    assert state.current_event is not None  # revealed at the round's start
    event = EVENTS[state.current_event]
    if not event.in_dice_phase:
        note(state, "event_resolves", event=event.id)
        state.cause = ("event", event.id)
        event.resolve(state)


@handler
class GiveUpToken(TaskHandler):
    """Oracle of Delphi: give up one knowledge token, gain 2 philosophy tokens."""

    kind = "give_up_token"

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.give_up_token")

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        tokens = state.players[seat].tokens
        return [
            Option(
                f"token:{key}",
                Text("option.give_up", tier=key.split("_")[1], colour=key.split("_")[0]),
                {"token": key},
            )
            for key in sorted(tokens)
            if tokens[key] > 0
        ]

    def default(self, options: Sequence[Option]) -> str:
        minors = [o for o in options if o.data["token"].endswith("minor")]
        return (minors or options)[0].id

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        remove_token(state, seat, option.data["token"])
        gain(state, seat, philosophy=2)


@handler
class ExtraAction(TaskHandler):
    """Conquest of the Persians: one extra action other than Military, without a die."""

    kind = "extra_action"

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.extra_action")

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        return [Option("skip", Text("option.no_extra_action"), {})] + [
            Option(f"tile:{tile}", Text("option.extra_action", tile=tile), {"tile": tile})
            for tile in range(7)
            if tile != MILITARY
        ]

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        # Resolved in the rulebook's action order, like the Action phase's tiles: it waits
        # for another seat's extra action only where the two could affect each other.
        if option.id != "skip":
            ask(state, seat, "take_action", tile=option.data["tile"])
