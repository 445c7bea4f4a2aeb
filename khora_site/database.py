"""Bounded waits on the database for the processes that answer requests.

A request that waits for a lock another transaction holds (a worker frozen inside its
transaction, a long migration) would wait as long as that holds: the client sees a hang, then
maybe the web server's timeout. The web and stream processes (wsgi.py, asgi.py) bound every
PostgreSQL connection they open: a lock waited for past DATABASE_REQUEST_LOCK_TIMEOUT_MS, or a
statement running past DATABASE_REQUEST_STATEMENT_TIMEOUT_MS, fails, and the request answers
503 `database_busy` with Retry-After (common/outages.py); its transaction rolled back, so
nothing was half-done, and a decision retried with its Idempotency-Key is taken once. Workers
do not call this: their work may wait for a lock as long as it takes.
"""

from __future__ import annotations

from django.conf import settings
from django.db.backends.signals import connection_created


def bound_request_waits() -> None:
    connection_created.connect(_bound, dispatch_uid="khora-request-waits")


def unbound_request_waits() -> None:
    connection_created.disconnect(dispatch_uid="khora-request-waits")


def _bound(sender, connection, **kwargs) -> None:
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        # SET takes no parameters: the values are integers from the settings.
        lock_ms = int(settings.DATABASE_REQUEST_LOCK_TIMEOUT_MS)
        statement_ms = int(settings.DATABASE_REQUEST_STATEMENT_TIMEOUT_MS)
        cursor.execute(f"SET lock_timeout = {lock_ms}")
        cursor.execute(f"SET statement_timeout = {statement_ms}")
