"""The embedded default sends webhook work from threads of the server's process: a bounded
number of them, and none asleep for hours (the ticker's sweep hands on the rest)."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

from tests.waiting import wait_until
from webhooks import queue, tasks


class HeldTask:
    """Stands in for a Celery task run in-process: each run waits until released."""

    name = "webhooks.tasks.held"

    def __init__(self):
        self.app = SimpleNamespace(conf=SimpleNamespace(task_always_eager=True))
        self.release = threading.Event()
        self.started: list[tuple] = []

    def run(self, *args):
        self.started.append(args)
        self.release.wait(5)


def quiet() -> None:
    """No webhook thread of an earlier test still runs (they end within their deadline)."""
    assert wait_until(lambda: queue.threads_now() == 0, timeout=15)


def test_no_more_threads_than_the_setting_and_each_slot_comes_back(settings, monkeypatch):
    quiet()
    settings.WEBHOOKS_EMBEDDED_THREADS = 2
    held = HeldTask()
    monkeypatch.setattr(tasks, "held", held, raising=False)
    for number in range(5):
        queue.later("held", (number,), 0)
    assert wait_until(lambda: len(held.started) == 2)
    time.sleep(0.1)  # none of the three refused starts later
    assert len(held.started) == 2 and queue.threads_now() == 2
    held.release.set()
    assert wait_until(lambda: queue.threads_now() == 0)
    queue.later("held", (9,), 0)  # the slots are free again
    assert wait_until(lambda: (9,) in held.started)
    assert wait_until(lambda: queue.threads_now() == 0)


def test_a_retry_later_than_the_sweeps_minute_starts_no_thread(settings, monkeypatch):
    quiet()
    settings.WEBHOOKS_EMBEDDED_THREADS = 4
    held = HeldTask()
    held.release.set()
    monkeypatch.setattr(tasks, "held", held, raising=False)
    queue.later("held", (1,), queue.LONGEST_THREAD_WAIT_SECONDS + 1)
    assert queue.threads_now() == 0
    assert not any(t.name.endswith("held(1,)") for t in threading.enumerate())
