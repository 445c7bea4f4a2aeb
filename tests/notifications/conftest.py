"""Fixtures for the notification tests: users with an address and a time zone, a game row,
contexts as the games side builds them and the in-memory email backend. (Celery tasks run
in-process for every test: tests/conftest.py.)"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from accounts.models import Profile
from games.models import Game
from notifications.models import NotificationPreference

# The rule for @pytest.mark.postgres (skip on SQLite, fail in CI) and the players of real
# games (the digest reads what they are asked), shared by the server-side tests; the game
# emails' tests jump the frozen clock by days (ticks_keep_their_pace).
from tests.players import (  # noqa: F401
    _ticks_keep_their_pace,
    fast_password_hashing,
    make_player,
    pytest_runtest_setup,
)

User = get_user_model()
SITE = "https://khora.example"
# Tuesday 4 March 2025, 13:00 UTC: 14:00 in Paris (CET), 08:00 in New York (EST).
DEADLINE = datetime(2025, 3, 4, 13, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def outbox_in_memory(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = SITE
    settings.NOTIFY_MAX_ATTEMPTS = 4
    settings.NOTIFY_RETRY_SECONDS = 60
    settings.NOTIFY_DIGEST_HOUR = 8


@pytest.fixture
def make_user(db):
    def make(
        username: str, *, time_zone: str | None = "UTC", email: str | None = None, **preferences
    ):
        address = f"{username}@example.com" if email is None else email
        user = User.objects.create_user(username=username, email=address)
        if time_zone is not None:
            Profile.objects.create(user=user, time_zone=time_zone)
        if preferences:
            NotificationPreference.objects.create(user=user, **preferences)
        return user

    return make


@pytest.fixture
def game(make_user) -> Game:
    return Game.objects.create(creator=make_user("host"), rules_version="test", num_seats=3)


def turn_context(game: Game, **changes: Any) -> dict[str, Any]:
    """A context as the games side passes it for your_turn and reminders."""
    return {
        "game_id": game.public_id,
        "game_name": "Aegean Nights",
        "game_url": f"{SITE}/games/{game.public_id}/",
        "prompt_url": f"{SITE}/api/v1/games/{game.public_id}/prompt/",
        "prompt": {
            "text": "Choose the politics card you keep from this hand.",
            "options": ["Keep Diolkos", "Keep Lyceum", "Keep Gardens"],
            "default": "Keep Lyceum",
        },
        "deadline": DEADLINE,
        "players": ["alice", "bob", "bot"],
        "round": 2,
        "phase": "draft",
        **changes,
    }


def over_context(game: Game, **changes: Any) -> dict[str, Any]:
    """A context as the games side passes it for game_over."""
    return {
        "game_id": game.public_id,
        "game_name": "Aegean Nights",
        "game_url": f"{SITE}/games/{game.public_id}/",
        "deadline": None,
        "players": ["alice", "bob", "bot"],
        "round": 9,
        "phase": None,
        "scores": [
            {"player": "bob", "seat": 1, "total": 71, "place": 1},
            {"player": "bot", "seat": 2, "total": 58, "place": 3},
            {"player": "alice", "seat": 0, "total": 64, "place": 2},
        ],
        **changes,
    }
