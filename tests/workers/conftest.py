"""The server tests' fixtures (players with tokens, real commits, PostgreSQL-only marker)."""

import pytest

from tests.server.conftest import (  # noqa: F401
    anonymous,
    fast_password_hashing,
    make_player,
    pytest_runtest_setup,
)


@pytest.fixture(autouse=True)
def ticks_keep_their_pace(settings):
    """These tests jump the frozen clock by days between two ticks, standing for a server that
    ran all along; tests of downtime (tests/workers/test_downtime.py) set a real threshold."""
    settings.GAME_OUTAGE_SECONDS = 10**9
