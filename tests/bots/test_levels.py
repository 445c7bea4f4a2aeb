"""The bot interface: levels by name, a safe answer whatever a bot does, strong's budget."""

from __future__ import annotations

import random

import pytest

import bots
from bots import levels, strong
from bots.knowledge import SeatKnowledge
from bots.standard import choose, tile_value
from bots.strong import StrongBot
from engine.core import Option, Prompt
from engine.khora.seat_tasks import GLORY_EXCHANGE
from engine.simulate import random_event
from tests.bots.test_noninterference import TickingClock
from tests.engine.playout import game


def _assign_position():
    """A 3-player game at its first tile assignment: seat 0 must place a die."""
    rng = random.Random(4)
    state, log = game.new_game(3), []
    while True:
        prompt = game.pending(state).get(0)
        if prompt is not None and prompt.kind == "assign_die":
            return state, log, prompt
        event = random_event(game, state, rng)
        state = game.apply(state, event)
        log.append(event)


def test_unknown_levels_are_refused_by_name():
    with pytest.raises(KeyError, match="levels: random, standard, strong"):
        bots.get("genius")


def test_only_strong_is_slow_so_only_it_thinks_outside_the_game_lock():
    assert {level: bots.is_slow(level) for level in bots.LEVEL_NAMES} == {
        "random": False,
        "standard": False,
        "strong": True,
    }
    with pytest.raises(KeyError, match="genius"):
        bots.is_slow("genius")


class Broken:
    def decide(self, knowledge, prompt, budget, rng):
        raise RuntimeError("a bug")


class Cheating:
    def decide(self, knowledge, prompt, budget, rng):
        return "tile:99"


@pytest.mark.parametrize("bot", [Broken(), Cheating()])
def test_a_failing_bot_plays_the_default(monkeypatch, bot):
    state, log, prompt = _assign_position()
    monkeypatch.setitem(levels.LEVELS, "standard", bot)
    knowledge = SeatKnowledge.from_events(state, 0, log)
    assert bots.decide("standard", knowledge, prompt, 1.0, random.Random(1)) == prompt.default


@pytest.mark.parametrize("level", ["random", "standard", "strong"])
def test_every_level_answers_legally(level):
    state, log, prompt = _assign_position()
    knowledge = SeatKnowledge.from_events(state, 0, log)
    answer = bots.get(level).decide(knowledge, prompt, 0.05, random.Random(2))
    assert prompt.option(answer) is not None


def test_strong_stops_at_its_budget():
    """On a clock that moves 10 ms a reading, a 1 s budget: no playout starts after 0.9 s and
    the one under way stops at 1 s, so the decision ends within one step of its budget."""
    state, log, prompt = _assign_position()
    clock = TickingClock(0.01)
    knowledge = SeatKnowledge.from_events(state, 0, log)
    StrongBot(clock=clock).decide(knowledge, prompt, 1.0, random.Random(3))
    elapsed = next(clock.now) * 0.01
    assert 0.9 <= elapsed <= 1.02, elapsed


def _judgement(knowledge, prompt, seed):
    """`standard`'s judgement (bots.standard.choose) on the sample a bot seeded with `seed`
    draws first: strong's head start and its answer without time (the `standard` level also
    plays the round out for a first die, bots.round_plan)."""
    return choose(knowledge.sample(random.Random(seed)), knowledge.seat, prompt)


def test_strong_without_time_for_one_playout_answers_as_standard():
    state, log, prompt = _assign_position()
    knowledge = SeatKnowledge.from_events(state, 0, log)
    answer = StrongBot(clock=TickingClock(10.0)).decide(knowledge, prompt, 1.0, random.Random(3))
    assert answer == _judgement(knowledge, prompt, 3)


def test_strong_leaves_the_standard_answer_only_for_one_that_plays_out_better(monkeypatch):
    """Playouts that tell the options apart by nothing (every one scores an even game): the
    search spreads its visits evenly but for the standard answer's head start, and keeps it."""
    state, log, prompt = _assign_position()
    knowledge = SeatKnowledge.from_events(state, 0, log)
    standard = _judgement(knowledge, prompt, 3)
    assert prompt.options[0].id != standard  # else a tie would pick it anyway
    monkeypatch.setattr(strong, "_playout", lambda *_args: 0.5)
    answer = StrongBot(clock=TickingClock(0.001)).decide(knowledge, prompt, 1.0, random.Random(3))
    assert answer == standard
    # An option whose playouts do better wins over it all the same: a tile of a pairing the
    # search compares that the standard pairing leaves out.
    pairings = strong._pairings(knowledge.sample(random.Random(3)), 0, prompt)
    other = next(
        f"tile:{tile}" for _o, plan in pairings[1:] for tile in plan if tile not in pairings[0][1]
    )
    monkeypatch.setattr(
        strong, "_playout", lambda state, *_args: 0.9 if _chose(state, other) else 0.5
    )
    answer = StrongBot(clock=TickingClock(0.001)).decide(knowledge, prompt, 1.0, random.Random(3))
    assert answer == other


def _chose(state, option_id: str) -> bool:
    """Whether seat 0's assignment in `state` took the tile of `option_id` ("tile:N")."""
    return int(option_id.split(":")[1]) in state.players[0].assignment


def test_standard_plans_its_dice_for_tiles_it_can_use():
    """Across many first assignments `standard` picks far fewer tiles that bring nothing
    (Politics with no affordable card, Development it cannot pay) than random does."""
    rng = random.Random(5)
    useless = {"standard": 0, "random": 0}
    for number in range(30):
        state = game.new_game(2 + number % 3)
        while not game.pending(state).get(0) or game.pending(state)[0].kind != "assign_die":
            state = game.apply(state, random_event(game, state, rng))
        prompt = game.pending(state)[0]
        knowledge = SeatKnowledge(state, 0, [])
        for level in useless:
            tile = int(bots.get(level).decide(knowledge, prompt, 0, random.Random(number))[5:])
            useless[level] += tile_value(state, 0, tile) <= 0
    assert useless["standard"] < useless["random"], useless


def test_standard_judges_only_the_cards_of_a_card_choice_with_the_glory_exchange():
    """Thebes' glory exchange is added to every prompt of its seat, a card choice included."""
    state, _log, _prompt = _assign_position()
    prompt = Prompt(
        "p0-99",
        0,
        "legislation_keep",
        "Keep one card",
        (
            Option("card:bank", "Keep Bank", {"card": "bank"}),
            Option("card:council", "Keep Council", {"card": "council"}),
            Option(GLORY_EXCHANGE, "Exchange", {"glory": -1, "drachma": 2, "vp": 4}),
        ),
        "card:bank",
    )
    assert choose(state, 0, prompt) in ("card:bank", "card:council")


def test_the_frozen_reference_plays_but_is_not_offered_to_players():
    """`standard_2026` is there to measure `standard` against (bots/standard_2026.py): the
    harness can seat it, the API's levels (LEVEL_NAMES, BotLevelEnum) do not list it."""
    assert "standard_2026" not in bots.LEVEL_NAMES
    assert "standard_2026" not in bots.LEVELS
    assert not bots.is_slow("standard_2026")
    state, log, prompt = _assign_position()
    knowledge = SeatKnowledge.from_events(state, 0, log)
    answer = bots.decide("standard_2026", knowledge, prompt, 1.0, random.Random(1))
    assert prompt.option(answer) is not None
