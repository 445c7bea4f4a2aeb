"""What matchmaking hears from games: the minute tick expires what waited too long."""

from __future__ import annotations

from games import events
from matchmaking import services


def ticked(event: events.Ticked) -> dict[str, int]:
    """The tick's counts get the queue entries and rematch offers it ended."""
    return {"matchmaking_expired": services.expire_due()}
