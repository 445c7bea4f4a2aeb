"""The event streams."""

import gc

import pytest

from tests.players import (  # noqa: F401 - fixtures and the postgres rule, registered by import
    anonymous,
    fast_password_hashing,
    make_player,
    pytest_runtest_setup,
)


@pytest.fixture(autouse=True)
def every_stream_gives_its_place_back():
    """A test leaves no stream open: its lease (live.limits) and subscription (live.hub) are
    given back when the stream ends or its client hangs up."""
    from live.hub import HUB
    from live.limits import LEASES

    yield
    gc.collect()  # a response the test dropped without closing is closed by its finalizer
    assert (LEASES.held(), HUB.open_streams()) == (0, 0), "a stream was left open"
