"""Celery tasks: they take ids, call services, and are safe to run twice."""

import contextlib

from celery import shared_task
from django.conf import settings
from kombu.exceptions import OperationalError

from common import clock
from notifications import digests, services


@shared_task(acks_late=True, reject_on_worker_lost=True)
def send_notification(notification_id: int) -> bool:
    """Send one row if it is still pending (a second run finds it sent and does nothing)."""
    return services.send_one(notification_id)


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True)
def send_due_notifications(self) -> int:
    """Drain what is due, owed kinds first, for at most NOTIFY_SEND_BUDGET_SECONDS; with rows
    still due, hand them to a new task at the back of the queue, so a worker that also serves
    games takes theirs in between. Enqueued by the minute tick, and by the sweep when a row
    has waited (a hold ended, a retry, a lost task)."""
    budget = settings.NOTIFY_SEND_BUDGET_SECONDS
    if self.request.is_eager:  # the embedded default's ticker: nothing else waits on it
        sent, more = 0, True
        while more:
            drained = services.drain(budget=budget)
            sent, more = sent + drained.sent, drained.more
        return sent
    drained = services.drain(budget=budget)
    if drained.more:
        with contextlib.suppress(OperationalError):  # the broker is down: the sweep will
            send_due_notifications.delay()
    return drained.sent


@shared_task(acks_late=True, reject_on_worker_lost=True)
def send_daily_digests() -> int:
    """Write the digests of users whose local digest hour it is. Meant for the beat, hourly
    or more often: a user gets at most one digest per local day."""
    return digests.send_digests(clock.now())
