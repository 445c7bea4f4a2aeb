"""The playout path (`choices`, `take`, `advance`) plays the very games the checked path plays.

Search and simulations read each seat's options without prompts, take an option without the
checks of `decide`, and change one state in place. Here the same seeded random games are
played both ways: by the playout path, and by `pending`, `decide` and a cloning `apply`
choosing with the same random draws. Their logs and final states must be equal, and at every
step `choices` must offer what `pending`'s prompts offer.
"""

from __future__ import annotations

import random

import pytest

from engine.core import Event
from engine.khora.state import State
from engine.simulate import play_random_game
from tests.engine.playout import game


def checked_random_event(state: State, rng: random.Random) -> Event:
    """The random player through prompts and `decide`, as it was before the playout path."""
    if game.needs_chance(state):
        return game.sample_chance(state, rng)
    pending = game.pending(state)
    seat = rng.choice(sorted(pending))
    prompt = pending[seat]
    return game.decide(state, seat, prompt.id, rng.choice(prompt.options).id)


def offered(state: State) -> dict:
    """What `pending` offers each seat: prompt id, kind, and the options' ids and data."""
    return {
        seat: (prompt.id, prompt.kind, [(o.id, o.data) for o in prompt.options])
        for seat, prompt in game.pending(state).items()
    }


def chosen(state: State) -> dict:
    return {
        seat: (choice.prompt, choice.kind, [(o.id, o.data) for o in choice.options])
        for seat, choice in game.choices(state).items()
    }


def checked_game(num_players: int, seed: int, options=None) -> tuple[State, list[Event]]:
    rng = random.Random(seed)
    state = game.new_game(num_players, options)
    events = []
    while not game.is_over(state):
        assert chosen(state) == offered(state), f"seed {seed}, event {len(events)}"
        event = checked_random_event(state, rng)
        state = game.apply(state, event)
        events.append(event)
    return state, events


@pytest.mark.parametrize("seed", range(12))
def test_the_playout_path_plays_the_same_game_as_prompts_and_decide(seed):
    num_players = 2 + seed % 3
    options = {"city_selection": "choose"} if seed % 4 == 0 else None
    fast_state, fast_events = play_random_game(game, num_players, random.Random(seed), options)
    state, events = checked_game(num_players, seed, options)
    assert [e.to_dict() for e in fast_events] == [e.to_dict() for e in events]
    assert game.view(fast_state, None) == game.view(state, None)
    assert game.scores(fast_state) == game.scores(state)


def test_a_taken_option_is_the_event_decide_gives():
    rng = random.Random(5)
    state = game.new_game(3)
    compared = 0
    while not game.is_over(state):
        if game.needs_chance(state):
            state = game.advance(state, game.sample_chance(state, rng))
            continue
        choices = game.choices(state)
        seat = rng.choice(sorted(choices))
        choice = choices[seat]
        option = rng.choice(choice.options)
        taken = game.take(state, seat, choice, option)
        assert taken == game.decide(state, seat, choice.prompt, option.id)
        state = game.advance(state, taken)
        compared += 1
    assert compared > 100


def test_advance_changes_the_state_it_is_given_and_apply_does_not():
    rng = random.Random(2)
    state = game.new_game(2)
    event = game.sample_chance(state, rng)
    before = game.view(state, None)
    applied = game.apply(state, event)
    assert applied is not state and game.view(state, None) == before
    advanced = game.advance(state, event)
    assert advanced is state and game.view(state, None) == game.view(applied, None)


def test_no_choices_while_the_game_waits_for_chance_or_is_over():
    state = game.new_game(4)
    assert game.needs_chance(state) and game.choices(state) == {}
    final, _ = play_random_game(game, 2, random.Random(1))
    assert game.is_over(final) and game.choices(final) == {}


def test_the_deciding_seats_are_the_seats_pending_in_order():
    rng = random.Random(8)
    state = game.new_game(4)
    steps = 0
    while not game.is_over(state):
        assert game.deciding(state) == sorted(game.pending(state))
        state = game.advance(state, checked_random_event(state, rng))
        steps += 1
    assert steps > 100
