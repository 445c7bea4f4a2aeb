"""Handing webhook work to its queue: the `webhooks` Celery queue, or, in the embedded default
(tasks in-process), a thread of its own, so a receiver never holds up the request that
caused its delivery.

The embedded threads (common.embedded_threads) are bounded: at most WEBHOOKS_EMBEDDED_THREADS
run or wait at once, and a wait longer than the sweep's minute starts none. Work refused so is
not lost: its delivery row stays due, and the ticker's sweep hands it on again
(webhooks.delivering.sweep)."""

from __future__ import annotations

import logging

from django.conf import settings

from common import embedded_threads

log = logging.getLogger(__name__)

# The threads' names begin so: a log line, a debugger and the tests tell them apart.
THREAD_PREFIX = "webhook work "
LONGEST_THREAD_WAIT_SECONDS = embedded_threads.LONGEST_THREAD_WAIT_SECONDS


def enqueue(delivery_id: int, attempts: int, delay: float) -> None:
    """Try delivery `delivery_id` once more, as its `attempts`-th try, in `delay` seconds."""
    later("deliver_webhook", (delivery_id, attempts), delay)


def later(task_name: str, args: tuple, delay: float) -> None:
    from webhooks import tasks  # the tasks module imports this one

    task = getattr(tasks, task_name)
    if task.app.conf.task_always_eager:  # the site's Celery app, through its task
        limit = settings.WEBHOOKS_EMBEDDED_THREADS
        if not embedded_threads.start(THREAD_PREFIX, limit, task.run, args, delay, task_name):
            log.debug("Left %s%r to the sweep", task_name, args)
        return
    try:
        task.apply_async(args, countdown=delay)
    except Exception:  # the broker is down: the sweep sends due deliveries once it is back
        log.warning("Could not enqueue %s%r", task_name, args, exc_info=True)


def threads_now() -> int:
    """Webhook threads running or waiting to run (the embedded default)."""
    return embedded_threads.running(THREAD_PREFIX)


def _in_thread(task, args: tuple) -> None:
    """A task's work as a webhook thread does it (the tests' worker pool does it so too)."""
    embedded_threads.run(task.run, args, task.name)
