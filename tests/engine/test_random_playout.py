"""Seeded random games run to the end, checking invariants after every event and replay."""

import json

import pytest

import engine
from tests.engine.playout import check_invariants, game, play_random

SEEDS = range(100)


@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_ends_after_nine_rounds_with_invariants_held(num_players, seed):
    state, events = play_random(num_players, seed, check=check_invariants)

    assert state.round == 9
    scores = game.scores(state)
    assert scores["final"] is True
    assert len(scores["totals"]) == num_players
    assert sorted(s for group in scores["ranking"] for s in group["seats"]) == list(
        range(num_players)
    )

    logged = [json.loads(json.dumps(event.to_dict())) for event in events]
    replayed = engine.replay(game, num_players, None, logged)
    for seat in [None, *range(num_players)]:
        assert game.view(replayed, seat) == game.view(state, seat)
