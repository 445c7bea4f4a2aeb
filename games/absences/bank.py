"""The holiday bank: HOLIDAY_DAYS_PER_YEAR a calendar year (UTC), spent in seconds, and the
per-game cap on days in a row (HOLIDAY_MAX_DAYS_IN_A_ROW; HOLIDAY_AUTOMATIC_MAX_DAYS for a
holiday the server started at a deadline, which the player never announced)."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db.models import F

from games.absences.models import AwayStretch, HolidayPreference, HolidayYear
from games.models import GameEvent

DAY = 24 * 3600


def allowance_seconds() -> int:
    return settings.HOLIDAY_DAYS_PER_YEAR * DAY


def cap_seconds(automatic: bool = False) -> int:
    """How long a game waits for a player away, in a row: an automatic holiday (nothing was
    said: the player may have vanished) holds a table of people a shorter while."""
    days = settings.HOLIDAY_MAX_DAYS_IN_A_ROW
    if automatic:
        days = min(days, settings.HOLIDAY_AUTOMATIC_MAX_DAYS)
    return days * DAY


def spent_seconds(user_id: int, moment: datetime) -> int:
    row = HolidayYear.objects.filter(user_id=user_id, year=moment.year).first()
    return row.spent_seconds if row else 0


def left_seconds(user_id: int, moment: datetime) -> int:
    """What is left of the bank in the year of `moment`."""
    return max(0, allowance_seconds() - spent_seconds(user_id, moment))


def spend(user_id: int, moment: datetime, seconds: int) -> None:
    """Take `seconds` from the bank of the year of `moment` (the hour's start)."""
    row, _ = HolidayYear.objects.get_or_create(user_id=user_id, year=moment.year)
    HolidayYear.objects.filter(pk=row.pk).update(spent_seconds=F("spent_seconds") + seconds)


def automatic_wanted(user_id: int) -> bool:
    preference = HolidayPreference.objects.filter(user_id=user_id).first()
    return preference.automatic if preference else True


def set_automatic(user_id: int, automatic: bool) -> None:
    HolidayPreference.objects.update_or_create(user_id=user_id, defaults={"automatic": automatic})


def stretch_is_over(stretch: AwayStretch, position: int) -> bool:
    """A stretch ends once the player answered in the game after its last hour: only then does
    the cap start again (announcing absence after absence does not reset it)."""
    return GameEvent.objects.filter(
        game_id=stretch.game_id,
        seat=position,
        type="decision",
        auto=False,
        created_at__gt=stretch.until,
    ).exists()


def capped(stretch: AwayStretch | None, position: int, automatic: bool = False) -> bool:
    """Has the game waited for this player the most days in a row it may (on an automatic
    holiday: `automatic`)?"""
    if stretch is None or stretch.seconds < cap_seconds(automatic):
        return False
    return not stretch_is_over(stretch, position)
