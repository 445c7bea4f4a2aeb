"""Phase D, the Development tile: unlocking a city's next development, and the rewards some
developments ask the seat to choose."""

from __future__ import annotations

from engine.core import Option
from engine.khora import abilities
from engine.khora.catalog import Text
from engine.khora.content import rulings
from engine.khora.content.cities import CITIES
from engine.khora.content.helpers import ask
from engine.khora.content.tracks import PROGRESS_TRACKS
from engine.khora.effects import advance_track, gain
from engine.khora.journal import note
from engine.khora.phases.politics import pay_costs, requirement_option, unmet_requirements
from engine.khora.state import State
from engine.khora.tasks import TaskHandler, handler


def unlock_development(state: State, seat: int) -> None:
    player = state.players[seat]
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

    def text(self, state, seat, task):
        return Text("prompt.develop", city=state.players[seat].city)

    def unavailable(self, state, seat, task):
        player = state.players[seat]
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

    def options(self, state, seat, task):
        player = state.players[seat]
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

    def resolve(self, state, seat, task, option):
        if option.id == "skip":
            return
        pay_costs(state, seat, option)
        unlock_development(state, seat)
        abilities.trigger(state, seat, "development_action")


@handler
class ArgosReward(TaskHandler):
    kind = "argos_reward"
    REWARDS = (("troops", 2), ("drachma", 3), ("vp", 4), ("citizens", 5))

    def text(self, state, seat, task):
        return Text("prompt.argos_reward")

    def options(self, state, seat, task):
        return [
            Option(f"{res}:{n}", Text(f"option.gain.{res}", n=n), {res: n})
            for res, n in self.REWARDS
        ]

    def default(self, state, seat, task, options):
        return options[0].id

    def resolve(self, state, seat, task, option):
        gain(state, seat, **option.data)


@handler
class FreeAdvance(TaskHandler):
    """Miletus 2: move up one level on each of two different tracks, for free."""

    kind = "free_advance"

    def text(self, state, seat, task):
        return Text("prompt.free_advance", remaining=task.data["remaining"])

    def options(self, state, seat, task):
        player = state.players[seat]
        options = [
            Option(f"track:{t}", Text("option.move_up_one", track=t), {"track": t})
            for t in PROGRESS_TRACKS
            if t not in task.data["used"] and getattr(player, t) < rulings.PROGRESS_MAX
        ]
        return [*options, Option("skip", Text("option.stop"), {})]

    def default(self, state, seat, task, options):
        return options[0].id

    def resolve(self, state, seat, task, option):
        if option.id == "skip":
            return
        track = option.data["track"]
        advance_track(state, seat, track, 1)
        if task.data["remaining"] > 1:
            used = (*task.data["used"], track)
            if not rulings.MILETUS_FREE_ADVANCES_DIFFERENT_TRACKS:
                used = ()
            ask(state, seat, "free_advance", remaining=task.data["remaining"] - 1, used=used)
