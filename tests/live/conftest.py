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

    # Tests of other folders may have dropped a stream without closing it: its finalizer
    # closes it at the next collection, so count from what is left after one.
    gc.collect()
    before = (LEASES.held(), HUB.open_streams())
    yield
    gc.collect()  # a response the test dropped without closing is closed by its finalizer
    assert (LEASES.held(), HUB.open_streams()) == before, "a stream was left open"
