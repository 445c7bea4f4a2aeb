"""Submitting decisions: naming the prompt, refusals, batches and idempotent retries."""

import json
import random

from games.api.serializers import DecisionsOutput
from games.models import Game, GameEvent
from tests.players import assert_problem, start_game, url


def two_humans_and_a_bot(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    return alice, bob, start_game([alice, bob], seats=3)


def open_prompt(player, game) -> dict:
    prompt = player.get(url(game, "prompt")).json()["prompt"]
    assert prompt is not None
    return prompt


def test_the_prompt_lists_options_a_default_and_the_deadline(make_player):
    alice, _, game = two_humans_and_a_bot(make_player)
    prompt = open_prompt(alice, game)
    assert set(prompt) == {"id", "kind", "text", "options", "default", "deadline", "unavailable"}
    assert prompt["kind"] == "draft_pick"
    assert len(prompt["options"]) == 5
    assert {"id", "label", "data", "preview"} == set(prompt["options"][0])
    assert {"text", "changes", "warnings"} == set(prompt["options"][0]["preview"])
    assert prompt["default"] in [option["id"] for option in prompt["options"]]


def test_a_legal_decision_is_appended_and_the_seat_shows_as_submitted(make_player):
    alice, bob, game = two_humans_and_a_bot(make_player)
    prompt = open_prompt(alice, game)
    option = prompt["options"][1]["id"]
    response = alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": option})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["accepted"][0] == {
        "prompt": prompt["id"],
        "option": option,
        "seq": body["last_seq"],
    }
    assert body["prompt"] is None  # bob has not picked yet
    detail = bob.get(url(game)).json()
    assert detail["submitted"] == [0, 2] and detail["waiting_for"] == [1]
    assert option.removeprefix("card:") not in bob.get(url(game)).content.decode()


def test_a_stale_prompt_is_a_conflict_naming_the_current_prompt(make_player):
    alice, _bob, game = two_humans_and_a_bot(make_player)
    prompt = open_prompt(alice, game)
    body = assert_problem(
        alice.post(url(game, "decisions"), {"prompt": "p999", "option": "x"}), 409, "stale_prompt"
    )
    assert body["current_prompt"] == prompt["id"]


def test_an_illegal_option_lists_the_legal_ones(make_player):
    alice, _, game = two_humans_and_a_bot(make_player)
    prompt = open_prompt(alice, game)
    body = assert_problem(
        alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": "card:nope"}),
        422,
        "illegal_option",
    )
    assert body["legal_options"] == [option["id"] for option in prompt["options"]]
    assert "legal options" in body["detail"]


def test_a_seat_with_nothing_to_decide_is_told_whose_turn_it_is(make_player):
    alice, _bob, game = two_humans_and_a_bot(make_player)
    prompt = open_prompt(alice, game)
    alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]})
    body = assert_problem(
        alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}),
        409,
        "not_your_turn",
    )
    assert body["waiting_for"] == [1]


def test_a_player_without_a_seat_cannot_decide(make_player):
    alice, _, game = two_humans_and_a_bot(make_player)
    prompt = open_prompt(alice, game)
    response = make_player("mallory").post(
        url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
    )
    assert_problem(response, 403, "not_seated")


def test_a_malformed_submission_is_invalid_input(make_player):
    alice, _, game = two_humans_and_a_bot(make_player)
    for body in (
        {},
        {"prompt": "p1"},
        {"decisions": []},
        {"prompt": "p1", "option": "x", "decisions": []},
    ):
        problem = assert_problem(alice.post(url(game, "decisions"), body), 400, "invalid_input")
        assert problem["errors"]
    assert game.events.count() == Game.objects.get(pk=game.pk).last_seq


def test_a_batch_of_consecutive_decisions_is_applied_in_order(make_player):
    alice = make_player("alice")
    game = start_game([alice], seats=2)
    first = open_prompt(alice, game)
    # The bot has already picked, so after alice's first pick the hands pass at once.
    alice.post(url(game, "decisions"), {"prompt": first["id"], "option": first["default"]})
    second = open_prompt(alice, game)
    body = alice.post(
        url(game, "decisions"),
        {"decisions": [{"prompt": second["id"], "option": second["default"]}]},
    ).json()
    assert [d["prompt"] for d in body["accepted"]] == [second["id"]]
    third = body["prompt"]
    fourth_body = alice.post(
        url(game, "decisions"),
        {
            "decisions": [
                {"prompt": third["id"], "option": third["default"]},
                {"prompt": "p-later", "option": "x"},
            ]
        },
    )
    problem = assert_problem(fourth_body, 409, "stale_prompt")
    assert [d["prompt"] for d in problem["accepted"]] == [third["id"]]
    assert "1 decision(s) were accepted" in problem["detail"]


def test_a_batch_refused_at_its_first_decision_changes_nothing(make_player):
    alice, _, game = two_humans_and_a_bot(make_player)
    before = Game.objects.get(pk=game.pk).last_seq
    prompt = open_prompt(alice, game)
    response = alice.post(
        url(game, "decisions"),
        {
            "decisions": [
                {"prompt": prompt["id"], "option": "nope"},
                {"prompt": "p2", "option": "x"},
            ]
        },
    )
    assert_problem(response, 422, "illegal_option")
    assert Game.objects.get(pk=game.pk).last_seq == before
    assert GameEvent.objects.filter(game=game).count() == before


