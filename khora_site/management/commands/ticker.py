"""The beat's schedule in one process, for the embedded default (no Redis, no Celery beat).

`bash bin/run` starts it next to the web server, so deadlines pass, reminders go out and a
game left due an advance is picked up there too. It reads CELERY_BEAT_SCHEDULE, the one list
Celery beat reads too: each task (by its name) runs here at its period, the shortest first
in a round (the sweep every `GAME_SWEEP_SECONDS`, then the minute tick, the mail and webhook
sweeps, the hourly prunes), and the tasks they enqueue run in this process.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import close_old_connections

from common import embedded_threads
from khora_site.celery import app

log = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Run the sweep and the minute tick in this process (the embedded default's beat)."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="One round, then exit.")

    def handle(self, *args, once: bool = False, **options):
        # A line per task every few seconds would drown the web server's log beside it.
        logging.getLogger("celery.app.trace").setLevel(logging.WARNING)
        app.autodiscover_tasks(force=True)  # every app's tasks module, as a worker loads them
        schedule = sorted(map(_beat, settings.CELERY_BEAT_SCHEDULE.values()), key=lambda e: e[1])
        next_run = [0.0] * len(schedule)
        while True:
            started = time.monotonic()
            try:
                for index, (task, every) in enumerate(schedule):
                    if started >= next_run[index]:
                        app.tasks[task].apply()
                        next_run[index] = started + every
            except Exception:  # a failed round (the database is busy or down) is retried
                log.exception("The in-process sweep failed; trying again shortly")
            finally:
                close_old_connections()
            if once:
                # Pushes and webhooks the round handed to threads (common.embedded_threads)
                # end with this process: let those under way finish.
                embedded_threads.finish(seconds=30)
                return
            time.sleep(settings.GAME_SWEEP_SECONDS)


def _beat(entry: dict[str, object]) -> tuple[str, float]:
    """A beat entry's task name and period in seconds (the settings' dict says only object)."""
    task, every = entry["task"], entry["schedule"]
    assert isinstance(task, str) and isinstance(every, int | float), entry
    return task, float(every)
