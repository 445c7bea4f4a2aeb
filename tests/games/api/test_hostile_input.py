"""Small hostile inputs that once reached a 500: each is now a 4xx problem+json (issue 13, D1)."""

import base64

import pytest
from rest_framework.test import APIClient

from tests.players import PASSWORD, assert_problem, start_game

DEEP_JSON = "[" * 1100 + "]" * 1100  # about 2 KB


@pytest.mark.parametrize(
    "path",
    ["/api/v1/accounts/", "/api/v1/auth/token/", "/api/v1/games/", "/api/v1/me/preferences/"],
)
def test_deeply_nested_json_is_refused_on_every_json_endpoint(make_player, path):
    alice = make_player("alice")
    method = alice.client.patch if path.endswith("preferences/") else alice.client.post
    body = assert_problem(method(path, DEEP_JSON, content_type="application/json"), 400, "too_deep")
    assert "nest" in body["detail"]


def test_deep_json_in_a_decision_is_refused(make_player):
    alice = make_player("alice")
    game = start_game([alice], seats=2)
    path = f"/api/v1/games/{game.public_id}/decisions/"
    response = alice.client.post(path, DEEP_JSON, content_type="application/json")
    assert_problem(response, 400, "too_deep")


def test_moderate_nesting_still_parses(make_player):
    nested = {"seats": 2, "options": {"a": [[[[{"b": 1}]]]]}}
    response = make_player("alice").post("/api/v1/games/", nested)
    assert response.status_code == 400  # refused by the rules, not by the parser
    assert response.json()["code"] != "too_deep"


@pytest.mark.parametrize(
    "action", ["", "join/", "start/", "prompt/", "log/", "decisions/", "revise/", "state/?at=0"]
)
def test_a_nul_byte_in_a_game_id_is_a_404(make_player, action):
    alice = make_player("alice")
    path = f"/api/v1/games/ab%00cd/{action}"
    if action.endswith("state/?at=0") or action in ("", "prompt/", "log/"):
        response = alice.get(path)
    else:
        body = {"prompt": "p", "option": "o"} if action == "decisions/" else {}
        response = alice.post(path, body)
    assert_problem(response, 404, "game_not_found")


@pytest.mark.parametrize(
    "cursor",
    [
        base64.b64encode(b"p=not-a-date").decode(),
        base64.b64encode(b"p=2026-01-01%00").decode(),
        base64.b64encode(b"o=-1").decode(),
        "%%%not-base64",
    ],
)
def test_a_crafted_cursor_is_a_404(make_player, cursor):
    alice = make_player("alice")
    response = alice.client.get("/api/v1/games/", {"cursor": cursor})
    body = assert_problem(response, 404, "invalid_cursor")
    assert "cursor" in body["detail"]


def test_a_real_cursor_pages_on(make_player):
    alice = make_player("alice")
    for _ in range(3):
        alice.post("/api/v1/games/", {"seats": 2})
    from games.api.views import GamePagination

    GamePagination.page_size, saved = 2, GamePagination.page_size
    try:
        first = alice.get("/api/v1/games/").json()
        second = alice.client.get(first["next"]).json()
    finally:
        GamePagination.page_size = saved
    assert len(first["results"]) == 2 and len(second["results"]) == 1


def test_a_fullwidth_twin_of_a_username_is_taken(make_player):
    make_player("man1")
    response = APIClient().post(
        "/api/v1/accounts/",
        {"username": "ｍａｎ1", "email": "twin@example.com", "password": PASSWORD},
        format="json",
    )
    assert_problem(response, 409, "username_taken")


@pytest.mark.parametrize("length", [255, 300, 320])
def test_an_email_longer_than_the_column_is_refused(db, length):
    email = "a" * (length - len("@example.com")) + "@example.com"
    response = APIClient().post(
        "/api/v1/accounts/",
        {"username": "zoe", "email": email, "password": PASSWORD},
        format="json",
    )
    body = assert_problem(response, 400, "invalid_input")
    assert "email" in body["errors"]
