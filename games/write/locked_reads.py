"""What a player's write needs besides the game row, read in one query once the row is locked.

The seats (by position, each with its player's username, whether a substitute plays it and
whether its player has standing answers in the game),
the game's newest step, its pause agreed by all (for the deadline the response tells) and the
id of the response remembered for the request's Idempotency-Key:
one query, run after the lock is taken, so it sees what the writer before us committed. (Read
together with the locking statement, PostgreSQL would give rows of other tables as they were
before the lock's wait.)
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from datetime import UTC
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, models
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from common.columns import column_of
from games.absences.models import Pause, Substitution
from games.models import Game, GameStep, IdempotencyRecord, Seat, StateSnapshot
from games.standing.models import StandingAnswer


@dataclass
class Table:
    seats: list[Seat]
    latest_step: GameStep | None
    active_pause: Pause | None  # absences.lookups.active_pause
    remembered_id: int | None  # the IdempotencyRecord of this key, if any


def lock_game(public_id: str) -> Game | None:
    """The game row, locked (the row only), with its state snapshot read in the same
    statement (see games.write.state_store._snapshot_row), or None. Written out: the ORM took
    longer to compile this query than the database to run it."""
    game = next(iter(Game.objects.raw(_lock_sql(), [public_id])), None)
    if game is None:
        return None
    snapshot = None
    if _extra(game, "snapshot_id") is not None:
        snapshot = StateSnapshot(
            game=game,
            **{f.attname: getattr(game, "snapshot_" + f.attname) for f in _SNAPSHOT_FIELDS},
        )
        snapshot._state.adding = False
    Game.snapshot.related.set_cached_value(game, snapshot)
    return game


@functools.cache  # one database per process: the statement never changes
def _lock_sql() -> str:
    q = connection.ops.quote_name
    game_columns = ", ".join(f"g.{q(column_of(f))}" for f in Game._meta.concrete_fields)
    snapshot_columns = ", ".join(
        f"s.{q(column_of(f))} AS {q('snapshot_' + f.attname)}" for f in _SNAPSHOT_FIELDS
    )
    lock = " FOR UPDATE OF g" if connection.features.has_select_for_update_of else ""
    return (
        f"SELECT {game_columns}, {snapshot_columns} FROM {q(Game._meta.db_table)} g "
        f"LEFT JOIN {q(StateSnapshot._meta.db_table)} s ON s.{q('game_id')} = g.{q('id')} "
        f"WHERE g.{q('public_id')} = %s{lock}"
    )


# What loading the state reads of the snapshot (its datetime would need SQLite's converter).
_SNAPSHOT_FIELDS = [
    field
    for name in ("id", "seq", "rules_version", "data")
    if isinstance(field := StateSnapshot._meta.get_field(name), models.Field)
]


def read_table(game: Game, user, idempotency_key: str | None) -> Table:
    key = idempotency_key if idempotency_key and user.is_authenticated else None
    seats = list(
        Seat.objects.raw(
            _table_sql(),
            [user.pk if key else None, key, game.pk],
        )
    )
    first = seats[0] if seats else None
    return Table(
        seats=seats,
        latest_step=_row(GameStep, _extra(first, "latest_step")) if first else None,
        active_pause=_row(Pause, _extra(first, "active_pause")) if first else None,
        remembered_id=_extra(first, "remembered_id") if first else None,
    )


def _extra(row: models.Model, column: str) -> Any:
    """A column the raw query selected besides the model's fields: an attribute of the row
    that the model's type does not declare."""
    return getattr(row, column)


@functools.cache  # one database per process: the statement never changes
def _table_sql() -> str:
    """Written out rather than built by the ORM: compiling these subqueries cost several
    times what the database takes to run them."""
    q = connection.ops.quote_name
    build = "jsonb_build_object" if connection.vendor == "postgresql" else "json_object"
    step = ", ".join(f"'{f.attname}', st.{q(column_of(f))}" for f in GameStep._meta.concrete_fields)
    pause = ", ".join(f"'{name}', p.{q(name)}" for name in _PAUSE_FIELDS)
    seat = ", ".join(f"s.{q(column_of(f))}" for f in Seat._meta.concrete_fields)
    # Who each seat's player is, and whether a substitute plays it: the log records who
    # made each decision (games.actors) without another round trip. Whether the player left
    # standing answers in the game: a prompt asked of a seat without any needs no query for
    # them (games.standing.applying), as the dice and the draft are asked of every seat.
    users = get_user_model()._meta.db_table
    user_name = get_user_model().USERNAME_FIELD
    return f"""
        SELECT {seat},
            (SELECT {build}({step}) FROM {q(GameStep._meta.db_table)} st
             WHERE st.game_id = s.game_id ORDER BY st.number DESC LIMIT 1) AS latest_step,
            (SELECT {build}({pause}) FROM {q(Pause._meta.db_table)} p
             WHERE p.game_id = s.game_id AND p.status = '{Pause.Status.ACTIVE}' LIMIT 1)
             AS active_pause,
            (SELECT r.id FROM {q(IdempotencyRecord._meta.db_table)} r
             WHERE r.game_id = s.game_id AND r.user_id = %s AND r.key = %s) AS remembered_id,
            (SELECT u.{q(user_name)} FROM {q(users)} u WHERE u.id = s.user_id) AS username,
            EXISTS(SELECT 1 FROM {q(Substitution._meta.db_table)} sub
             WHERE sub.game_id = s.game_id AND sub.position = s.position
             AND sub.until_seq IS NULL AND sub.substitute_id = s.user_id) AS substituted,
            EXISTS(SELECT 1 FROM {q(StandingAnswer._meta.db_table)} sa
             WHERE sa.game_id = s.game_id AND sa.user_id = s.user_id AND sa.active) AS standing
        FROM {q(Seat._meta.db_table)} s
        WHERE s.game_id = %s
        ORDER BY s.position
    """


# What the deadline told during a pause reads of it (absences.lookups.deadline_after_pause).
_PAUSE_FIELDS = ("id", "starts_at", "ends_at", "accounted_until")


def _row(model, values: dict | str | None):
    """A `model` instance from the JSON object a subquery built of its row, or None."""
    if values is None:
        return None
    if isinstance(values, str):  # JSON as text (SQLite, and PostgreSQL through Django)
        values = json.loads(values)
    assert isinstance(values, dict)
    row = model(**{name: _field_value(model, name, value) for name, value in values.items()})
    row._state.adding = False
    return row


def _field_value(model, name: str, value):
    """A column's value as JSON gave it back: datetimes come as text (with their offset on
    PostgreSQL, in UTC without one on SQLite), and SQLite's JSON columns as JSON text."""
    kind = model._meta.get_field(name).get_internal_type()
    if kind == "DateTimeField" and value is not None:
        moment = parse_datetime(value)
        if moment is None:  # the database wrote it: never, but say so rather than crash later
            raise ValueError(f"{model.__name__}.{name} is not a datetime: {value!r}")
        return moment if timezone.is_aware(moment) else timezone.make_aware(moment, UTC)
    if kind == "JSONField" and isinstance(value, str):
        return json.loads(value)
    return value
