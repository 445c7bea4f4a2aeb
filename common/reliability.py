"""What every Celery task of ours is declared with, and how work is handed to the broker.

Tasks are acknowledged late and rejected when their worker dies, so a killed worker's task
runs again; each service makes a rerun a no-op when the work was already done.
"""

from __future__ import annotations

import logging

from django.db import InterfaceError
from django.db import OperationalError as DatabaseOperationalError
from kombu.exceptions import OperationalError

log = logging.getLogger(__name__)

RELIABLE = {"acks_late": True, "reject_on_worker_lost": True}
# Database failures that pass by themselves (a restart, a dropped connection, a lock timeout).
# Others (an integrity error from a corrupted log) are the work's own.
TRANSIENT = (DatabaseOperationalError, InterfaceError)
DATABASE_RETRY_SECONDS = 2  # a database restart or a dropped connection heals in seconds


def enqueue(task, *args) -> bool:
    """Send `task` with `args`; False when the broker is down (the work stays due in the
    database, and the next sweep or tick enqueues it again)."""
    try:
        task.delay(*args)
    except OperationalError:
        log.warning("Could not enqueue %s%r; the next sweep will.", task.name, args)
        return False
    return True


def retry_soon(task, error: Exception) -> bool:
    """The database failed (not the work): try again in seconds, not at the next sweep."""
    if task.request.is_eager:
        log.warning("%s failed on the database (%s); the sweep retries it", task.name, error)
        return False
    raise task.retry(exc=error, countdown=DATABASE_RETRY_SECONDS, max_retries=30)
