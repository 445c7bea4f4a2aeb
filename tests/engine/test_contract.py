"""The engine's public contract: setup checks, refusals, events, chance and immutability."""

import json
import random

import pytest

import engine
from engine import Event, IllegalDecision, InvalidEvent
from engine.khora import seat_tasks
from engine.simulate import random_event
from tests.engine.playout import game, play_random
from tests.engine.scenario import Table


@pytest.mark.parametrize(
    ("num_players", "options", "fragment"),
    [
        (1, None, "2, 3 or 4 players"),
        (5, None, "2, 3 or 4 players"),
        (2, {"speed": "fast"}, "Unknown options ['speed']"),
        (2, {"city_selection": "auction"}, "'random' or 'choose'"),
        (2, {"cities": ["argos", "argos"]}, "one distinct city per seat"),
        (3, {"cities": ["argos", "rome", "sparta"]}, "one distinct city per seat"),
        (2, {"cities": [["argos"], ["sparta"]]}, "one distinct city per seat"),
    ],
)
def test_new_game_refuses_a_bad_setup_and_says_what_is_accepted(num_players, options, fragment):
    with pytest.raises(IllegalDecision) as refused:
        game.new_game(num_players, options)
    assert refused.value.code == "invalid_setup"
    assert fragment in refused.value.message


def test_a_new_game_first_needs_chance_and_asks_nobody():
    state = game.new_game(3)
    assert game.needs_chance(state)
    assert game.pending(state) == {}
    assert game.sample_chance(state, random.Random(1)).data["kind"] == "cities"


def test_chosen_cities_are_asked_in_seat_order_and_never_twice():
    state = game.new_game(2, {"city_selection": "choose"})
    prompt = game.pending(state)[0]
    assert prompt.kind == "choose_city" and len(prompt.options) == 7
    state = game.apply(state, game.decide(state, 0, prompt.id, "city:sparta"))
    second = game.pending(state)[1]
    assert "city:sparta" not in [option.id for option in second.options]


def test_decide_refuses_a_seat_with_nothing_to_decide():
    table = Table(["argos", "sparta"])
    table.roll([3, 3], [3, 3])
    table.assign(0, 0, 2)
    with pytest.raises(IllegalDecision) as refused:
        game.decide(table.state, 0, "p1", "tile:1")
    assert refused.value.code == "not_your_turn"
    assert refused.value.details == {"waiting_for": [1]}


def test_decide_refuses_a_stale_prompt_and_names_the_current_one():
    table = Table(["argos", "sparta"])
    table.roll([3, 3], [3, 3])
    old = table.prompt(0)
    table.decide(0, "tile:0")
    current = table.prompt(0)

    assert current.id != old.id
    with pytest.raises(IllegalDecision) as refused:
        game.decide(table.state, 0, old.id, "tile:2")
    assert refused.value.code == "stale_prompt"
    assert refused.value.details == {"current_prompt": current.id}


def test_decide_refuses_an_illegal_option_and_lists_only_the_seats_own_options():
    table = Table(["argos", "sparta"])
    table.roll([3, 3], [3, 3])
    table.decide(0, "tile:0")
    with pytest.raises(IllegalDecision) as refused:
        game.decide(table.state, 0, table.prompt(0).id, "tile:0")
    assert refused.value.code == "illegal_option"
    assert refused.value.details["legal_options"] == [f"tile:{t}" for t in range(1, 7)]
    assert "tile:1" in refused.value.message


def test_a_draft_refusal_never_names_another_seats_cards():
    state = game.new_game(2, {"cities": ["argos", "sparta"]})
    state = game.apply(state, game.sample_chance(state, random.Random(3)))
    mine, theirs = game.pending(state)[0], game.pending(state)[1]
    with pytest.raises(IllegalDecision) as refused:
        game.decide(state, 0, mine.id, theirs.options[0].id)
    legal_part = refused.value.message.split("legal options:")[1]
    for option in theirs.options:
        assert option.data["card"] not in legal_part
        assert option.id not in refused.value.details["legal_options"]


def test_decide_refuses_while_chance_is_needed_and_after_the_end():
    state = game.new_game(2)
    with pytest.raises(IllegalDecision) as refused:
        game.decide(state, 0, "p1", "x")
    assert refused.value.code == "waiting_for_chance"

    final, _ = play_random(2, seed=5)
    with pytest.raises(IllegalDecision) as refused:
        game.decide(final, 0, "p1", "x")
    assert refused.value.code == "game_over"
    with pytest.raises(InvalidEvent):
        game.apply(final, Event("chance", {"kind": "dice", "dice": [[1, 1], [1, 1]]}))


@pytest.mark.parametrize(
    "outcome",
    [
        {"kind": "dice", "dice": [[7, 1], [3, 3]]},
        {"kind": "dice", "dice": [[1, 1, 1], [3, 3]]},
        {"kind": "dice", "dice": [[1, 1]]},
        {"kind": "draw", "seat": 0, "cards": ["archives"]},
        {"kind": "event", "event": "drought"},
    ],
)
def test_apply_refuses_a_chance_outcome_that_is_not_possible_now(outcome):
    table = Table(["argos", "sparta"])
    with pytest.raises(InvalidEvent):
        game.apply(table.state, Event("chance", outcome, seat=outcome.get("seat")))


