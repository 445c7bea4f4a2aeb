"""The queue's reads: a player's waiting entries."""

from __future__ import annotations

from typing import Any

from common import clock
from matchmaking.models import QueueEntry


def entry_dict(entry: QueueEntry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "game_type": entry.game_type,
        "players": entry.players,
        "step_hours": entry.step_hours,
        "language": entry.language,
        "rating_band": entry.rating_band,
        "rating": round(entry.rating, 2),
        "status": entry.status,
        "game": entry.game.public_id if entry.game_id else None,
        "created_at": entry.created_at,
        "expires_at": entry.expires_at,
    }


def waiting_entries(user) -> list[dict[str, Any]]:
    """The player's entries still waiting, oldest first (one past its time is not listed,
    even before the tick marks it expired)."""
    entries = QueueEntry.objects.filter(
        user=user, status=QueueEntry.Status.WAITING, expires_at__gt=clock.now()
    ).order_by("created_at", "pk")
    return [entry_dict(entry) for entry in entries]
