"""Properties over Khlor games whose every choice hypothesis draws (2, 3 and 4 players)."""

import contextlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.khlor import checks, game
from engine.khlor.data import DEMON_SQUARES

# A turn catches 3 of 95 demons: at most 31 turns of at most 3 decisions, and the deal.
MOST_EVENTS = 1 + 3 * 95 // 3 + 4


@pytest.mark.parametrize("num_players", [2, 3, 4])
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_demons_and_eggs_are_conserved_every_game_ends_and_replay_equals_play(num_players, data):
    rng = data.draw(st.randoms(use_true_random=False))
    state = game.new_game(num_players)
    events = []
    while not game.is_over(state):
        assert len(events) < MOST_EVENTS
        if game.needs_chance(state):
            event = game.sample_chance(state, rng)
        else:
            pending = game.pending(state)
            seat = data.draw(st.sampled_from(sorted(pending)))
            option = data.draw(st.sampled_from(pending[seat].options))
            event = game.decide(state, seat, pending[seat].id, option.id)
        state = game.apply(state, event)
        events.append(event.to_dict())
        assert checks.problems(state) == []
    # the end: nothing more the two pieces ahead could catch, or nothing at all
    left = sum(len(state.stacks[square]) for square in DEMON_SQUARES)
    assert left + sum(sum(seat.values()) for seat in state.caught) == 95
    replayed = engine.replay(game, num_players, None, json.loads(json.dumps(events)))
    for seat in (None, *range(num_players)):
        assert json.dumps(game.view(replayed, seat)) == json.dumps(game.view(state, seat))
    assert game.scores(replayed) == game.scores(state)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)
FRESH = game.new_game(2)
DEALT = game.apply(FRESH, game.sample_chance(FRESH, random.Random(0)))


@settings(max_examples=40, deadline=None)
@given(
    event_type=st.sampled_from(["decision", "chance", "other"]),
    seat=st.none() | st.integers(-1, 4),
    data=st.dictionaries(st.sampled_from(["prompt", "kind", "option", "stacks", "circle"]), JSON),
    state=st.sampled_from([FRESH, DEALT]),
)
def test_a_log_entry_from_outside_is_applied_or_refused_as_invalid(event_type, seat, data, state):
    with contextlib.suppress(engine.InvalidEvent):
        game.apply(state, engine.Event(event_type, data, seat))
