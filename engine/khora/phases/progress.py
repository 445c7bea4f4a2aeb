"""Phase E: each player may pay to move up one progress track (more with cards or philosophy)."""

from __future__ import annotations

from engine.core import Option
from engine.khora import abilities
from engine.khora.content.events import EVENTS
from engine.khora.content.helpers import ask
from engine.khora.content.tracks import PROGRESS_TRACKS, TRACK_NAMES
from engine.khora.effects import advance_track, pay
from engine.khora.flow import step
from engine.khora.state import State
from engine.khora.tasks import TaskHandler, handler


@step("progress")
def progress(state: State) -> None:
    state.phase = "progress"
    for player in state.players:
        player.advanced_this_progress = 0
        levels = 1 + abilities.modifier(state, player.seat, "progress_extra_levels")
        ask(state, player.seat, "progress", levels=levels)


@step("end_progress")
def end_progress(state: State) -> None:
    for player in state.players:
        abilities.trigger(state, player.seat, "progress_end")


def _advance_option(state, seat, track, discount, option_id, label_prefix, data) -> Option | None:
    price = abilities.progress_price(state, seat, track, discount)
    if price is None or state.players[seat].drachma < price:
        return None
    level = getattr(state.players[seat], track) + 1
    label = f"{label_prefix}{TRACK_NAMES[track]} to level {level} for {price} drachmas"
    return Option(option_id, label, {"track": track, "drachma": -price, **data})


def _pay_and_advance(state: State, seat: int, option: Option) -> None:
    pay(state, seat, drachma=option.data["drachma"], philosophy=option.data.get("philosophy", 0))
    advance_track(state, seat, option.data["track"], 1)


@handler
class Progress(TaskHandler):
    kind = "progress"

    def text(self, state, seat, task):
        player = state.players[seat]
        levels = task.data["levels"]
        if levels:
            return (
                f"Progress: you have {player.drachma} drachmas. Move up a track "
                f"({levels} level{'s' if levels > 1 else ''} left this phase)?"
            )
        return (
            f"Progress: you have {player.drachma} drachmas and {player.philosophy} philosophy "
            "tokens. Spend a token to move up one more level?"
        )

    def options(self, state, seat, task):
        with_token = task.data["levels"] == 0
        if with_token and not state.players[seat].philosophy:
            return [Option("done", "Done", {})]
        options = []
        for track in PROGRESS_TRACKS:
            option = _advance_option(
                state,
                seat,
                track,
                0,
                f"{'philosophy' if with_token else 'advance'}:{track}",
                "Spend 1 philosophy token and move " if with_token else "Move ",
                {"philosophy": -1} if with_token else {},
            )
            if option:
                options.append(option)
        return [*options, Option("done", "Done", {})]

    def resolve(self, state, seat, task, option):
        if option.id == "done":
            return
        _pay_and_advance(state, seat, option)
        state.players[seat].advanced_this_progress += 1
        ask(state, seat, "progress", levels=max(0, task.data["levels"] - 1))


@handler
class EventProgress(TaskHandler):
    """The Rise of Persia and Military Victory: one optional level, 2 drachmas cheaper."""

    kind = "event_progress"

    def text(self, state, seat, task):
        event = EVENTS[state.current_event].name if state.current_event else "Event"
        return (
            f"{event}: you may move up 1 level, paying {task.data['discount']} drachmas less "
            f"(you have {state.players[seat].drachma})."
        )

    def options(self, state, seat, task):
        options = [Option("skip", "Do not move up", {})]
        for track in task.data["tracks"]:
            option = _advance_option(
                state, seat, track, task.data["discount"], f"advance:{track}", "Move ", {}
            )
            if option:
                options.append(option)
        return options

    def resolve(self, state, seat, task, option):
        if option.id != "skip":
            _pay_and_advance(state, seat, option)
