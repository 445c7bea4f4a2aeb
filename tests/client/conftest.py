"""The Python client (clients/python) as a user imports it, a scripted server, and the
server's fixtures for the tests against the live test server."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "python"
sys.path[:0] = [str(CLIENT)]

from tests.client.scripted import Answer, Scripted  # noqa: E402
from tests.players import *  # noqa: E402, F403  (players; PostgreSQL-only tests)


@pytest.fixture
def scripted():
    made: list[Scripted] = []

    def make(*answers: Answer) -> Scripted:
        made.append(Scripted(list(answers)))
        return made[-1]

    yield make
    for server in made:
        server.close()
