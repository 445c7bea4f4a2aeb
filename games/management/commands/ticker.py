"""The beat's schedule in one process, for the embedded default (no Redis, no Celery beat).

`bash bin/run` starts it next to the web server, so deadlines pass, reminders go out and a
game left due an advance is picked up there too: the sweep every `GAME_SWEEP_SECONDS`, the
tick every minute, their tasks run in this process.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import close_old_connections

from games.workers import tasks
from mailplay import tasks as mail_tasks
from webhooks import tasks as webhook_tasks

log = logging.getLogger(__name__)

TICK_SECONDS = 60


class Command(BaseCommand):
    help = "Run the sweep and the minute tick in this process (the embedded default's beat)."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="One round, then exit.")

    def handle(self, *args, once: bool = False, **options):
        # A line per task every few seconds would drown the web server's log beside it.
        logging.getLogger("celery.app.trace").setLevel(logging.WARNING)
        next_tick = 0.0
        while True:
            started = time.monotonic()
            try:
                tasks.sweep.apply()
                if started >= next_tick:
                    tasks.tick.apply()
                    mail_tasks.sweep.apply()  # replies a crash left unprocessed or unanswered
                    webhook_tasks.sweep_webhooks.apply()  # webhook retries and lost sends
                    next_tick = started + TICK_SECONDS
            except Exception:  # a failed round (the database is busy or down) is retried
                log.exception("The in-process sweep failed; trying again shortly")
            finally:
                close_old_connections()
            if once:
                return
            time.sleep(settings.GAME_SWEEP_SECONDS)
