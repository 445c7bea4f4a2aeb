"""Properties over games whose every choice hypothesis draws (and shrinks on failure)."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from tests.engine.playout import check_invariants, game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(num_players=st.integers(2, 4), data=st.data())
def test_any_game_keeps_its_invariants_and_replays_to_the_same_views(num_players, data):
    rng = data.draw(st.randoms(use_true_random=False))
    state = game.new_game(num_players)
    events = []
    while not game.is_over(state):
        if game.needs_chance(state):
            event = game.sample_chance(state, rng)
        else:
            pending = game.pending(state)
            seat = data.draw(st.sampled_from(sorted(pending)))
            option = data.draw(st.sampled_from(pending[seat].options))
            event = game.decide(state, seat, pending[seat].id, option.id)
        state = game.apply(state, event)
        events.append(event.to_dict())
        check_invariants(state)

    replayed = engine.replay(game, num_players, None, json.loads(json.dumps(events)))
    for seat in (None, *range(num_players)):
        assert json.dumps(game.view(replayed, seat)) == json.dumps(game.view(state, seat))
