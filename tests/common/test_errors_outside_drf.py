"""Every /api/ answer to an API client is problem+json, even when Django answers before DRF;
the browsable API shows its own errors as HTML; an Authorization header that is not a valid
credential is a 401 with a hint, never an anonymous 200 (issue 13, D5 and D6)."""

import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.players import assert_problem, start_game


def test_a_post_without_the_trailing_slash_gets_the_json_hint_not_a_csrf_page(db):
    client = APIClient(enforce_csrf_checks=True)
    response = client.post("/api/v1/games", {"seats": 2}, format="json")
    body = assert_problem(response, 404, "not_found")
    assert "/api/v1/games/" in body["detail"]


def test_a_body_over_the_size_limit_is_a_413_problem(make_player, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    alice = make_player("alice")
    big = json.dumps({"seats": 2, "options": {"padding": "x" * 2000}})
    response = alice.client.post("/api/v1/games/", big, content_type="application/json")
    body = assert_problem(response, 413, "too_large")
    assert "1000" in body["detail"]


def test_a_big_body_to_an_anonymous_endpoint_is_a_413_problem(db, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    big = json.dumps({"username": "x" * 2000, "email": "a@example.com", "password": "p"})
    response = Client().post("/api/v1/accounts/", big, content_type="application/json")
    assert_problem(response, 413, "too_large")


def test_a_django_level_400_under_api_is_a_problem(db):
    response = Client().get("/api/v1/games/", HTTP_HOST="evil.example")  # not an allowed host
    assert_problem(response, 400, "bad_request")


def test_the_browsable_api_renders_its_errors_as_html(make_player):
    alice = make_player("alice")
    response = alice.client.get("/api/v1/games/nope/", HTTP_ACCEPT="text/html")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert b"game_not_found" in response.content and b"<html" in response.content


def test_an_api_client_still_gets_problem_json(make_player):
    response = make_player("alice").client.get("/api/v1/games/nope/", HTTP_ACCEPT="*/*")
    assert_problem(response, 404, "game_not_found")


def test_pages_outside_the_api_keep_django_errors(db):
    response = Client().get("/admin/nowhere/", follow=False)
    assert not response["Content-Type"].startswith("application/problem+json")


@pytest.mark.parametrize(
    "header", ["Token abc123", "Basic YWxpY2U6c2VjcmV0", "bearer", "Bearer", "abc123"]
)
@pytest.mark.parametrize("action", ["", "prompt/", "log/"])
def test_a_wrong_authorization_header_is_a_401_with_a_hint(make_player, header, action):
    alice = make_player("alice")
    game = start_game([alice], seats=2)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    response = client.get(f"/api/v1/games/{game.public_id}/{action}")
    body = assert_problem(response, 401, "authentication_failed")
    assert "Bearer" in body["detail"]
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_the_drf_habit_token_prefix_is_named_in_the_hint(make_player):
    alice = make_player("alice")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {alice.token}")
    body = assert_problem(client.get("/api/v1/games/"), 401, "authentication_failed")
    assert "'Authorization: Bearer <token>'" in body["detail"]


def test_no_authorization_header_is_still_a_spectator(make_player, anonymous):
    game = start_game([make_player("alice")], seats=2)
    response = anonymous.get(f"/api/v1/games/{game.public_id}/prompt/")
    assert response.status_code == 200 and response.json() == {"prompt": None}
