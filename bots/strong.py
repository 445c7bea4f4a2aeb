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
from typing import TYPE_CHECKING, cast

import engine
from bots.budget import Answer, Budget
from bots.rollout import Plan, Policy, Rollout, play_out
from bots.standard import choose, dice_plans
from bots.worth import margin
from engine.core import Event, Prompt
from engine.khora.state import State

if TYPE_CHECKING:
    from random import Random

    from bots.knowledge import SeatKnowledge
    from engine.khora.game import KhoraGame

_game = cast("KhoraGame", engine.get_game("khora"))  # engine.get_game is typed Game
Clock = Callable[[], float]  # seconds, as time.perf_counter
PLAYOUT_DECISIONS = 60  # decisions played out before the position is judged
EXPLORATION = 0.7
# The `standard` answer's head start in the search: a bonus that fades as it is visited
# (a prior, as in PUCT). With about 60 playouts a second spread over several options, the
# playouts alone are noisy; the bonus makes the search leave the standard answer only for
# one that keeps doing better.
PRIOR_BONUS = 0.3
# With two dice or more to place, the search compares whole assignments (a tile for each
# die), the best few by `standard`'s judgement, not one die's tile at a time: what a die is
# worth on a tile depends on where the others go.
PAIRINGS = 6


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
        first = knowledge.sample(rng)
        standard = choose(first, seat, prompt)
        # What the search compares: the options, or with two dice or more to place the best
        # assignments of them all (the first die's option, the rest forced in the playout).
        pairings = _pairings(first, seat, prompt)
        candidates: list[tuple[str, Plan | None]] = [*pairings] or [
            (option.id, None) for option in options
        ]
        # The standard answer's head start: its best pairing comes first.
        bonus = [
            PRIOR_BONUS if (n == 0 if pairings else option_id == standard) else 0.0
            for n, (option_id, _plan) in enumerate(candidates)
        ]
        count = len(candidates)
        visits = [0] * count
        totals = [0.0] * count
        iterations = 0
        while clock() < soft and limits.more(iterations, self.cpu_clock() - cpu_started):
            iterations += 1
            if iterations <= count:
                pick = iterations - 1
            else:
                log_n = math.log(iterations)
                pick = max(
                    range(count),
                    key=lambda i: (
                        totals[i] / visits[i]
                        + EXPLORATION * math.sqrt(log_n / visits[i])
                        + bonus[i] / visits[i]
                    ),
                )
            sample = knowledge.sample(rng)
            option_id, plan = candidates[pick]
            event = Event(
                "decision",
                {"prompt": prompt.id, "kind": prompt.kind, "option": option_id},
                seat=seat,
            )
            forced = {} if plan is None else {(seat, sample.round): plan}
            # The sample is this playout's own: it is changed in place all the way.
            reward = _playout(
                _game.advance(sample, event), seat, rng, clock, hard, Rollout(forced).choose
            )
            visits[pick] += 1
            totals[pick] += reward
        if not any(visits):  # no time for even one playout: the standard answer
            return Answer(standard, 0)
        best = max(range(count), key=lambda i: (visits[i], bonus[i], totals[i]))
        return Answer(candidates[best][0], iterations)


def _pairings(state: State, seat: int, prompt: Prompt) -> list[tuple[str, Plan]]:
    """The best `PAIRINGS` assignments of the seat's dice left (`standard`'s first), when it
    has two or more to place: each as (the option of its first die, all the seat's tiles)."""
    if prompt.kind != "assign_die":
        return []
    player = state.players[seat]
    if len(player.dice) - len(player.assignment) < 2:
        return []
    pairings = []
    for _value, plan in dice_plans(state, seat)[:PAIRINGS]:
        option_id = f"tile:{plan[0]}"
        if prompt.option(option_id) is not None:
            pairings.append((option_id, (*player.assignment, *plan)))
    return pairings


def _playout(
    state: State, seat: int, rng: Random, clock: Clock, deadline: float, policy: Policy
) -> float:
    """The seat's reward after `PLAYOUT_DECISIONS` decisions (or the end, or the deadline)."""
    state = play_out(
        state,
        policy,
        rng,
        lambda _state, decisions: decisions >= PLAYOUT_DECISIONS or clock() >= deadline,
    )
    lead = margin(state, seat)
    return 1.0 / (1.0 + math.exp(-lead / 4.0))
