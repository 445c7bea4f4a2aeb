"""Bots never peek: two states that differ only in other seats' hidden data (their hands, draft
cards, Legislation draws, the unseen deck, the cards they put under it, their sealed tiles) give
every level the same decision under the same seed.

The twin is another real state the seat cannot tell from the first (drawn with the sampler from
a different generator). A bot that reads another seat's hand fails this test (last test).
"""

from __future__ import annotations

import itertools
import random

import pytest

import bots
from bots.knowledge import SeatKnowledge
from bots.strong import StrongBot
from engine.khora import sampling
from engine.simulate import random_event
from tests.engine.playout import game


class TickingClock:
    """A clock that moves on a fixed step per reading: `strong` then runs the same number of
    iterations on both twins, so its answers can be compared."""

    def __init__(self, step: float = 0.01):
        self.now = itertools.count()
        self.step = step

    def __call__(self) -> float:
        return next(self.now) * self.step


def _positions(count: int, seed: int = 7):
    """(state, seat, seen log, prompt) where a seat has a real choice, at random points of games
    whose other seats hold something hidden."""
    rng = random.Random(seed)
    found = 0
    for number in itertools.count():
        players = 2 + number % 3
        state, log = game.new_game(players), []
        while not game.is_over(state) and found < count:
            event = random_event(game, state, rng)
            state = game.apply(state, event)
            log.append(event)
            pending = game.pending(state)
            if pending and rng.random() < 0.08:
                seat = rng.choice(sorted(pending))
                if len(pending[seat].options) > 1:
                    found += 1
                    seen = [game.redact(e, seat) for e in log]
                    yield state, seat, seen, pending[seat]
        if found >= count:
            return


def _decisions(level_bot, state, seat, seen, prompt, twin_seed):
    twin = sampling.sample(state, seat, seen, random.Random(twin_seed))
    assert game.view(twin, seat) == game.view(state, seat)
    answers = []
    for real in (state, twin):
        knowledge = SeatKnowledge(real, seat, seen)
        answers.append(level_bot.decide(knowledge, prompt, 0.05, random.Random(11)))
    return answers


@pytest.mark.parametrize("level", ["random", "standard"])
def test_same_knowledge_same_decision(level):
    bot, differing_secrets = bots.get(level), 0
    for number, (state, seat, seen, prompt) in enumerate(_positions(60)):
        one, two = _decisions(bot, state, seat, seen, prompt, number)
        assert one == two, (level, prompt.kind)
        differing_secrets += 1
    assert differing_secrets == 60


def test_same_knowledge_same_decision_strong():
    for number, (state, seat, seen, prompt) in enumerate(_positions(6, seed=8)):
        bot = StrongBot(clock=TickingClock())
        one = bot.decide(SeatKnowledge(state, seat, seen), prompt, 0.2, random.Random(3))
        twin = sampling.sample(state, seat, seen, random.Random(number))
        bot = StrongBot(clock=TickingClock())
        two = bot.decide(SeatKnowledge(twin, seat, seen), prompt, 0.2, random.Random(3))
        assert one == two, prompt.kind


class PeekingBot:
    """Plays the first option when the next seat holds more than two cards that the seat
    could not name, the last otherwise: it reads the real state behind its knowledge."""

    def decide(self, knowledge, prompt, budget, rng):
        state = knowledge._state
        other = state.players[(knowledge.seat + 1) % state.num_players]
        return prompt.options[0 if sorted(other.hand)[:1] < ["h"] else -1].id


def test_the_check_catches_a_bot_that_peeks():
    """The same comparison fails for a bot that looks at another seat's hand."""
    caught = 0
    for number, (state, seat, seen, prompt) in enumerate(_positions(60, seed=9)):
        one, two = _decisions(PeekingBot(), state, seat, seen, prompt, number)
        caught += one != two
    assert caught > 0
