"""Who is away and whether a game is paused: the reads of absences' own tables that the
predicate (owing.py), the selectors, the write path and the acts (holidays, pauses, waiting)
share. It imports no other module of absences but its models and the bank, so that everything
may read it: it is the bottom of the room.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q

from games.absences import bank
from games.absences.models import Absence, AwayStretch, Pause
from games.models import Game, GameStep


def current_absences(user_ids, now: datetime):
    """The absences of these users that cover `now`."""
    return Absence.objects.filter(
        user_id__in=list(user_ids), starts_at__lte=now, ended_at__isnull=True
    ).filter(Q(ends_at__isnull=True) | Q(ends_at__gt=now))


def away_positions(game: Game, seats, now: datetime) -> set[int]:
    """The positions whose players are away now and for whom the game waits: within their bank
    (or inside an hour already spent) and within the game's cap of days in a row."""
    by_user = {seat.user_id: seat.position for seat in seats if seat.user_id and not seat.is_bot}
    if not by_user:
        return set()
    absences = list(current_absences(by_user, now))
    if not absences:
        return set()
    stretches = {
        s.user_id: s for s in AwayStretch.objects.filter(game=game, user_id__in=list(by_user))
    }
    away = set()
    for absence in absences:
        position = by_user[absence.user_id]
        paid = absence.accounted_until > now or bank.left_seconds(absence.user_id, now) > 0
        stretch = stretches.get(absence.user_id)
        if paid and not bank.capped(stretch, position, absence.automatic):
            away.add(position)
    return away


def is_paused(game: Game, now: datetime) -> bool:
    return Pause.objects.filter(
        game=game, status=Pause.Status.ACTIVE, starts_at__lte=now, ends_at__gt=now
    ).exists()


def active_pause(game: Game) -> Pause | None:
    """The game's pause agreed by all, if any (running, or over and not yet ended by the
    tick)."""
    return Pause.objects.filter(game=game, status=Pause.Status.ACTIVE).first()


def deadline_after_pause(step: GameStep, pause: Pause | None, now: datetime) -> datetime:
    """The step's deadline as it will stand when the `pause` running at `now` ends: the tick
    moves the stored deadline on by the paused time only as it passes (`_account`), so during
    a pause the stored one reads as if the clock ran. Without a running pause, the stored one."""
    if pause is None or step.expired_at is not None or not pause.runs_at(now):
        return step.deadline
    # A running pause was accepted: its start, end and accounting times are set.
    assert pause.ends_at is not None and pause.accounted_until is not None
    since = max(pause.accounted_until, step.opened_at)  # as `_account` counts it
    return step.deadline + max(pause.ends_at - since, timedelta(0))


def open_pause(game: Game) -> Pause | None:
    """The game's pause proposed or running, if any."""
    return (
        Pause.objects.filter(game=game, status__in=[Pause.Status.PROPOSED, Pause.Status.ACTIVE])
        .order_by("-proposed_at")
        .first()
    )
