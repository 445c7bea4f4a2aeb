"""A part that is down, told apart from a fault of ours: 503 with Retry-After, not 500.

A database that restarts, refuses connections (too many clients), holds a lock past the
request's bound (`lock_timeout`), cancels a statement past `statement_timeout`, or accepts no
writes (read-only, a replica promoted late) fails the request, but not because of the request
or our code: the client should try again shortly, and a proxy may. Anything else the database
raises (an integrity error, a corrupt log) stays a fault (500).
"""

from __future__ import annotations

from django.db import InterfaceError, InternalError, OperationalError

RETRY_AFTER_SECONDS = 5

# SQLSTATEs (PostgreSQL's error codes) of a database that is busy or read-only.
LOCK_NOT_AVAILABLE = "55P03"
QUERY_CANCELED = "57014"
READ_ONLY_TRANSACTION = "25006"

BUSY = (
    "database_busy",
    "Another change holds what this request needs; nothing was changed. Try again in a few "
    "seconds (with the same Idempotency-Key, a decision is taken once).",
)
READ_ONLY = (
    "database_unavailable",
    "The database accepts no changes right now; nothing was changed. Try again in a few seconds.",
)
DOWN = (
    "database_unavailable",
    "The database cannot serve this request now; try again in a few seconds.",
)


def outage(error: BaseException) -> tuple[str, str] | None:
    """(code, detail) when `error` means the database is down, busy or read-only; else None."""
    if not isinstance(error, (OperationalError, InterfaceError, InternalError)):
        return None
    sqlstate = getattr(error.__cause__, "sqlstate", None)
    if sqlstate in (LOCK_NOT_AVAILABLE, QUERY_CANCELED):
        return BUSY
    if sqlstate == READ_ONLY_TRANSACTION:
        return READ_ONLY
    if isinstance(error, InternalError):
        return None
    return DOWN
