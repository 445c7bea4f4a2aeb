"""The server tests' fixtures (players with tokens, real commits, PostgreSQL-only marker)."""

from tests.server.conftest import (  # noqa: F401
    anonymous,
    fast_password_hashing,
    make_player,
    pytest_runtest_setup,
)