def test_apply_refuses_a_decision_for_a_prompt_that_is_not_open():
    table = Table(["argos", "sparta"])
    table.roll([3, 3], [3, 3])
    event = Event("decision", {"prompt": "p999", "kind": "assign_die", "option": "tile:0"}, 0)
    with pytest.raises(InvalidEvent) as refused:
        game.apply(table.state, event)
    assert refused.value.code == "stale_prompt"


def test_apply_returns_a_new_state_and_leaves_the_old_one_untouched():
    table = Table(["argos", "sparta"])
    before = table.state
    views = [json.dumps(game.view(before, seat)) for seat in (None, 0, 1)]
    table.roll([3, 3], [3, 3])
    table.decide(0, "tile:0")

    assert table.state is not before
    assert [json.dumps(game.view(before, seat)) for seat in (None, 0, 1)] == views


def test_events_round_trip_through_json_with_type_and_version():
    _, events = play_random(2, seed=11)
    for event in events:
        raw = json.loads(json.dumps(event.to_dict()))
        assert raw["version"] == 1 and raw["type"] in ("decision", "chance")
        assert game.event_from_dict(raw) == event


@pytest.mark.parametrize(
    "raw",
    [
        [],
        {"type": "move", "data": {}},
        {"type": "decision", "data": "tile:0"},
        {"type": "decision", "data": {}, "seat": "0"},
        {"type": "chance", "data": {}, "version": 2},
    ],
)
def test_malformed_events_are_refused_with_a_code(raw):
    with pytest.raises(InvalidEvent) as refused:
        game.event_from_dict(raw)
    assert refused.value.code in ("malformed_event", "unsupported_event_version")


def test_replay_never_calls_a_random_generator(monkeypatch):
    _, events = play_random(3, seed=21)
    logged = [event.to_dict() for event in events]

    def refuse(*_args, **_kwargs):
        raise AssertionError("replay used randomness")

    for name in ("random", "randint", "randrange", "choice", "sample", "shuffle"):
        monkeypatch.setattr(random, name, refuse)
        monkeypatch.setattr(random.Random, name, refuse)
    replayed = engine.replay(game, 3, None, logged)
    assert game.is_over(replayed)


def test_the_same_seed_gives_the_same_game():
    first = [e.to_dict() for e in play_random(4, seed=8)[1]]
    second = [e.to_dict() for e in play_random(4, seed=8)[1]]
    assert first == second


def test_every_prompt_default_is_one_of_its_options_and_option_ids_are_unique():
    rng = random.Random(2)
    state = game.new_game(4)
    while not game.is_over(state):
        for seat, prompt in game.pending(state).items():
            ids = [option.id for option in prompt.options]
            assert len(ids) == len(set(ids)) and prompt.default in ids
            task = seat_tasks.head_task(state, seat)
            lone_is_public = seat_tasks.HANDLERS[task.kind].lone_answer_is_public(state, seat, task)
            assert len(ids) >= 2 or not lone_is_public, "public forced choices are taken"
            assert prompt.text
        state = game.apply(state, random_event(game, state, rng))


def test_get_game_names_the_known_games_when_asked_for_another():
    with pytest.raises(KeyError, match="known games: khlor, khora"):
        engine.get_game("chess")


def test_a_sealed_tile_assignment_can_be_taken_back_until_everyone_has_assigned():
    table = Table(["argos", "sparta"])
    table.roll([3, 3], [3, 3])
    with pytest.raises(IllegalDecision) as refused:
        game.revise(table.state, 0)
    assert refused.value.code == "nothing_to_revise"
    table.assign(0, 0, 2)

    table.apply(game.revise(table.state, 0))
    assert table.player(0).assignment == []
    assert table.prompt(0).kind == "assign_die"
    assert game.redact(table.events[-1], 1)["data"] == {"kind": "revise", "step": "assign_die"}
    table.assign(0, 3, 1)
    table.assign(1, 0, 2)

    assert table.player(0).active_tiles == [1, 3]
    with pytest.raises(IllegalDecision):
        game.revise(table.state, 0)


def test_a_draft_pick_can_be_changed_while_others_still_pick():
    state = game.new_game(2, {"cities": ["argos", "sparta"]})
    state = game.apply(state, game.sample_chance(state, random.Random(4)))
    first = game.pending(state)[0]
    state = game.apply(state, game.decide(state, 0, first.id, first.options[0].id))
    state = game.apply(state, game.revise(state, 0))

    again = game.pending(state)[0]
    assert again.id != first.id
    assert {o.id for o in again.options} == {o.id for o in first.options}
    state = game.apply(state, game.decide(state, 0, again.id, again.options[-1].id))
    assert state.players[0].draft_picks == [again.options[-1].data["card"]]
    assert len(state.players[0].draft_hand) == 4


def test_a_revise_event_for_a_step_that_resolved_is_refused():
    table = Table(["argos", "sparta"])
    table.roll([3, 3], [3, 3])
    table.assign(0, 0, 2)
    revise = game.revise(table.state, 0)
    table.assign(1, 0, 2)
    with pytest.raises(InvalidEvent):
        game.apply(table.state, revise)


def test_the_step_key_holds_through_a_simultaneous_step_and_changes_after_it():
    table = Table(["argos", "sparta"])
    table.roll([3, 3], [3, 3])
    key = game.step_key(table.state)
    table.assign(0, 0, 2)
    table.decide(1, "tile:1")
    assert game.step_key(table.state) == key, "each seat's chain of prompts is one step"
    table.decide(1, "tile:3")
    assert game.step_key(table.state) != key
