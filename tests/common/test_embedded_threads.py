"""The embedded default's threads (common.embedded_threads): bounded per kind, and finished
before a one-round process exits."""

from __future__ import annotations

import threading

from common import embedded_threads
from tests.waiting import wait_until

PREFIX = "test work "


def test_finish_waits_for_work_under_way_and_drops_work_not_yet_due():
    release, done, ran_late = threading.Event(), [], []

    def slow(number: int) -> None:
        release.wait(5)
        done.append(number)

    assert embedded_threads.start(PREFIX, 2, slow, (1,), 0, "slow")
    assert embedded_threads.start(PREFIX, 2, ran_late.append, (2,), 30, "late")
    assert not embedded_threads.start(PREFIX, 2, ran_late.append, (3,), 0, "third")
    assert embedded_threads.running(PREFIX) == 2
    threading.Timer(0.2, release.set).start()

    embedded_threads.finish(seconds=5)
    assert done == [1] and ran_late == []
    assert wait_until(lambda: embedded_threads.running(PREFIX) == 0)


def test_a_thread_name_stays_short_whatever_its_arguments():
    ids = tuple(range(500))
    assert embedded_threads.start(PREFIX, 1, lambda *_: None, ids, 0, "many")
    names = [t.name for t in threading.enumerate() if t.name.startswith(PREFIX)]
    assert all(len(name) < 100 for name in names), names
    assert wait_until(lambda: embedded_threads.running(PREFIX) == 0)
