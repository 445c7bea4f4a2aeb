"""A user's wall clock: their time zone, quiet hours and how a deadline reads to them."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.utils import dateformat, translation
from django.utils.translation import gettext, pgettext

from accounts.models import Profile
from notifications.selectors import loaded


def zone_of(user) -> ZoneInfo:
    """The user's time zone from their profile; UTC without a profile or with a stale name."""
    known, profile = loaded(user, "profile")
    if known:
        name = profile.time_zone if profile else None
    else:
        name = Profile.objects.filter(user_id=user.pk).values_list("time_zone", flat=True).first()
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def hour_in_range(hour: int, start: int, end: int) -> bool:
    """Whether `hour` lies in [start, end), a range that wraps past midnight when start > end.

    start == end is an empty range: quiet hours of no length.
    """
    if start < end:
        return start <= hour < end
    if start > end:
        return hour >= start or hour < end
    return False


def next_hour_mark(local: datetime, hour: int) -> datetime:
    """The first moment after `local` at which the wall clock shows `hour`:00."""
    mark = local.replace(hour=hour, minute=0, second=0, microsecond=0)
    if mark <= local:  # same tzinfo: compared as wall-clock times, as wanted
        mark += timedelta(days=1)
    return mark


def format_deadline(deadline: datetime, zone: ZoneInfo) -> str:
    """E.g. "Tuesday 4 March 2025 at 14:00 CET (Europe/Paris)"."""
    local = deadline.astimezone(zone)
    abbreviation = local.tzname() or ""
    where = f" ({zone.key})" if zone.key not in (abbreviation, "UTC") else ""
    # In the active language: "E" is the month as a date says it ("25 листопада" in Ukrainian).
    # Translators: a date format (Django's), e.g. "Tuesday 4 March 2025".
    day = dateformat.format(local, pgettext("deadline date", "l j E Y"))
    if translation.get_language() == "uk":
        day = day[0].lower() + day[1:]  # Ukrainian writes weekdays in lower case
    when = gettext("%(day)s at %(time)s") % {"day": day, "time": f"{local:%H:%M}"}
    return f"{when} {abbreviation}{where}".strip()
