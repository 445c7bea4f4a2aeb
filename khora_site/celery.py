"""The Celery app. Its broker is REDIS_URL; with nothing set, tasks run in-process (eager).

A worker that serves the games' queue never serves the webhooks queue, whatever its --queues
say: a delivery holds its worker process for up to WEBHOOKS_DEADLINE_SECONDS while a receiver
takes its time, and a game's advance must not wait behind it. A worker started without
--queues (the small site's) therefore serves games and email only; deliveries wait for a
worker started with `--queues webhooks` (docs/operations.md).
"""

import logging
import os

from celery import Celery
from celery.signals import celeryd_after_setup

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "khora_site.settings")

app = Celery("khora_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

WEBHOOKS_QUEUE = "webhooks"
log = logging.getLogger(__name__)


def keep_webhooks_off_the_games_queue(queues, games_queue: str) -> bool:
    """Stop consuming the webhooks queue where the games' queue is consumed (`queues`: a
    worker's celery.app.amqp.Queues, as --queues left it); True when it was dropped."""
    consumed = queues.consume_from
    if WEBHOOKS_QUEUE not in consumed or games_queue not in consumed:
        return False
    queues.deselect([WEBHOOKS_QUEUE])
    return True


@celeryd_after_setup.connect
def _worker_queues(sender, instance, conf, **kwargs) -> None:
    if keep_webhooks_off_the_games_queue(instance.app.amqp.queues, conf.task_default_queue):
        log.warning(
            "This worker serves the %r queue (games), so not %r: webhook deliveries are sent "
            "by a worker started with --queues %s.",
            conf.task_default_queue,
            WEBHOOKS_QUEUE,
            WEBHOOKS_QUEUE,
        )
