"""Khlor's bots: every answer legal, the greedy `standard` well ahead of `random`, and it lays
the eggs that pay."""

import random

import pytest

from bots import khlor as khlor_bots
from engine.khlor import game
from tests.engine.khlor.table import play, table


def _match(levels, seed):
    """A game between bots of `levels` (one per seat); every answer checked legal."""
    rng = random.Random(seed)
    state = game.new_game(len(levels))
    state = game.apply(state, game.sample_chance(state, rng))
    kinds = set()
    while not game.is_over(state):
        seat, prompt = next(iter(game.pending(state).items()))
        answer = khlor_bots.decide(levels[seat], game.view(state, seat), prompt, rng)
        assert prompt.option(answer) is not None
        kinds.add(prompt.kind)
        state = game.apply(state, game.decide(state, seat, prompt.id, answer))
    return game.scores(state), kinds


def test_standard_wins_most_two_player_games_against_random():
    wins, kinds = 0, set()
    for seed in range(10):
        levels = ["standard", "random"] if seed % 2 == 0 else ["random", "standard"]
        scores, seen = _match(levels, seed)
        kinds |= seen
        wins += scores["winners"] == [levels.index("standard")]
    assert wins >= 8  # measured: 39 of 40
    assert {"place", "lay"} <= kinds


def test_every_level_answers_a_four_player_game_legally():
    scores, kinds = _match(["standard", "random", "standard", "random"], 3)
    assert scores["final"] and "place" in kinds


def test_standard_lays_every_egg_it_can_in_a_colour_it_leads():
    state = table(stacks={"A1": ["green"], "B1": ["green"], "C1": ["green"]})
    state = play(state, "I:A1.B1.C1:D1")
    prompt = game.pending(state)[0]
    answer = khlor_bots.decide("standard", game.view(state, 0), prompt, random.Random(0))
    assert answer == "green:A1.B1.C1.D1"


def test_an_unknown_level_is_refused():
    state = table(stacks={"A1": ["green"], "B1": ["green"], "C1": ["green"]})
    with pytest.raises(KeyError):
        khlor_bots.decide("strong", game.view(state, 0), game.pending(state)[0], random.Random(0))
