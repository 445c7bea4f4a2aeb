"""Text that cannot be encoded (a lone surrogate such as \\ud800, which JSON can spell) is
refused with a 400 problem wherever it appears in a body, never a 500; the web's forms, whose
bytes are decoded leniently, answer invalid UTF-8 with the form again, never a 500."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.players import assert_problem

pytestmark = pytest.mark.django_db(transaction=True)

SURROGATE = "\\ud800"  # as JSON spells it: the parsed string holds a lone surrogate

BODIES = [
    (
        "/api/v1/accounts/",
        '{"username": "ann", "email": "ann@example.com", "password": "a long pass phrase", '
        f'"time_zone": "{SURROGATE}"}}',
    ),
    ("/api/v1/games/", f'{{"game_type": "khora", "seats": 3, "options": {{"{SURROGATE}": 1}}}}'),
    ("/api/v1/games/", f'{{"game_type": "khora", "seats": 3, "options": {{"x": "{SURROGATE}"}}}}'),
    ("/api/v1/games/", f'{{"game_type": "khora", "seats": 3, "name": "a{SURROGATE}"}}'),
    ("/api/v1/auth/token/", f'{{"username": "{SURROGATE}", "password": "x"}}'),
    # A NUL: valid Unicode, but no PostgreSQL text or jsonb column takes it.
    ("/api/v1/games/", '{"game_type": "khora", "seats": 3, "options": {"x": "a\\u0000"}}'),
]


@pytest.mark.parametrize("path, body", BODIES)
def test_a_lone_surrogate_anywhere_in_a_body_is_a_400_problem(path, body, make_player):
    player = make_player("zoe")
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=player.client._credentials["HTTP_AUTHORIZATION"])
    response = client.post(path, body, content_type="application/json")
    problem = assert_problem(response, 400, "invalid_text")
    assert "\\ud800" not in problem["detail"] and "\ud800" not in problem["detail"]


def test_preferences_with_a_lone_surrogate_are_a_400_problem(make_player):
    player = make_player("zoe")
    response = player.client.patch(
        "/api/v1/me/preferences/",
        f'{{"time_zone": "{SURROGATE}"}}',
        content_type="application/json",
    )
    assert_problem(response, 400, "invalid_text")


@pytest.mark.parametrize(
    "path, raw",
    [
        ("/signup/", b"username=a%ED%A0%80&email=a%40example.com&password=x"),
        ("/accounts/login/", b"username=%ED%A0%80&password=x"),
    ],
)
def test_invalid_utf8_in_a_web_form_is_the_form_again(path, raw, db):
    response = Client(raise_request_exception=False).post(
        path, raw, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 200
