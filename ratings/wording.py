"""The player page's numbers in words, in the page's language: an answer time as a duration,
a city's name from the game's own catalog."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.khora.catalog import city_name


def duration(seconds: int) -> str:
    """`seconds` in words: the two largest units (Django's words: "1 hour, 30 minutes"), or
    "under a minute"."""
    if seconds < 60:
        return _("under a minute")
    now = timezone.now()
    return timesince(now - timedelta(seconds=seconds), now, depth=2)


def city(game_type: str, city_id: str) -> str:
    """A city's name in the page's language (Khôra's catalog); its id when unknown."""
    if game_type != "khora":
        return city_id
    lang = "uk" if (get_language() or "en").startswith("uk") else "en"
    try:
        return city_name(city_id, lang)
    except KeyError:
        return city_id
