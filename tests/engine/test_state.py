"""State cloning: every field copied; shared only what the rules replace instead of changing."""

import dataclasses

from engine.khora.state import SHARED_PLAYER_FIELDS, SHARED_STATE_FIELDS
from tests.engine.playout import play_random


def _mutable_fields(obj):
    # options, chance and final_scores are replaced, never changed in place; cache is derived.
    return [
        f.name
        for f in dataclasses.fields(obj)
        if isinstance(getattr(obj, f.name), list | dict)
        and f.name not in ("options", "cache", "chance", "final_scores")
    ]


def test_a_clone_equals_its_original_and_shares_only_what_the_rules_replace():
    state, _ = play_random(3, seed=6)
    copy = state.clone()

    for field in dataclasses.fields(state):
        if field.name not in ("cache", "players"):
            assert getattr(copy, field.name) == getattr(state, field.name), field.name
    for name in _mutable_fields(state):
        shared = getattr(copy, name) is getattr(state, name)
        assert shared == (name in SHARED_STATE_FIELDS), name
    for original, cloned in zip(state.players, copy.players, strict=True):
        assert cloned == original
        for name in _mutable_fields(original):
            # Shared ones are never changed in place: test_fast_paths checks that the state
            # given to apply is left unchanged after every event of random games.
            shared = getattr(cloned, name) is getattr(original, name)
            assert shared == (name in SHARED_PLAYER_FIELDS), name
