"""`celery` as the multi-host harness runs it (tests/integration/hosts_site.py): the same app
and command line as deploy/systemd/'s units, with two switches read only here, so nothing in
the server knows about them.

- KHORA_HOSTS_TICK_SECONDS: the beat's minute tick this often instead, so that deadlines the
  harness made due fire within a run of a few minutes.
- KHORA_HOSTS_ACK_EARLY=1, the planted fault: every task is acknowledged when the worker takes
  it, before doing it (the opposite of common.reliability.RELIABLE), so a worker killed
  mid-task loses that task instead of having it delivered again. The harness's invariants
  must catch it (tests/integration/test_multi_host.py).

Run as `python -m tests.integration.hosts_celery --app khora_site worker ...`.
"""

from __future__ import annotations

import os
import sys

from celery.signals import celeryd_after_setup


def main() -> None:
    from khora_site.celery import app

    tick = os.environ.get("KHORA_HOSTS_TICK_SECONDS")
    if tick:
        app.conf.beat_schedule["tick"]["schedule"] = float(tick)
        app.conf.beat_schedule["tick"]["options"] = {"expires": float(tick)}
    if os.environ.get("KHORA_HOSTS_ACK_EARLY") == "1":
        celeryd_after_setup.connect(_acknowledge_early, weak=False)
    app.start(sys.argv[1:])


def _acknowledge_early(sender, instance, **kwargs) -> None:
    app = instance.app
    app.conf.task_acks_late = False
    app.conf.task_reject_on_worker_lost = False
    for task in app.tasks.values():  # the tasks' own RELIABLE options win over the conf
        task.acks_late = False
        task.reject_on_worker_lost = False
    print("hosts_celery: PLANTED FAULT: tasks are acknowledged before they run", flush=True)


if __name__ == "__main__":
    main()
