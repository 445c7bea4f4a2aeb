"""games' tests: the API (api/), the write path (write/), the workers (workers/)."""

from tests.players import (  # noqa: F401 - fixtures and the postgres rule, registered by import
    anonymous,
    fast_password_hashing,
    make_player,
    pytest_runtest_setup,
)
