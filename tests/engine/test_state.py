"""State cloning: every field copied, nothing shared that a transition could change."""

import dataclasses

from tests.engine.playout import play_random


def _mutable_fields(obj):
    # options, chance and final_scores are replaced, never changed in place; cache is derived.
    return [
        f.name
        for f in dataclasses.fields(obj)
        if isinstance(getattr(obj, f.name), list | dict)
        and f.name not in ("options", "cache", "chance", "final_scores")
    ]


def test_a_clone_equals_its_original_and_shares_no_mutable_part():
    state, _ = play_random(3, seed=6)
    copy = state.clone()

    for field in dataclasses.fields(state):
        if field.name not in ("cache", "players"):
            assert getattr(copy, field.name) == getattr(state, field.name), field.name
    for name in _mutable_fields(state):
        assert getattr(copy, name) is not getattr(state, name), name
    for original, cloned in zip(state.players, copy.players, strict=True):
        assert cloned == original
        for name in _mutable_fields(original):
            assert getattr(cloned, name) is not getattr(original, name), name
