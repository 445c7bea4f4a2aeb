"""The engine's fast paths change nothing a player can see (issue 14).

`apply` keeps derived values from one state to the next (the other seats' options and prompts,
the chance request) and checks a logged decision without building prompts. Here every random
game is also replayed by a plain applier that deep-copies the state before each event and
starts from an empty cache, so it carries nothing over; after every event both states, every
seat's view, the spectator's and the open prompts must be equal, and `apply` must have left
the state it was given as it was.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import pytest

from engine.core import Event, IllegalDecision, InvalidEvent
from engine.khora.state import State
from engine.simulate import random_event
from tests.engine.playout import game

COMPARED = [f.name for f in dataclasses.fields(State) if f.name not in ("cache", "journal")]


def reference_apply(state: State, event) -> State:
    """`apply` as it would be with no fast path: a deep copy, nothing carried over."""
    return game.apply(reference_copy(state), event, _in_place=True)


def contents(state: State) -> dict:
    return {name: copy.deepcopy(getattr(state, name)) for name in COMPARED}


def seen(state: State) -> str:
    """Everything any seat or a spectator is shown, as JSON."""
    seats = [None, *range(state.num_players)]
    prompts = {seat: prompt.to_dict() for seat, prompt in game.pending(state).items()}
    views = [game.view(state, seat) for seat in seats]
    return json.dumps({"views": views, "prompts": prompts}, sort_keys=True, default=str)


def policy_with_revisions(rng: random.Random):
    """Random play that now and then takes back a sealed choice (draft pick, tile)."""

    def policy(rules, state, _rng):
        if rng.random() < 0.1:
            for seat in rng.sample(range(state.num_players), state.num_players):
                try:
                    return rules.revise(state, seat)
                except IllegalDecision:
                    continue
        return random_event(rules, state, rng)

    return policy


def check_game(num_players: int, seed: int) -> int:
    """Play one game both ways, comparing after every event; returns how many events."""
    rng = random.Random(seed)
    options = {"city_selection": "choose"} if seed % 5 == 0 else None
    policy = policy_with_revisions(rng)
    fast = game.new_game(num_players, options)
    plain = reference_copy(fast)
    events = 0
    while not game.is_over(fast):
        event = policy(game, fast, rng)
        before = contents(fast)
        new = game.apply(fast, event)
        assert contents(fast) == before, f"apply changed the state it was given: {event}"
        plain = reference_apply(plain, event)
        fast = new
        events += 1
        assert contents(fast) == contents(plain), f"seed {seed}, event {events}: {event}"
        assert seen(fast) == seen(plain), f"seed {seed}, event {events}: {event}"
    return events


@pytest.mark.parametrize("seed", range(40))
def test_the_fast_engine_and_a_deep_copying_replay_agree_after_every_event(seed):
    assert check_game(2 + seed % 3, seed) > 100


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(26))
def test_the_fast_engine_and_a_deep_copying_replay_agree_in_300_games(chunk):
    """With the 40 games above: 300 random games (run with -m slow)."""
    for seed in range(40 + 10 * chunk, 50 + 10 * chunk):
        assert check_game(2 + seed % 3, seed) > 100


def _first_decision_state():
    """A 4-player game at its first step where seats are asked, and one open prompt."""
    state = game.new_game(4)
    rng = random.Random(3)
    while game.needs_chance(state):
        state = game.apply(state, game.sample_chance(state, rng))
    seat, prompt = sorted(game.pending(state).items())[0]
    return state, seat, prompt


@pytest.mark.parametrize(
    ("code", "seat", "prompt_id", "option_id"),
    [
        ("stale_prompt", 0, "p0-999", None),
        ("illegal_option", 0, None, "no-such-option"),
        ("illegal_option", 0, None, "glory-exchange"),  # no glory to exchange yet
        ("malformed_event", 7, None, None),
        ("malformed_event", "0", None, None),
    ],
)
def test_a_logged_decision_is_refused_with_the_same_codes(code, seat, prompt_id, option_id):
    """The check without prompts refuses what checking against the prompts refused."""
    state, asked, prompt = _first_decision_state()
    assert asked == 0
    data = {"prompt": prompt_id or prompt.id, "kind": prompt.kind}
    data["option"] = option_id or prompt.options[0].id
    event = Event("decision", data, seat=seat)
    for target in (state, reference_copy(state)):  # with and without derived values
        with pytest.raises(InvalidEvent) as refused:
            game.apply(target, event)
        assert refused.value.code == code


def test_a_decision_before_the_chance_it_waits_for_is_refused():
    state = game.new_game(4)
    assert game.needs_chance(state)
    event = Event("decision", {"prompt": "p0-1", "kind": "draft_pick", "option": "x"}, seat=0)
    with pytest.raises(InvalidEvent) as refused:
        game.apply(state, event)
    assert refused.value.code == "waiting_for_chance"


def test_a_seat_with_nothing_open_cannot_answer_an_old_prompt():
    state, seat, prompt = _first_decision_state()
    event = game.decide(state, seat, prompt.id, prompt.options[0].id)
    after = game.apply(state, event)
    if seat in game.pending(after):  # its next prompt has a new id: the old one is stale
        assert game.pending(after)[seat].id != prompt.id
    for target in (after, reference_copy(after)):
        with pytest.raises(InvalidEvent) as refused:
            game.apply(target, event)
        assert refused.value.code == "stale_prompt"


def reference_copy(state: State) -> State:
    """A deep copy with an empty cache (the memo makes deepcopy put {} for the cache)."""
    return copy.deepcopy(state, {id(state.cache): {}})
