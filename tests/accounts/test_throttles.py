"""Limits on abuse: throttles on log-in (per account and per client), sign-up, game creation
and what starts games (emails), in the shared cache, answered 429 problem+json with
Retry-After; caps on open lobbies and live tokens per user (issue 13, D4).

Throttle histories live in the shared cache (Redis in CI) across runs, so every test uses
fresh names and client addresses.
"""

import uuid

import pytest
from django.core.cache import caches
from knox.models import AuthToken
from rest_framework.test import APIClient

from games.models import Game
from tests.players import PASSWORD, assert_problem


def fresh(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:10]}"


def fresh_address() -> str:
    number = uuid.uuid4().int
    return f"10.{number % 250}.{number // 250 % 250}.{number // 62500 % 250 + 1}"


def log_in(username: str, password: str, address: str):
    return APIClient(REMOTE_ADDR=address).post(
        "/api/v1/auth/token/", {"username": username, "password": password}, format="json"
    )


def assert_throttled(response) -> None:
    body = assert_problem(response, 429, "throttled")
    assert int(response["Retry-After"]) >= 1
    assert "Retry-After" in body["detail"]


def test_wrong_passwords_for_one_account_are_throttled_from_any_address(make_player, settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "login_account": "3/hour"}
    name = fresh("victim")
    make_player(name)
    for _ in range(3):
        assert log_in(name, "wrong guess", fresh_address()).status_code == 401
    assert_throttled(log_in(name.upper(), PASSWORD, fresh_address()))  # folded: one account
    assert log_in(fresh("someone"), "x", fresh_address()).status_code == 401  # others unaffected


def test_log_ins_from_one_client_are_throttled(make_player, settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "login_client": "4/hour"}
    address = fresh_address()
    for _ in range(4):
        assert log_in(fresh("guess"), "x", address).status_code == 401
    assert_throttled(log_in(fresh("guess"), "x", address))
    assert log_in(fresh("guess"), "x", fresh_address()).status_code == 401


def test_sign_ups_from_one_client_are_throttled(db, settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "sign_up": "2/hour"}
    client = APIClient(REMOTE_ADDR=fresh_address())

    def sign_up():
        name = fresh("new")
        body = {"username": name, "email": f"{name}@example.com", "password": PASSWORD}
        return client.post("/api/v1/accounts/", body, format="json")

    assert [sign_up().status_code for _ in range(2)] == [201, 201]
    assert_throttled(sign_up())


def test_game_creation_is_throttled_per_user_but_listing_is_not(make_player, settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "game_create": "2/hour"}
    alice = make_player(fresh("alice"))
    for _ in range(2):
        assert alice.post("/api/v1/games/", {"seats": 2}).status_code == 201
    assert_throttled(alice.post("/api/v1/games/", {"seats": 2}))
    assert alice.get("/api/v1/games/").status_code == 200
    assert make_player(fresh("bob")).post("/api/v1/games/", {"seats": 2}).status_code == 201


def test_joining_and_starting_are_throttled_per_user(make_player, settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "game_start": "1/hour"}
    alice, bob = make_player(fresh("alice")), make_player(fresh("bob"))
    first = alice.post("/api/v1/games/", {"seats": 3}).json()["id"]
    second = alice.post("/api/v1/games/", {"seats": 3}).json()["id"]
    assert bob.post(f"/api/v1/games/{first}/join/").status_code == 200
    assert_throttled(bob.post(f"/api/v1/games/{second}/join/"))
    started = alice.post(f"/api/v1/games/{first}/start/", {"fill_with_bots": True})
    assert started.status_code == 200


def test_the_throttle_counts_in_the_shared_cache(make_player, settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "login_client": "5/hour"}
    address = fresh_address()
    log_in(fresh("guess"), "x", address)
    key = f"throttle_login_client_{address}"
    assert len(caches["default"].get(key)) == 1
    if settings.REDIS_URL:
        assert "Redis" in type(caches["default"]).__name__


def test_open_lobbies_per_user_are_capped(make_player, settings):
    settings.GAME_MAX_OPEN_LOBBIES = 2
    alice = make_player(fresh("alice"))
    ids = [alice.post("/api/v1/games/", {"seats": 2}).json()["id"] for _ in range(2)]
    body = assert_problem(alice.post("/api/v1/games/", {"seats": 2}), 409, "too_many_lobbies")
    assert body["limit"] == 2
    alice.post(f"/api/v1/games/{ids[0]}/start/", {"fill_with_bots": True})
    assert Game.objects.get(public_id=ids[0]).status != Game.Status.LOBBY
    assert alice.post("/api/v1/games/", {"seats": 2}).status_code == 201


def test_live_tokens_per_user_are_capped_dropping_the_least_recently_used(make_player, settings):
    settings.TOKEN_MAX_PER_USER = 3
    name = fresh("alice")
    alice = make_player(name)  # holds one token already
    tokens = [log_in(name, PASSWORD, fresh_address()).json()["token"] for _ in range(4)]
    assert AuthToken.objects.filter(user=alice.user).count() == 3
    for token, works in zip(tokens, [False, True, True, True], strict=True):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        assert (client.get("/api/v1/games/").status_code == 200) is works


@pytest.mark.parametrize("value", ["many", "10/fortnight", "x/hour"])
def test_a_nonsense_rate_stops_start_up(value, monkeypatch):
    from django.core.exceptions import ImproperlyConfigured

    from khora_site.settings import env_rate

    monkeypatch.setenv("THROTTLE_SIGN_UP", value)
    with pytest.raises(ImproperlyConfigured):
        env_rate("THROTTLE_SIGN_UP", "5/hour")
