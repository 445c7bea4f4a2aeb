"""`standard` plays its round out where it places a die (bots/round_plan.py, issue 51)."""

from __future__ import annotations

import pickle
import random
from dataclasses import fields

import pytest

import bots
from bots import round_plan
from bots.knowledge import SeatKnowledge
from bots.standard import choose, dice_plans
from engine.core import Prompt
from engine.simulate import random_event
from tests.engine.playout import game


def _dice_positions(count: int, seed: int = 7):
    """Seeded games of 2 to 4 players played at random until seat 0 places a die (its first
    or, every other game, its second), with the log that led there."""
    rng = random.Random(seed)
    found = []
    for number in range(count):
        state, log = game.new_game(2 + number % 3), []
        placed = number % 2  # dice seat 0 has placed when the position is taken
        for _round in range(1 + number % 5):  # a later round now and then
            while True:
                prompt = game.pending(state).get(0)
                if (
                    prompt is not None
                    and prompt.kind == "assign_die"
                    and len(state.players[0].assignment) == placed
                ):
                    break
                event = random_event(game, state, rng)
                state = game.apply(state, event)
                log.append(event)
            if _round < number % 5:  # on to the next round's dice
                event = random_event(game, state, rng)
                state, log = game.apply(state, event), [*log, event]
        found.append((state, log, game.pending(state)[0]))
    return found


def _compared(state, prompt):
    """The plans the round plan plays out: standard's best few within the gap of the best."""
    plans = dice_plans(state, 0)[: round_plan.ROUND_PLANS]
    return [
        plan
        for value, plan in plans
        if value >= plans[0][0] - round_plan.ROUND_PLAN_GAP and prompt.option(f"tile:{plan[0]}")
    ]


def test_the_tile_played_is_from_one_of_standards_best_plans_and_the_same_for_the_same_seed():
    planned = 0
    for state, _log, prompt in _dice_positions(16):
        compared = _compared(state, prompt)
        answer = round_plan.plan_dice(state, 0, prompt, random.Random(1))
        if len(compared) < 2:  # one plan stands out: standard's own answer, not played out
            assert answer == choose(state, 0, prompt)
            continue
        planned += 1
        assert int(answer.split(":")[1]) in {plan[0] for plan in compared}, (answer, compared)
        assert answer == round_plan.plan_dice(state, 0, prompt, random.Random(1))
    assert planned >= 6  # first and second dice alike


def _fields(state):
    """The state's rules fields, pickled (its derived prompts and narration left out)."""
    kept = [f.name for f in fields(state) if f.name not in ("cache", "journal")]
    return pickle.dumps({name: getattr(state, name) for name in kept})


def test_playing_the_round_out_leaves_the_bots_sample_as_it_was():
    """The plan plays each round on a copy: the sample stays the bot's, for standard's
    judgement when no plan applies and for every plan after the first."""
    planned = [
        (state, prompt)
        for state, _log, prompt in _dice_positions(12, seed=11)
        if len(_compared(state, prompt)) >= 2
    ]
    assert len(planned) >= 3
    for state, prompt in planned:
        before = _fields(state)
        assert round_plan.plan_dice(state, 0, prompt, random.Random(2)) is not None
        assert _fields(state) == before


def test_the_plan_whose_round_plays_out_best_is_played(monkeypatch):
    """Playouts that favour another plan than standard's best: the level plays it, where
    standard's judgement alone plays its first."""
    state, prompt, compared = next(
        (s, p, _compared(s, p))
        for s, _log, p in _dice_positions(16)
        if not s.players[0].assignment and len({plan[0] for plan in _compared(s, p)}) >= 2
    )
    favoured = [plan for plan in compared if plan[0] != compared[0][0]][-1]
    monkeypatch.setattr(
        round_plan,
        "_round_margin",
        lambda _state, _seat, _prompt, plan, _seed: 10.0 if plan == favoured else 0.0,
    )
    assert choose(state, 0, prompt) == f"tile:{compared[0][0]}"
    assert round_plan.plan_dice(state, 0, prompt, random.Random(3)) == f"tile:{favoured[0]}"


@pytest.mark.parametrize("kind", ["draft_pick", "progress", "explore"])
def test_other_questions_are_answered_by_standards_judgement(kind):
    """Only a die is planned: the same options asked as another question get no plan."""
    state, _log, prompt = next(
        (s, log, p) for s, log, p in _dice_positions(16) if len(_compared(s, p)) >= 2
    )
    other = Prompt(prompt.id, 0, kind, prompt.text, prompt.options, prompt.default)
    assert round_plan.plan_dice(state, 0, prompt, random.Random(4)) is not None
    assert round_plan.plan_dice(state, 0, other, random.Random(4)) is None


def test_the_level_answers_with_the_plan_on_its_sample():
    """bots.decide('standard') on a dice prompt is the plan worked out on the sample the
    level draws first (same generator), not standard's judgement on it."""
    differing = 0
    for state, log, prompt in _dice_positions(12, seed=13):
        knowledge = SeatKnowledge.from_events(state, 0, log)
        answer = bots.decide("standard", knowledge, prompt, 1.0, random.Random(5))
        rng = random.Random(5)
        sample = knowledge.sample(rng)
        planned = round_plan.plan_dice(sample, 0, prompt, rng)
        assert answer == (planned if planned is not None else choose(sample, 0, prompt))
        differing += planned is not None and planned != choose(sample, 0, prompt)
    assert differing >= 1  # the plan is not standard's judgement again
