"""Phase F: the event card announced in phase A takes effect."""

from __future__ import annotations

from engine.core import Option
from engine.khora.content.events import EVENTS
from engine.khora.content.helpers import ask
from engine.khora.effects import gain
from engine.khora.flow import step
from engine.khora.phases.actions import MILITARY
from engine.khora.phases.dice import tile_name
from engine.khora.state import State
from engine.khora.tasks import TaskHandler, handler


@step("resolve_event")
def resolve_event(state: State) -> None:
    state.phase = "event_resolution"
    event = EVENTS[state.current_event]
    if not event.in_dice_phase:
        event.resolve(state)


@handler
class GiveUpToken(TaskHandler):
    """Oracle of Delphi: give up one knowledge token, gain 2 philosophy tokens."""

    kind = "give_up_token"

    def text(self, state, seat, task):
        return "Oracle of Delphi: which knowledge token do you give up for 2 philosophy tokens?"

    def options(self, state, seat, task):
        tokens = state.players[seat].tokens
        return [
            Option(
                f"token:{key}",
                f"Give up a {key.split('_')[1]} {key.split('_')[0]} knowledge token",
                {"token": key},
            )
            for key in sorted(tokens)
            if tokens[key] > 0
        ]

    def default(self, state, seat, task, options):
        minors = [o for o in options if o.data["token"].endswith("minor")]
        return (minors or options)[0].id

    def resolve(self, state, seat, task, option):
        state.players[seat].tokens[option.data["token"]] -= 1
        state.tokens_from_reserve -= 1
        gain(state, seat, philosophy=2)


@handler
class ExtraAction(TaskHandler):
    """Conquest of the Persians: one extra action other than Military, without a die."""

    kind = "extra_action"

    def text(self, state, seat, task):
        return "Conquest of the Persians: take one extra action (not Military)?"

    def options(self, state, seat, task):
        return [Option("skip", "Take no extra action", {})] + [
            Option(f"tile:{tile}", f"Take the {tile_name(tile)} action", {"tile": tile})
            for tile in range(7)
            if tile != MILITARY
        ]

    def resolve(self, state, seat, task, option):
        # Resolved in the rulebook's action order, like the Action phase's tiles: it waits
        # for another seat's extra action only where the two could affect each other.
        if option.id != "skip":
            ask(state, seat, "take_action", tile=option.data["tile"])
