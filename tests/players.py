"""The players' fixtures every server-side test folder shares: users with tokens, API clients,
games built by services, and the rule for @pytest.mark.postgres. Not a conftest: the engine's
tests run without Django, so each folder's conftest imports what it uses from here."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from knox.models import AuthToken
from rest_framework.test import APIClient

from accounts.models import Profile
from games import services
from games.models import Game

User = get_user_model()
PASSWORD = "correct horse battery staple"


def pytest_runtest_setup(item):
    """PostgreSQL-only tests skip elsewhere, but never in CI: there they must run or fail."""
    if item.get_closest_marker("postgres") is None:
        return
    if connection.vendor == "postgresql":
        return
    reason = (
        "needs PostgreSQL (row locks and real concurrency); set "
        "DATABASE_URL=postgres://postgres@127.0.0.1:5432/khora_server to run it"
    )
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true but the database is {connection.vendor}: this test {reason}")
    pytest.skip(reason)


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # Real hashing is deliberately slow; tests create many users.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


class Player:
    """A user with a token and an API client that sends it as a Bearer token."""

    def __init__(self, username: str, staff: bool = False):
        self.user = User.objects.create_user(
            username=username, email=f"{username}@example.com", password=PASSWORD
        )
        self.user.is_staff = staff
        self.user.save()
        Profile.objects.create(user=self.user)
        _, self.token = AuthToken.objects.create(self.user)
        self.client = APIClient()
        self.client.credentials(HTTP_AUTHORIZATION=f"Bearer {self.token}")

    def get(self, path: str, **extra):
        return self.client.get(path, **extra)

    def post(self, path: str, data=None, **extra):
        return self.client.post(path, data if data is not None else {}, format="json", **extra)


# Server tests commit for real (transactional_db): work queued with transaction.on_commit
# (the advance task, emails) then runs when a service's transaction ends, as in production.
@pytest.fixture
def make_player(transactional_db):
    def make(username: str, staff: bool = False) -> Player:
        return Player(username, staff)

    return make


@pytest.fixture
def anonymous(transactional_db):
    return APIClient()


def start_game(players: list[Player], seats: int | None = None, **options) -> Game:
    """A started game with `players` in seats 0.. and bots in the remaining seats."""
    creator, *others = players
    game = services.game_create(
        creator=creator.user,
        game_type="khora",
        seats=seats or len(players),
        options=options,
        step_hours=48,
    )
    for player in others:
        services.game_join(public_id=game.public_id, user=player.user)
    game.refresh_from_db()
    if game.status == Game.Status.LOBBY:
        services.game_start(public_id=game.public_id, user=creator.user, fill_with_bots=True)
        game.refresh_from_db()
    return game


def url(game: Game, action: str = "") -> str:
    suffix = f"{action}/" if action else ""
    return f"/api/v1/games/{game.public_id}/{suffix}"


def assert_problem(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body["status"] == status
    assert body["code"] == code
    assert body["type"].endswith(code)
    assert body["title"] and body["detail"]
    return body


@pytest.fixture(autouse=True, name="ticks_keep_their_pace")
def _ticks_keep_their_pace(settings):
    """Tests that jump the frozen clock by days between two ticks, standing for a server that
    ran all along, import it (a `from tests.players import *` leaves it out); tests of downtime
    (tests/games/workers/test_reliability.py) set a real threshold."""
    settings.GAME_OUTAGE_SECONDS = 10**9
