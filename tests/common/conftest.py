"""The shared plumbing: problem+json, parsers, the strict inputs."""

from tests.players import (  # noqa: F401 - fixtures and the postgres rule, registered by import
    anonymous,
    fast_password_hashing,
    make_player,
    pytest_runtest_setup,
)
