"""Quiet hours on the player's own clock, and when a rung of the reminder ladder is due."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from notifications import services
from tests.notifications.conftest import turn_context

# 4 March 2025 (winter): Paris is UTC+1, New York UTC-5.
DAY = datetime(2025, 3, 4, tzinfo=UTC)


def utc(hour: float, days: int = 0) -> datetime:
    return DAY + timedelta(days=days, hours=hour)


def test_without_quiet_hours_no_moment_is_quiet(make_user):
    alice = make_user("alice")
    assert not any(services.in_quiet_hours(alice, utc(h)) for h in range(24))


@pytest.mark.parametrize(
    ("moment", "quiet"),
    [
        (utc(20.99), False),  # 21:59 in Paris
        (utc(21), True),  # 22:00, quiet hours begin
        (utc(23.5), True),  # 00:30 the next day: the range wraps past midnight
        (utc(5.99), True),  # 06:59
        (utc(6), False),  # 07:00, they end
        (utc(12), False),
    ],
)
def test_quiet_hours_wrap_past_midnight_on_the_players_clock(make_user, moment, quiet):
    paris = make_user("paris", time_zone="Europe/Paris", quiet_hours_start=22, quiet_hours_end=7)
    assert services.in_quiet_hours(paris, moment) is quiet


def test_the_same_moment_is_quiet_for_one_time_zone_and_not_another(make_user):
    hours = {"quiet_hours_start": 22, "quiet_hours_end": 7}
    paris = make_user("paris", time_zone="Europe/Paris", **hours)
    new_york = make_user("ny", time_zone="America/New_York", **hours)
    no_profile = make_user("nowhere", time_zone=None, **hours)  # read as UTC
    moment = utc(3)  # 04:00 in Paris, 22:00 the evening before in New York, 03:00 UTC
    assert services.in_quiet_hours(paris, moment)
    assert services.in_quiet_hours(new_york, moment)
    assert services.in_quiet_hours(no_profile, moment)
    later = utc(7)  # 08:00 in Paris, 02:00 in New York, 07:00 UTC
    assert not services.in_quiet_hours(paris, later)
    assert services.in_quiet_hours(new_york, later)
    assert not services.in_quiet_hours(no_profile, later)


def test_quiet_hours_within_one_day(make_user):
    siesta = make_user("siesta", quiet_hours_start=13, quiet_hours_end=16)
    assert [h for h in range(24) if services.in_quiet_hours(siesta, utc(h))] == [13, 14, 15]


def test_a_reminder_outside_quiet_hours_is_allowed(make_user):
    paris = make_user("paris", time_zone="Europe/Paris", quiet_hours_start=22, quiet_hours_end=7)
    assert services.reminder_allowed(paris, utc(12), deadline=utc(14))


def test_a_reminder_waits_out_quiet_hours_when_the_deadline_comes_after_them(make_user):
    paris = make_user("paris", time_zone="Europe/Paris", quiet_hours_start=22, quiet_hours_end=7)
    # 23:00 in Paris, deadline 13:00 the next day: wait until 07:00.
    assert not services.reminder_allowed(paris, utc(22), deadline=utc(12, days=1))


def test_a_reminder_may_break_quiet_hours_when_the_deadline_falls_inside_them(make_user):
    paris = make_user("paris", time_zone="Europe/Paris", quiet_hours_start=22, quiet_hours_end=7)
    # 23:00 in Paris, deadline 03:00: in the morning it would be too late.
    assert services.reminder_allowed(paris, utc(22), deadline=utc(2, days=1))
    # Even right up to the end of the quiet hours (06:59).
    assert services.reminder_allowed(paris, utc(22), deadline=utc(5.99, days=1))


def test_a_deadline_in_a_later_nights_quiet_hours_does_not_break_tonights(make_user):
    paris = make_user("paris", time_zone="Europe/Paris", quiet_hours_start=22, quiet_hours_end=7)
    # 23:00 tonight, deadline 23:30 tomorrow night: the morning is still early enough.
    assert not services.reminder_allowed(paris, utc(22), deadline=utc(22.5, days=1))


# --- the ladder (default 24 h and 2 h before the deadline) ---


@pytest.mark.parametrize(
    ("hours_before_deadline", "due"),
    [
        (30, None),
        (24.01, None),
        (24, "reminder_24h"),
        (10, "reminder_24h"),
        (2, "reminder_2h"),
        (0.5, "reminder_2h"),
        (0, None),  # the deadline has passed: the deadline worker takes over
    ],
)
def test_each_rung_is_due_from_its_time_until_the_deadline(settings, hours_before_deadline, due):
    settings.NOTIFY_REMINDER_HOURS = [24, 2]
    deadline = utc(12, days=2)
    now = deadline - timedelta(hours=hours_before_deadline)
    opened = deadline - timedelta(hours=48)
    assert services.reminder_due(opened_at=opened, now=now, deadline=deadline) == due


def test_a_rung_whose_time_came_before_the_step_opened_is_never_due(settings):
    settings.NOTIFY_REMINDER_HOURS = [24, 2]
    deadline = utc(12, days=1)
    opened = deadline - timedelta(hours=12)  # a 12-hour step: no 24-hour reminder
    assert services.reminder_due(opened_at=opened, now=opened, deadline=deadline) is None
    just_before = deadline - timedelta(hours=3)
    assert services.reminder_due(opened_at=opened, now=just_before, deadline=deadline) is None
    two_hours = deadline - timedelta(hours=2)
    assert services.reminder_due(opened_at=opened, now=two_hours, deadline=deadline) == (
        "reminder_2h"
    )


def test_a_configured_ladder_is_followed(settings):
    settings.NOTIFY_REMINDER_HOURS = [48, 12, 1]
    deadline = utc(12, days=5)
    opened = deadline - timedelta(days=4)
    at = {h: deadline - timedelta(hours=h) for h in (47, 11, 0.5)}
    assert [services.reminder_due(opened_at=opened, now=at[h], deadline=deadline) for h in at] == [
        "reminder_48h",
        "reminder_12h",
        "reminder_1h",
    ]


def run_ladder(user, game, *, opened: datetime, deadline: datetime) -> list[tuple[str, datetime]]:
    """Tick every 30 minutes over a step as the games side would; return what was written."""
    written = []
    now = opened
    while now < deadline:
        kind = services.reminder_due(opened_at=opened, now=now, deadline=deadline)
        if kind and services.reminder_allowed(user, now, deadline):
            context = turn_context(game, deadline=deadline)
            if services.notify(user=user, game=game, step="5", kind=kind, context=context):
                written.append((kind, now))
        now += timedelta(minutes=30)
    return written


def test_each_rung_goes_out_at_most_once_per_step(make_user, game, settings):
    settings.NOTIFY_REMINDER_HOURS = [24, 2]
    deadline = utc(12, days=2)
    written = run_ladder(
        make_user("alice"), game, opened=deadline - timedelta(hours=48), deadline=deadline
    )
    assert written == [
        ("reminder_24h", deadline - timedelta(hours=24)),
        ("reminder_2h", deadline - timedelta(hours=2)),
    ]


def test_a_rung_due_in_quiet_hours_goes_out_when_they_end(make_user, game, settings):
    settings.NOTIFY_REMINDER_HOURS = [24, 2]
    owl = make_user("owl", quiet_hours_start=22, quiet_hours_end=7)  # UTC
    deadline = utc(23, days=2)  # the 24-hour rung falls at 23:00, in quiet hours
    written = run_ladder(owl, game, opened=deadline - timedelta(hours=48), deadline=deadline)
    assert written == [("reminder_24h", utc(7, days=2)), ("reminder_2h", utc(21, days=2))]
