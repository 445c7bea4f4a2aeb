"""Holidays: announcing an absence ahead, taking it back, the automatic holiday a deadline
starts, and who is away in a game now (the predicate's `away`, games.absences.owing)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q

from common import clock
from common.errors import DomainError
from games import events
from games.absences import bank
from games.absences.lookups import current_absences
from games.absences.models import Absence, AwayStretch
from games.models import Game, Seat

# An absence is announced at most this far ahead, and lasts at most a year.
MAX_AHEAD = timedelta(days=366)


def announce(*, user, starts_at: datetime, ends_at: datetime) -> Absence:
    """Mark an absence ahead (or from now): the player's deadlines wait while they are away."""
    now = clock.now()
    if ends_at <= starts_at:
        raise DomainError("invalid_absence", "An absence ends after it starts.", 422)
    if ends_at <= now:
        raise DomainError("invalid_absence", "This absence is already over.", 422)
    if starts_at > now + MAX_AHEAD or ends_at - starts_at > MAX_AHEAD:
        raise DomainError(
            "invalid_absence", "An absence is announced at most a year ahead, for a year.", 422
        )
    starts_at = max(starts_at, now)
    with transaction.atomic():
        _lock_user(user)
        overlapping = Absence.objects.filter(user=user, ended_at__isnull=True).filter(
            Q(ends_at__isnull=True) | Q(ends_at__gt=starts_at), starts_at__lt=ends_at
        )
        if overlapping.exists():
            raise DomainError(
                "absence_overlaps",
                "You already have an absence at that time; cancel it or choose other dates.",
                409,
            )
        absence = Absence.objects.create(
            user=user, starts_at=starts_at, ends_at=ends_at, accounted_until=starts_at
        )
        _games_changed(user)
    return absence


def cancel(*, user, absence_id: int) -> Absence:
    """Take an absence back (from now on: the hours spent stay spent)."""
    now = clock.now()
    with transaction.atomic():
        _lock_user(user)
        absence = Absence.objects.filter(pk=absence_id, user=user).first()
        if absence is None:
            raise DomainError("absence_not_found", f"You have no absence {absence_id}.", 404)
        if absence.ended_at is not None or (absence.ends_at and absence.ends_at <= now):
            raise DomainError("absence_over", "This absence is already over.", 409)
        absence.ended_at = max(now, absence.starts_at)
        absence.ending = Absence.Ending.CANCELLED
        absence.save(update_fields=["ended_at", "ending"])
        _games_changed(user)
    return absence


def start_automatic(game: Game, step, seats: list[Seat], now: datetime) -> list[Absence]:
    """The step's deadline passed with these seats owing an answer: each player who wants
    automatic holidays, has holiday left and is within the game's cap goes on holiday from the
    deadline on (until they answer). Runs under the game's lock (the deadline worker's)."""
    started = []
    for seat in seats:
        if seat.user_id is None:  # a bot's seat: nobody to send on holiday
            continue
        if not bank.automatic_wanted(seat.user_id):
            continue
        if bank.left_seconds(seat.user_id, step.deadline) <= 0:
            continue
        stretch = AwayStretch.objects.filter(game=game, user_id=seat.user_id).first()
        if bank.capped(stretch, seat.position, automatic=True):
            continue
        if current_absences([seat.user_id], step.deadline).exists():
            continue  # away already, yet not waited for here: past the cap or the bank
        started.append(
            Absence.objects.create(
                user_id=seat.user_id,
                starts_at=step.deadline,
                ends_at=None,
                automatic=True,
                accounted_until=step.deadline,
                created_at=now,
            )
        )
    return started


def absences_of(user, now: datetime) -> list[Absence]:
    """The player's absences not yet over, soonest first."""
    return list(
        Absence.objects.filter(user=user, ended_at__isnull=True)
        .filter(Q(ends_at__isnull=True) | Q(ends_at__gt=now))
        .order_by("starts_at", "id")
    )


def holidays_summary(user) -> dict[str, Any]:
    now = clock.now()
    return {
        "days_per_year": bank.allowance_seconds() // bank.DAY,
        "max_days_in_a_row": bank.cap_seconds() // bank.DAY,
        "automatic_max_days_in_a_row": bank.cap_seconds(automatic=True) // bank.DAY,
        "hours_left": bank.left_seconds(user.pk, now) // 3600,
        "days_left": round(bank.left_seconds(user.pk, now) / bank.DAY, 1),
        "automatic": bank.automatic_wanted(user.pk),
        "absences": absences_of(user, now),
    }


def _lock_user(user) -> None:
    # One writer per player's absences at a time: the overlap check and the insert are one step.
    # FOR NO KEY UPDATE: a game's writer inserting a row that refers to this user (an email)
    # takes KEY SHARE on it, which this lock leaves free, so the two never deadlock.
    from django.contrib.auth import get_user_model

    get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).first()


def _games_changed(user) -> None:
    """What the player's active games show (who is away) changed: their pages read again."""
    now = clock.now()
    games = Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user)
    for game in games:
        events.emit(events.GameChanged(game=game, user_ids=[]))
    games.update(updated_at=now)
