"""One game between bots: the loop the tournament harness and the tests share."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import engine
from bots.budget import Budget
from bots.knowledge import SeatKnowledge
from bots.levels import decide

if TYPE_CHECKING:
    from engine.khora.game import KhoraGame

_game = cast("KhoraGame", engine.get_game("khora"))  # engine.get_game is typed Game


@dataclass
class MatchResult:
    levels: list[str]  # per seat
    totals: list[int]
    winners: list[int]  # the seats sharing first place
    decision_seconds: dict[str, list[float]] = field(default_factory=dict)  # per level

    def share(self, seat: int) -> float:
        """The seat's share of the win: 1, 1/k for a k-way tie, or 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def margin(self, seat: int) -> int:
        """The seat's total minus the best other seat's."""
        others = [t for s, t in enumerate(self.totals) if s != seat]
        return self.totals[seat] - max(others)


def play_match(
    levels: list[str],
    seed: int,
    budget: Budget | float = 1.0,
    clock: Callable[[], float] = time.perf_counter,
) -> MatchResult:
    """Play one game, seat i played by `levels[i]`; chance and the bots' own choices come from
    generators seeded by `seed`, so a match is repeatable (bar `strong`'s clock)."""
    chance = random.Random(f"chance-{seed}")
    minds = [random.Random(f"bot-{seed}-{seat}") for seat in range(len(levels))]
    state = _game.new_game(len(levels))
    seen: list[list[dict[str, Any]]] = [[] for _ in levels]
    timings: dict[str, list[float]] = {level: [] for level in levels}
    while not _game.is_over(state):
        if _game.needs_chance(state):
            event = _game.sample_chance(state, chance)
        else:
            seat, prompt = min(_game.pending(state).items())
            knowledge = SeatKnowledge(state, seat, seen[seat])
            started = clock()
            option = decide(levels[seat], knowledge, prompt, budget, minds[seat])
            if len(prompt.options) > 1:
                timings[levels[seat]].append(clock() - started)
            event = _game.decide(state, seat, prompt.id, option)
        state = _game.apply(state, event)
        for viewer in range(len(levels)):
            seen[viewer].append(_game.redact(event, viewer))
    scores = _game.scores(state)
    return MatchResult(
        levels=list(levels),
        totals=list(scores["totals"]),
        winners=list(scores["ranking"][0]["seats"]),
        decision_seconds=timings,
    )
