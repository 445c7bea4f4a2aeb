"""Phase D, the Development tile: unlocking a city's next development, and the rewards some
developments ask the seat to choose."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Label, Option
from engine.khora import abilities
from engine.khora.catalog import Text
from engine.khora.content import rulings
from engine.khora.content.cities import CITIES
from engine.khora.content.helpers import ask
from engine.khora.content.tracks import PROGRESS_TRACKS
from engine.khora.effects import advance_track, gain
from engine.khora.journal import note
from engine.khora.phases.politics import pay_costs, requirement_option, unmet_requirements
from engine.khora.seat_tasks import TaskHandler, Unavailable, UndominatedDefault, handler
from engine.khora.state import State, Task


def unlock_development(state: State, seat: int) -> None:
    player = state.players[seat]
    assert player.city is not None  # chosen at setup, before any development
    player.development += 1
    note(state, "development", seat, city=player.city, level=player.development)
    development = CITIES[player.city].developments[player.development - 1]
    if development.on_unlock:
        previous, state.cause = state.cause, ("development", player.city, development.level)
        development.on_unlock(state, seat)
        state.cause = previous


@handler
class Develop(TaskHandler):
    kind = "develop"

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.develop", city=state.players[seat].city)

    def unavailable(self, state: State, seat: int, task: Task) -> Sequence[Unavailable]:
        player = state.players[seat]
        assert player.city is not None  # chosen at setup, before any development
        if player.development >= len(CITIES[player.city].developments):
            return []
        development = CITIES[player.city].developments[player.development]
        reasons = unmet_requirements(state, seat, development.needs, development.cost)
        if not reasons:
            return []
        label = Text(
            "option.unlock",
            level=development.level,
            development=(player.city, development.level),
            paid="",
        )
        return [("unlock", label, reasons)]

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        player = state.players[seat]
        assert player.city is not None  # chosen at setup, before any development
        options = [Option("skip", Text("option.unlock_nothing"), {})]
        if player.development < len(CITIES[player.city].developments):
            development = CITIES[player.city].developments[player.development]
            option = requirement_option(
                state,
                seat,
                development.needs,
                development.cost,
                "unlock",
                (
                    "option.unlock",
                    {"level": development.level, "development": (player.city, development.level)},
                ),
                {"level": development.level},
            )
            if option:
                options.append(option)
        return options

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        if option.id == "skip":
            if state.journal is not None:
                _note_did_nothing(state, seat, task)
            return
        pay_costs(state, seat, option)
        unlock_development(state, seat)
        abilities.trigger(state, seat, "development_action")


def _note_did_nothing(state: State, seat: int, task: Task) -> None:
    """The history says why a Development action unlocked nothing when it could not (a
    choice not to unlock is the seat's own and says nothing). Only public facts: tokens,
    drachmas, philosophy tokens and the ladder."""
    handler = Develop()
    if any(option.id == "unlock" for option in handler.options(state, seat, task)):
        return
    player = state.players[seat]
    assert player.city is not None  # chosen at setup, before any development
    ladder = CITIES[player.city].developments
    tile = state.cause[1] if state.cause and state.cause[0] == "action" else 6
    if player.development >= len(ladder):
        note(
            state,
            "action_did_nothing",
            seat,
            tile=tile,
            reason="no_development_left",
            city=player.city,
        )
        return
    level = ladder[player.development]
    missing = {
        colour: need - player.token_count(colour)
        for colour, need in zip(("red", "blue", "green"), level.needs, strict=True)
        if need > player.token_count(colour)
    }
    note(
        state,
        "action_did_nothing",
        seat,
        tile=tile,
        reason="development_unusable",
        city=player.city,
        level=level.level,
        missing=missing,
        cost=level.cost,
        drachma=player.drachma,
    )


@handler
class ArgosReward(UndominatedDefault):
    kind = "argos_reward"
    REWARDS = (("troops", 2), ("drachma", 3), ("vp", 4), ("citizens", 5))

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.argos_reward")

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        return [
            Option(f"{res}:{n}", Text(f"option.gain.{res}", n=n), {res: n})
            for res, n in self.REWARDS
        ]

    def default(self, options: Sequence[Option]) -> str:
        return options[0].id

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        gain(state, seat, **option.data)


@handler
class FreeAdvance(UndominatedDefault):
    """Miletus 2: move up one level on each of two different tracks, for free."""

    kind = "free_advance"

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.free_advance", remaining=task.data["remaining"])

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        player = state.players[seat]
        options = [
            Option(f"track:{t}", Text("option.move_up_one", track=t), {"track": t})
            for t in PROGRESS_TRACKS
            if t not in task.data["used"] and getattr(player, t) < rulings.PROGRESS_MAX
        ]
        return [*options, Option("skip", Text("option.stop"), {})]

    def default(self, options: Sequence[Option]) -> str:
        return options[0].id

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        if option.id == "skip":
            return
        track = option.data["track"]
        advance_track(state, seat, track, 1)
        if task.data["remaining"] > 1:
            used = (*task.data["used"], track)
            if not rulings.MILETUS_FREE_ADVANCES_DIFFERENT_TRACKS:
                used = ()
            ask(state, seat, "free_advance", remaining=task.data["remaining"] - 1, used=used)
