"""`strong`'s budget is work, not wall time (issue 51): a count of playouts or its own CPU
time, a floor of playouts against a starved CPU budget, and a wall-clock ceiling over all."""

from __future__ import annotations

import random
import time

import pytest

import bots
from bots import strong
from bots.budget import Budget
from bots.knowledge import SeatKnowledge
from bots.strong import StrongBot
from tests.bots.test_levels import _assign_position
from tests.bots.test_noninterference import TickingClock


@pytest.fixture(scope="module")
def position():
    state, log, prompt = _assign_position()
    return SeatKnowledge.from_events(state, 0, log), prompt


def test_the_same_seed_and_count_of_playouts_give_the_same_move_whatever_the_load(position):
    """Two runs on the real clocks, and one on clocks as slow as a starved worker's (each
    reading 50 ms later), all make exactly the playouts asked for and choose the same tile."""
    knowledge, prompt = position
    budget = Budget(playouts=10, ceiling=1000.0)
    answers = [
        StrongBot().search(knowledge, prompt, budget, random.Random(2)),
        StrongBot().search(knowledge, prompt, budget, random.Random(2)),
        StrongBot(clock=TickingClock(0.05), cpu_clock=TickingClock(0.05)).search(
            knowledge, prompt, budget, random.Random(2)
        ),
    ]
    assert {answer.playouts for answer in answers} == {10}
    assert len({answer.option for answer in answers}) == 1
    assert prompt.option(answers[0].option) is not None


def test_the_floor_holds_on_a_starved_cpu_budget(position, monkeypatch):
    """A CPU budget already spent at the first reading (each reading of the thread's CPU clock
    is 10 s later): the search still makes its floor of playouts, and no more."""
    knowledge, prompt = position
    played = []
    monkeypatch.setattr(strong, "_playout", lambda *_args: played.append(1) or 0.5)
    budget = Budget(cpu_seconds=0.5, floor=6, ceiling=1000.0)
    bot = StrongBot(cpu_clock=TickingClock(10.0))
    assert bot.search(knowledge, prompt, budget, random.Random(3)).playouts == 6
    assert len(played) == 6
    # Without a floor the same starved budget makes none, and the standard answer stands.
    none = Budget(cpu_seconds=0.5, floor=0, ceiling=1000.0)
    answer = StrongBot(cpu_clock=TickingClock(10.0)).search(
        knowledge, prompt, none, random.Random(3)
    )
    assert answer.playouts == 0
    assert answer.option == bots.get("standard").decide(knowledge, prompt, none, random.Random(3))


def test_a_cpu_budget_stops_the_search_once_spent(position, monkeypatch):
    """Past the floor, the thread's CPU time decides: 0.1 s a reading, a 1 s budget."""
    knowledge, prompt = position
    monkeypatch.setattr(strong, "_playout", lambda *_args: 0.5)
    budget = Budget(cpu_seconds=1.0, floor=2, ceiling=1000.0)
    answer = StrongBot(cpu_clock=TickingClock(0.1)).search(
        knowledge, prompt, budget, random.Random(3)
    )
    # The clock is read once at the start and once before each playout: 0.1 s, 0.2 s, ...
    assert answer.playouts == 9


def test_the_ceiling_bounds_the_wall_time_over_the_floor_and_the_count(position):
    """Real playouts, a count and a floor far beyond what 0.3 s allows: the ceiling wins."""
    knowledge, prompt = position
    budget = Budget(playouts=100_000, cpu_seconds=1000.0, floor=100_000, ceiling=0.3)
    started = time.perf_counter()
    answer = StrongBot().search(knowledge, prompt, budget, random.Random(4))
    elapsed = time.perf_counter() - started
    assert elapsed < 0.3 + 0.1, elapsed  # one playout step past it at most, plus the prior
    assert 0 < answer.playouts < 1000
    assert prompt.option(answer.option) is not None


def test_a_bare_number_is_still_a_wall_clock_budget():
    assert Budget.of(2.0) == Budget(ceiling=2.0)
    assert Budget.of(0) == Budget()
    assert Budget(playouts=3).more(2, 99.0) and not Budget(playouts=3).more(3, 0.0)


def test_think_reports_the_playouts_of_a_search_and_none_for_a_heuristic(position):
    knowledge, prompt = position
    budget = Budget(playouts=3, ceiling=60.0)
    assert bots.think("strong", knowledge, prompt, budget, random.Random(5)).playouts == 3
    assert bots.think("standard", knowledge, prompt, budget, random.Random(5)).playouts is None