def test_an_idempotent_retry_returns_the_first_response_without_a_second_event(make_player):
    alice, _, game = two_humans_and_a_bot(make_player)
    prompt = open_prompt(alice, game)
    body = {"prompt": prompt["id"], "option": prompt["default"]}
    first = alice.post(url(game, "decisions"), body, HTTP_IDEMPOTENCY_KEY="retry-key-1")
    events = GameEvent.objects.filter(game=game).count()
    retry = alice.post(url(game, "decisions"), body, HTTP_IDEMPOTENCY_KEY="retry-key-1")
    assert retry.status_code == 200
    assert retry.content == first.content
    assert retry["Idempotent-Replayed"] == "true"
    assert GameEvent.objects.filter(game=game).count() == events


def test_an_idempotent_retry_returns_the_next_prompt_and_its_deadline_as_first_sent(make_player):
    # The remembered response holds the next prompt's deadline, a datetime: it must be stored
    # as the API renders it, so that the retry is byte for byte the first answer.
    alice = make_player("alice")
    game = start_game([alice], seats=2)
    for number in range(300):
        prompt = open_prompt(alice, game)
        body = {"prompt": prompt["id"], "option": prompt["default"]}
        first = alice.post(url(game, "decisions"), body, HTTP_IDEMPOTENCY_KEY=f"retry-key-{number}")
        assert first.status_code == 200, first.content
        if first.json()["prompt"] is not None:
            break
    assert first.json()["prompt"]["deadline"]
    retry = alice.post(url(game, "decisions"), body, HTTP_IDEMPOTENCY_KEY=f"retry-key-{number}")
    assert retry.status_code == 200
    assert retry.content == first.content


def test_an_idempotency_key_reused_for_other_decisions_is_refused(make_player):
    alice, _, game = two_humans_and_a_bot(make_player)
    prompt = open_prompt(alice, game)
    alice.post(
        url(game, "decisions"),
        {"prompt": prompt["id"], "option": prompt["default"]},
        HTTP_IDEMPOTENCY_KEY="retry-key-1",
    )
    other = alice.post(
        url(game, "decisions"),
        {"prompt": prompt["id"], "option": prompt["options"][-1]["id"]},
        HTTP_IDEMPOTENCY_KEY="retry-key-1",
    )
    assert_problem(other, 422, "idempotency_key_reused")


def test_decisions_in_a_lobby_are_refused(make_player):
    alice = make_player("alice")
    game_id = alice.post("/api/v1/games/", {"seats": 2}).json()["id"]
    response = alice.post(f"/api/v1/games/{game_id}/decisions/", {"prompt": "p1", "option": "x"})
    assert_problem(response, 409, "game_not_active")


def test_an_overlong_idempotency_key_is_invalid(make_player):
    alice, _, game = two_humans_and_a_bot(make_player)
    prompt = open_prompt(alice, game)
    response = alice.post(
        url(game, "decisions"),
        {"prompt": prompt["id"], "option": prompt["default"]},
        HTTP_IDEMPOTENCY_KEY="k" * 256,
    )
    assert_problem(response, 400, "invalid_idempotency_key")


def test_a_sealed_pick_can_be_replaced_until_everyone_has_picked(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    first = bob.get(url(game, "prompt")).json()["prompt"]
    bob.post(url(game, "decisions"), {"prompt": first["id"], "option": first["options"][0]["id"]})
    assert bob.get(url(game, "prompt")).json()["prompt"] is None

    body = bob.post(url(game, "revise")).json()
    assert body["revised"] == "draft_pick"
    assert {o["id"] for o in body["prompt"]["options"]} == {o["id"] for o in first["options"]}
    bob.post(
        url(game, "decisions"),
        {"prompt": body["prompt"]["id"], "option": first["options"][1]["id"]},
    )
    log = alice.get(url(game, "log")).json()["events"]
    assert [e["data"]["kind"] for e in log if e["seat"] == 1][-3:] == [
        "draft_pick",
        "revise",
        "draft_pick",
    ]
    assert all("option" not in e["data"] for e in log if e["seat"] == 1), "bob's picks stay sealed"

    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]})
    assert_problem(bob.post(url(game, "revise")), 409, "nothing_to_revise")


def test_a_decision_response_is_exactly_what_its_serializer_would_render(make_player):
    """The view returns the service's body without copying it through DecisionsOutput: the
    body must already have the schema's fields, shapes and order (prompts with left-out
    options included), or clients would read something the schema does not say."""
    players = [make_player(name) for name in ("ann", "ben", "cyd")]
    game = start_game(players)
    rng = random.Random(3)
    checked = with_unavailable = 0
    for _ in range(60):
        for player in players:
            prompt = player.get(url(game, "prompt")).json()["prompt"]
            if prompt is None:
                continue
            option = rng.choice(prompt["options"])["id"]
            response = player.post(
                url(game, "decisions"), {"prompt": prompt["id"], "option": option}
            )
            assert response.status_code == 200, response.content
            body = response.json()
            assert json.dumps(DecisionsOutput(body).data) == json.dumps(body)
            checked += 1
            with_unavailable += bool(body["prompt"] and body["prompt"].get("unavailable"))
    assert checked >= 40 and with_unavailable, (checked, with_unavailable)
