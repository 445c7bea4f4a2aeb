"""The Python client (clients/python) as a user installs it, and the server's fixtures."""

from __future__ import annotations

import sys
from pathlib import Path

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "python"
sys.path[:0] = [str(CLIENT), str(CLIENT / "examples")]

from tests.players import *  # noqa: E402, F403  (players; PostgreSQL-only tests)
