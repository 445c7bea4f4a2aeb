"""Work the embedded default (tasks in-process, no broker) does beside the request that asked
for it, in a thread of its own: an outside party that answers slowly (a webhook receiver, a
push service) then never holds up that request's response.

The threads are bounded: at most `limit` of one kind (their names begin with the kind's
prefix) run or wait at once, and a wait longer than the sweep's minute starts none. Work
refused so is not lost: its row stays due in the database, and the ticker's sweep hands it on
again (each caller says which sweep). With a broker, the same work goes to Celery's queues and
none of this runs.
"""

from __future__ import annotations

import logging
import reprlib
import threading
import time
from collections.abc import Callable

from django import db

log = logging.getLogger(__name__)

# SQLite (the embedded default) lets one writer in at a time, and an in-memory database shared
# between threads refuses at once instead of waiting: a thread's work tries again a few times.
LOCKED_TRIES = 6
# Work due later than this is left to the sweep, which runs every minute, rather than to a
# thread asleep for hours.
LONGEST_THREAD_WAIT_SECONDS = 60

# Counting and starting a thread happen under this lock, so two requests at once cannot both
# take the last place.
_starting = threading.Lock()
# The threads started, for finish(); the ended ones are dropped at each start.
_started: list[threading.Timer] = []


def start(
    prefix: str, limit: int, work: Callable[..., object], args: tuple, delay: float, label: str
) -> bool:
    """Run `work(*args)` in `delay` seconds in a thread named `prefix` + `label` + args; False
    (nothing started) when `limit` threads of that prefix are running or waiting, or the
    delay is longer than the sweep's minute."""
    with _starting:
        if delay > LONGEST_THREAD_WAIT_SECONDS or running(prefix) >= limit:
            return False
        timer = threading.Timer(delay, run, args=(work, args, label))
        timer.name, timer.daemon = f"{prefix}{label}{reprlib.repr(args)}", True
        timer.start()  # listed by threading.enumerate() once start() returns
        _started[:] = [thread for thread in _started if thread.is_alive()]
        _started.append(timer)
    return True


def finish(seconds: float) -> None:
    """Before the process exits (`ticker --once`): work not yet due is dropped (its row stays
    due for the next sweep), work under way is waited for, at most `seconds` in all."""
    with _starting:
        threads = list(_started)
    for thread in threads:
        thread.cancel()  # no effect on one already running
    deadline = time.monotonic() + seconds
    for thread in threads:
        thread.join(timeout=max(0.0, deadline - time.monotonic()))


def running(prefix: str) -> int:
    """Threads of that kind running or waiting to run, counted from the threads alive, so a
    thread that ended in any way (a timer cancelled) has left."""
    return sum(1 for thread in threading.enumerate() if thread.name.startswith(prefix))


def run(work: Callable[..., object], args: tuple, label: str) -> None:
    """`work(*args)` as a thread runs it: again while SQLite says its database is locked, any
    other failure logged (the sweep tries the work again; a thread has no caller to tell),
    and the thread's database connections closed at the end."""
    try:
        for attempt in range(LOCKED_TRIES):
            try:
                work(*args)
                return
            except db.OperationalError as error:
                if "locked" not in str(error) or attempt == LOCKED_TRIES - 1:
                    raise
                db.connections.close_all()
                time.sleep(0.05 * 2**attempt)
    except Exception:
        log.exception("Work %s%s failed in its thread", label, reprlib.repr(args))
    finally:
        db.connections.close_all()
