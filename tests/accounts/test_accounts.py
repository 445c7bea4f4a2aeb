"""Accounts and tokens: create, log in, use as Bearer, revoke; tokens are stored hashed."""

from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.players import PASSWORD, assert_problem


def test_creating_an_account_returns_a_working_bearer_token(db):
    client = APIClient()
    response = client.post(
        "/api/v1/accounts/",
        {
            "username": "zoe",
            "email": "zoe@example.com",
            "password": PASSWORD,
            "time_zone": "Europe/Kyiv",
            "language": "uk",
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["username"] == "zoe" and body["time_zone"] == "Europe/Kyiv"
    assert body["language"] == "uk" and body["expiry"]
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {body['token']}")
    assert client.get("/api/v1/games/").status_code == 200


def test_tokens_are_stored_hashed_with_an_expiry(db):
    body = (
        APIClient()
        .post(
            "/api/v1/accounts/",
            {"username": "zoe", "email": "zoe@example.com", "password": PASSWORD},
            format="json",
        )
        .json()
    )
    stored = AuthToken.objects.get(user__username="zoe")
    assert body["token"] not in (stored.digest, stored.token_key)
    assert stored.expiry is not None


def test_a_taken_username_is_a_conflict(make_player):
    make_player("zoe")
    response = APIClient().post(
        "/api/v1/accounts/",
        {"username": "ZOE", "email": "z@example.com", "password": PASSWORD},
        format="json",
    )
    assert_problem(response, 409, "username_taken")


def test_a_weak_password_is_refused_with_the_reasons(db):
    response = APIClient().post(
        "/api/v1/accounts/",
        {"username": "zoe", "email": "zoe@example.com", "password": "12345678"},
        format="json",
    )
    body = assert_problem(response, 422, "weak_password")
    assert body["errors"]["password"]


def test_a_password_under_8_characters_does_not_match_the_schema(db):
    response = APIClient().post(
        "/api/v1/accounts/",
        {"username": "zoe", "email": "zoe@example.com", "password": "123"},
        format="json",
    )
    body = assert_problem(response, 400, "invalid_input")
    assert "8 characters" in body["errors"]["password"][0]


def test_an_unknown_time_zone_is_invalid_input(db):
    response = APIClient().post(
        "/api/v1/accounts/",
        {"username": "zoe", "email": "zoe@example.com", "password": PASSWORD, "time_zone": "Mars"},
        format="json",
    )
    body = assert_problem(response, 400, "invalid_input")
    assert "time_zone" in body["errors"]


def test_logging_in_returns_a_new_token(make_player):
    player = make_player("zoe")
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "zoe", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["token"] != player.token
    assert AuthToken.objects.filter(user=player.user).count() == 2


def test_a_wrong_password_is_unauthorized(make_player):
    make_player("zoe")
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "zoe", "password": "nope"}, format="json"
    )
    assert_problem(response, 401, "invalid_credentials")
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_a_revoked_token_no_longer_works(make_player):
    player = make_player("zoe")
    assert player.post("/api/v1/auth/token/revoke/").json() == {"revoked": 1}
    assert_problem(player.get("/api/v1/games/"), 401, "authentication_failed")


def test_revoking_all_tokens_logs_out_everywhere(make_player):
    player = make_player("zoe")
    other = APIClient()
    login = other.post(
        "/api/v1/auth/token/", {"username": "zoe", "password": PASSWORD}, format="json"
    )
    other.credentials(HTTP_AUTHORIZATION=f"Bearer {login.json()['token']}")
    assert player.post("/api/v1/auth/token/revoke-all/").json() == {"revoked": 2}
    assert_problem(other.get("/api/v1/games/"), 401, "authentication_failed")


def test_session_login_works_for_the_browsable_api(make_player):
    make_player("zoe")
    client = APIClient()
    assert client.login(username="zoe", password=PASSWORD)
    assert client.get("/api/v1/games/").status_code == 200
