"""The matchmaking tests use the server tests' players (users with tokens and API clients) and
their rule for @pytest.mark.postgres (skipped elsewhere, failed under CI=true)."""

from tests.players import (  # noqa: F401 - fixtures and the postgres rule, registered by import
    anonymous,
    fast_password_hashing,
    make_player,
    pytest_runtest_setup,
)
