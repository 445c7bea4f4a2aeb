"""What a player's write needs besides the game row, read in one query once the row is locked.

The seats (by position), the game's newest step, whether each seat's player has a "your
turn" email held back, and the id of the response remembered for the request's
Idempotency-Key: one query, run after the lock is taken, so it sees what the writer before
us committed. (Read together with the locking statement, PostgreSQL would give rows of other
tables as they were before the lock's wait.)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC

from django.db.models import Exists, JSONField, OuterRef, Subquery
from django.db.models.functions import JSONObject
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games import clock
from games.models import Game, GameStep, IdempotencyRecord, Seat
from notifications.models import Notification

STEP_FIELDS = [field.attname for field in GameStep._meta.concrete_fields]


@dataclass
class Table:
    seats: list[Seat]  # each with `held_your_turn`
    latest_step: GameStep | None
    remembered_id: int | None  # the IdempotencyRecord of this key, if any


def read_table(game: Game, user, idempotency_key: str | None) -> Table:
    newest_step = (
        GameStep.objects.filter(game=OuterRef("game"))
        .order_by("-number")
        .values(step=JSONObject(**{name: name for name in STEP_FIELDS}))[:1]
    )
    held = Notification.objects.filter(
        game=OuterRef("game"),
        recipient=OuterRef("user"),
        kind="your_turn",
        status=Notification.Status.PENDING,
        attempts=0,
        next_attempt_at__gt=clock.now(),
    )
    seats = Seat.objects.filter(game=game).order_by("position")
    seats = seats.annotate(
        latest_step=Subquery(newest_step, output_field=JSONField()), held_your_turn=Exists(held)
    )
    if idempotency_key and user.is_authenticated:
        remembered = IdempotencyRecord.objects.filter(
            game=game, user_id=user.pk, key=idempotency_key
        )
        seats = seats.annotate(remembered_id=Subquery(remembered.values("pk")[:1]))
    seats = list(seats)
    first = seats[0] if seats else None
    return Table(
        seats=seats,
        latest_step=_step(first.latest_step) if first else None,
        remembered_id=getattr(first, "remembered_id", None),
    )


def _step(values: dict | None) -> GameStep | None:
    if values is None:
        return None
    step = GameStep(**{name: _field_value(name, value) for name, value in values.items()})
    step._state.adding = False
    return step


def _field_value(name: str, value):
    """A column's value as JSON gave it back: datetimes come as text (with their offset on
    PostgreSQL, in UTC without one on SQLite), and SQLite's JSON columns as JSON text."""
    kind = GameStep._meta.get_field(name).get_internal_type()
    if kind == "DateTimeField" and value is not None:
        moment = parse_datetime(value)
        return moment if timezone.is_aware(moment) else timezone.make_aware(moment, UTC)
    if kind == "JSONField" and isinstance(value, str):
        return json.loads(value)
    return value
