"""Phase G: achievements, each won at most once (by everyone who meets it in the same phase)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core import Label, Option
from engine.khora.catalog import Text
from engine.khora.content import rulings
from engine.khora.content.helpers import ask
from engine.khora.effects import gain
from engine.khora.flow import step
from engine.khora.journal import note
from engine.khora.seat_tasks import UndominatedDefault, handler
from engine.khora.state import Player, State, Task

_T = rulings.ACHIEVEMENT_THRESHOLDS

# id -> (what it asks, in English; whether a player meets it)
ACHIEVEMENTS: dict[str, tuple[str, Callable[[Player], bool]]] = {
    "victory_points": (f"{_T['victory_points']} VP", lambda p: p.vp >= _T["victory_points"]),
    "citizens": (f"{_T['citizens']} citizens", lambda p: p.citizens >= _T["citizens"]),
    "troops": (f"{_T['troops']} troops", lambda p: p.troops >= _T["troops"]),
    "economy": (f"economy level {_T['economy']}", lambda p: p.economy >= _T["economy"]),
    "politics": (
        f"{_T['politics']} politics cards in play",
        lambda p: len(p.played) >= _T["politics"],
    ),
}


def achieved(player: Player, achievement: str) -> bool:
    return ACHIEVEMENTS[achievement][1](player)


@step("achievements")
def achievements(state: State) -> None:
    state.phase = "achievements"
    for achievement in ACHIEVEMENTS:
        if achievement in state.achievements_claimed:
            continue
        winners = [p.seat for p in state.players if achieved(p, achievement)]
        if not winners:
            continue
        state.achievements_claimed = {**state.achievements_claimed, achievement: winners}
        state.cause = ("achievement", achievement)
        for seat in winners:
            state.players[seat].achievements = [*state.players[seat].achievements, achievement]
            note(state, "achievement", seat, achievement=achievement, shared=len(winners) > 1)
            if len(winners) == 1:
                ask(state, seat, "achievement_reward", achievement=achievement)
            else:
                gain(state, seat, glory=1)
        state.cause = ("step", "achievements")


@handler
class AchievementReward(UndominatedDefault):
    kind = "achievement_reward"

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.achievement_reward", achievement=task.data["achievement"])

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        return [
            Option("tax", Text("option.reward.tax"), {"tax": 1}),
            Option("glory", Text("option.reward.glory"), {"glory": 1}),
        ]

    def default(self, options: Sequence[Option]) -> str:
        return "glory"

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        gain(state, seat, **option.data)
