"""The `strong` level: determinized Monte Carlo search under a budget of work (bots.budget).

Each iteration samples a state the seat cannot tell from the real one (engine sampler), picks
one of its options by UCB1 over all the samples so far (information-set search at the root:
the statistics belong to the option, not to one sample), and plays the sample on with the
`standard` player for every seat and chance drawn by the bot's generator, to the end of the
game or for a bounded number of decisions, then scores the outcome: 1 for a win over every
rival, less for a smaller lead, from the position's worth (bots.worth).

Given a count of playouts and a seeded generator, it is deterministic: the clocks only stop it
at the wall-clock ceiling (or at a CPU budget, when it is given one).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import engine
from bots.budget import Answer, Budget
from bots.standard import choose
from bots.worth import margin
from engine.core import Event, Prompt
from engine.khora.state import State

if TYPE_CHECKING:
    from random import Random

    from bots.knowledge import SeatKnowledge
    from engine.khora.game import KhoraGame

_game: KhoraGame = engine.get_game("khora")
Clock = Callable[[], float]  # seconds, as time.perf_counter
PLAYOUT_DECISIONS = 60  # decisions played out before the position is judged
EXPLORATION = 0.7
# The `standard` answer's head start in the search: a bonus that fades as it is visited
# (a prior, as in PUCT). With about 60 playouts a second spread over several options, the
# playouts alone are noisy; the bonus makes the search leave the standard answer only for
# one that keeps doing better.
PRIOR_BONUS = 0.3


class StrongBot:
    level = "strong"
    # It thinks for its whole budget: the server asks it outside the game's lock.
    slow = True

    def __init__(self, clock: Clock = time.perf_counter, cpu_clock: Clock = time.thread_time):
        self.clock = clock  # the wall clock, for the ceiling
        self.cpu_clock = cpu_clock  # this thread's CPU time, for a CPU budget

    def decide(
        self, knowledge: SeatKnowledge, prompt: Prompt, budget: Budget | float, rng: Random
    ) -> str:
        return self.search(knowledge, prompt, budget, rng).option

    def search(
        self, knowledge: SeatKnowledge, prompt: Prompt, budget: Budget | float, rng: Random
    ) -> Answer:
        """The chosen option and the number of playouts behind it."""
        options = prompt.options
        if len(options) == 1:
            return Answer(options[0].id, 0)
        limits = Budget.of(budget)
        clock = self.clock
        # Stop starting playouts at 90 % of the ceiling; a playout under way stops at the
        # ceiling itself, so a decision overruns it by one playout step at most.
        started = clock()
        cpu_started = self.cpu_clock()
        soft = started + limits.ceiling * 0.9
        hard = started + limits.ceiling
        seat = knowledge.seat
        standard = choose(knowledge.sample(rng), seat, prompt)
        bonus = [PRIOR_BONUS if option.id == standard else 0.0 for option in options]
        visits = [0] * len(options)
        totals = [0.0] * len(options)
        iterations = 0
        while clock() < soft and limits.more(iterations, self.cpu_clock() - cpu_started):
            iterations += 1
            if iterations <= len(options):
                pick = iterations - 1
            else:
                log_n = math.log(iterations)
                pick = max(
                    range(len(options)),
                    key=lambda i: (
                        totals[i] / visits[i]
                        + EXPLORATION * math.sqrt(log_n / visits[i])
                        + bonus[i] / visits[i]
                    ),
                )
            sample = knowledge.sample(rng)
            event = Event(
                "decision",
                {"prompt": prompt.id, "kind": prompt.kind, "option": options[pick].id},
                seat=seat,
            )
            # The sample is this playout's own: it is changed in place all the way.
            reward = _playout(_game.advance(sample, event), seat, rng, clock, hard)
            visits[pick] += 1
            totals[pick] += reward
        if not any(visits):  # no time for even one playout: the standard answer
            return Answer(standard, 0)
        best = max(range(len(options)), key=lambda i: (visits[i], bonus[i], totals[i]))
        return Answer(options[best].id, iterations)


def _playout(state: State, seat: int, rng: Random, clock: Clock, deadline: float) -> float:
    decisions = 0
    while not state.finished and decisions < PLAYOUT_DECISIONS and clock() < deadline:
        if _game.needs_chance(state):
            state = _game.advance(state, _game.sample_chance(state, rng))
            continue
        pending = _game.pending(state)
        other, prompt = min(pending.items())
        option = choose(state, other, prompt)
        state = _game.advance(
            state,
            Event(
                "decision", {"prompt": prompt.id, "kind": prompt.kind, "option": option}, seat=other
            ),
        )
        decisions += 1
    lead = margin(state, seat)
    return 1.0 / (1.0 + math.exp(-lead / 4.0))
