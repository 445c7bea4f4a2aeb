"""What the API and the preferences page read of a user's push."""

from __future__ import annotations

from typing import Any

from webpush import keys
from webpush.models import PushPreference, PushSubscription


def preferences_of(user) -> PushPreference:
    found = PushPreference.objects.filter(user=user).first()
    return found if found is not None else PushPreference(user=user)


def devices_of(user) -> list[PushSubscription]:
    return list(PushSubscription.objects.filter(user=user))


def push_settings(user) -> dict[str, Any]:
    """The user's push, as the API gives it and the page shows it."""
    preference = preferences_of(user)
    return {
        "available": keys.available(),
        "public_key": keys.public_key(),
        "your_turn": preference.your_turn,
        "game_over": preference.game_over,
        "chat": preference.chat,
        "devices": devices_of(user),
        "removed_device": (
            {"label": preference.removed_label, "removed_at": preference.removed_at}
            if preference.removed_at
            else None
        ),
    }
