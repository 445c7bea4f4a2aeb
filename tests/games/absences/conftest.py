"""Fixtures for holidays, pauses and nudges: the server tests' players (real commits), a
frozen clock the tests move, and the ticks keeping their pace across the jumps."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from common import clock
from games import services
from games.models import GameStep
from games.workers import tasks
from tests.players import (  # noqa: F401
    anonymous,
    fast_password_hashing,
    make_player,
    pytest_runtest_setup,
    url,
)

# Monday 6 July 2026, noon UTC.
NOON = datetime(2026, 7, 6, 12, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


@pytest.fixture(autouse=True)
def ticks_keep_their_pace(settings):
    """The tests jump the frozen clock by hours between ticks, standing for a server that ran
    all along (no outage extension)."""
    settings.GAME_OUTAGE_SECONDS = 10**9
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://khora.example"


def tick_at(moment: datetime) -> dict:
    with clock.frozen_at(moment):
        return tasks.tick.delay().get()


def answer(player, game, at: datetime):
    """The player answers their open prompt with its default, at `at`."""
    with clock.frozen_at(at):
        prompt = player.get(url(game, "prompt")).json()["prompt"]
        assert prompt is not None, f"{player.user} is asked nothing"
        response = player.post(
            url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
        )
        assert response.status_code == 200, response.content
        return prompt


def open_step(game) -> GameStep:
    return GameStep.objects.get(game=game, closed_at=None)


def two_player_game(make, at: datetime = NOON):
    """anna and boris in a started game (48 h steps), both asked their first draft pick;
    `make`: the make_player fixture."""
    anna, boris = make("anna"), make("boris")
    with clock.frozen_at(at):
        game = services.game_create(
            creator=anna.user, game_type="khora", seats=2, options={}, step_hours=48
        )
        services.game_join(public_id=game.public_id, user=boris.user)
    game.refresh_from_db()
    return anna, boris, game
