"""The writes of one change to a game, queued and sent together.

A decision writes its event, the seats' and the step's bookkeeping, the game row, the snapshot
and the Idempotency-Key's response: six statements, six round trips to the database. Queued
here, they go to PostgreSQL as one statement (each but the last a data-modifying `WITH`
member), so the change costs one round trip; SQLite, in-process, runs them one by one. Either
way they run inside the caller's transaction, which holds the game lock: the unique (game,
seq) constraint and every other one are checked as before, and a failure rolls back all.

Rows inserted here get no primary key back (nothing reads one before the commit).
PostgreSQL runs the members of one statement against the same snapshot, so no two queued
writes may touch the same row: each row is queued at most once per flush.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections, models


class WriteBatch:
    def __init__(self):
        self._statements: list[tuple[str, list]] = []

    def __bool__(self) -> bool:
        return bool(self._statements)

    def insert(
        self, model: type[models.Model], rows: Sequence[models.Model], ignore_conflicts=False
    ) -> None:
        """INSERT the rows; with `ignore_conflicts`, a row that would break a unique
        constraint is left out (ON CONFLICT DO NOTHING) instead of failing the batch."""
        if not rows:
            return
        fields = _concrete(model)
        values, params = [], []
        for row in rows:
            values.append("(" + ", ".join(["%s"] * len(fields)) + ")")
            params += [_db_value(field, row) for field in fields]
        conflicts = " ON CONFLICT DO NOTHING" if ignore_conflicts else ""
        self._statements.append(
            (
                f"INSERT INTO {_table(model)} ({_columns(fields)}) "
                f"VALUES {', '.join(values)}{conflicts}",
                params,
            )
        )

    def update(self, row: models.Model, names: Iterable[str]) -> None:
        """UPDATE the row's `names` fields to its current values, by primary key."""
        model = type(row)
        fields = [_field(model, name) for name in dict.fromkeys(names)]
        if not fields:
            return
        assignments = ", ".join(f"{_quote(field.column)} = %s" for field in fields)
        pk = model._meta.pk
        self._statements.append(
            (
                f"UPDATE {_table(model)} SET {assignments} WHERE {_quote(pk.column)} = %s",
                [_db_value(field, row) for field in fields] + [_db_value(pk, row)],
            )
        )

    def upsert(self, row: models.Model, unique: str) -> None:
        """INSERT the row, or UPDATE the one with the same `unique` field (an ON CONFLICT
        upsert, which PostgreSQL and SQLite both speak)."""
        model = type(row)
        fields = _concrete(model)
        key = _quote(_field(model, unique).column)
        changes = ", ".join(
            f"{_quote(f.column)} = EXCLUDED.{_quote(f.column)}" for f in fields if f.name != unique
        )
        self._statements.append(
            (
                f"INSERT INTO {_table(model)} ({_columns(fields)}) "
                f"VALUES ({', '.join(['%s'] * len(fields))}) "
                f"ON CONFLICT ({key}) DO UPDATE SET {changes}",
                [_db_value(field, row) for field in fields],
            )
        )

    def execute(self, sql: str, params: list) -> None:
        """A statement of its own (an UPDATE ... WHERE another app builds), queued with the
        rest; it must touch no row another queued write touches."""
        self._statements.append((sql, params))

    def flush(self) -> None:
        """Send what is queued: one statement on PostgreSQL, one per write elsewhere."""
        statements, self._statements = self._statements, []
        if not statements:
            return
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                *members, (last, params) = statements
                sql = last
                if members:
                    heads = ", ".join(f"w{n} AS ({s})" for n, (s, _) in enumerate(members))
                    sql = f"WITH {heads} {last}"
                    params = [p for _, member_params in members for p in member_params] + params
                cursor.execute(sql, params)
            else:
                for sql, params in statements:
                    cursor.execute(sql, params)


_CONCRETE: dict[Any, list[models.Field]] = {}


def _concrete(model: Any) -> list[models.Field]:
    """The columns an INSERT names: all but an auto-incremented primary key (per model, once)."""
    fields = _CONCRETE.get(model)
    if fields is None:
        fields = _CONCRETE[model] = [
            field
            for field in model._meta.concrete_fields
            if not (field.primary_key and isinstance(field, models.AutoField))
        ]
    return fields


def _field(model: type[models.Model], name: str) -> models.Field:
    """The model's field of that name, one with a column (not the far side of a relation)."""
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field), f"{model.__name__}.{name} has no column"
    return field


def _db_value(field: models.Field, row: models.Model):
    # The connection itself, not the `connection` proxy (a thread-local lookup per access).
    return field.get_db_prep_save(getattr(row, field.attname), connections[DEFAULT_DB_ALIAS])


# Names are quoted the same way by every backend a process can use (one database).
@functools.cache
def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _table(model) -> str:
    return _quote(model._meta.db_table)


def _columns(fields: list[models.Field]) -> str:
    return ", ".join(_quote(field.column) for field in fields)
