"""The matchmaking tests use the server tests' players (users with tokens and API clients)."""

from tests.players import (  # noqa: F401 - fixtures, registered by being imported
    anonymous,
    fast_password_hashing,
    make_player,
)
