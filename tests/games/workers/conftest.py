"""The workers' tests jump the frozen clock by days (the players' fixtures: tests/games)."""

from tests.players import _ticks_keep_their_pace  # noqa: F401
