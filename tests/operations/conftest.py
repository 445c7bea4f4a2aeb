"""Players and games (tests/players.py), and the monitoring token the tests scrape with."""

import pytest

from tests.players import *  # noqa: F403  (players, games)

TOKEN = "test-monitoring-token"


@pytest.fixture
def monitoring(settings):
    settings.MONITORING_TOKEN = TOKEN
    return {"HTTP_AUTHORIZATION": f"Bearer {TOKEN}"}
