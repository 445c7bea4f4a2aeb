"""Handing webhook work to its queue: the `webhooks` Celery queue, or, in the embedded default
(tasks in-process), a thread of its own, so a receiver never holds up the request that
caused its delivery.

The embedded threads are bounded: at most WEBHOOKS_EMBEDDED_THREADS run or wait at once, and
a wait longer than the sweep's minute starts none. Work refused so is not lost: its delivery
row stays due, and the ticker's sweep hands it on again (webhooks.delivering.sweep)."""

from __future__ import annotations

import logging
import threading
import time

from django import db
from django.conf import settings

log = logging.getLogger(__name__)

# SQLite (the embedded default) lets one writer in at a time, and an in-memory database shared
# between threads refuses at once instead of waiting: a thread's work tries again a few times.
LOCKED_TRIES = 6
# The threads' names begin so: a log line, a debugger and the tests tell them apart.
THREAD_PREFIX = "webhook work "
# A retry later than this is left to the sweep, which runs every minute, rather than to a
# thread asleep for hours.
LONGEST_THREAD_WAIT_SECONDS = 60

# Counting and starting a thread happen under this lock, so two requests at once cannot both
# take the last place.
_starting = threading.Lock()


def enqueue(delivery_id: int, attempts: int, delay: float) -> None:
    """Try delivery `delivery_id` once more, as its `attempts`-th try, in `delay` seconds."""
    later("deliver_webhook", (delivery_id, attempts), delay)


def later(task_name: str, args: tuple, delay: float) -> None:
    from webhooks import tasks  # the tasks module imports this one

    task = getattr(tasks, task_name)
    if task.app.conf.task_always_eager:  # the site's Celery app, through its task
        with _starting:
            if delay > LONGEST_THREAD_WAIT_SECONDS or (
                threads_now() >= settings.WEBHOOKS_EMBEDDED_THREADS
            ):
                log.debug("Left %s%r to the sweep", task_name, args)
                return
            timer = threading.Timer(delay, _in_thread, args=(task, args))
            timer.name, timer.daemon = f"{THREAD_PREFIX}{task_name}{args}", True
            timer.start()  # listed by threading.enumerate() once start() returns
        return
    try:
        task.apply_async(args, countdown=delay)
    except Exception:  # the broker is down: the sweep sends due deliveries once it is back
        log.warning("Could not enqueue %s%r", task_name, args, exc_info=True)


def threads_now() -> int:
    """Webhook threads running or waiting to run (the embedded default), counted from the
    threads alive, so a thread that ended in any way (a retry's timer cancelled) has left."""
    return sum(1 for thread in threading.enumerate() if thread.name.startswith(THREAD_PREFIX))


def _in_thread(task, args: tuple) -> None:
    try:
        for attempt in range(LOCKED_TRIES):
            try:
                task.run(*args)
                return
            except db.OperationalError as error:
                if "locked" not in str(error) or attempt == LOCKED_TRIES - 1:
                    raise
                db.connections.close_all()
                time.sleep(0.05 * 2**attempt)
    except Exception:  # the sweep tries a delivery again; nothing to tell a thread's caller
        log.exception("Webhook work %s%r failed in its thread", task.name, args)
    finally:
        db.connections.close_all()
