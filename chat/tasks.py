"""Celery tasks of table talk: they call services and are safe to run twice."""

from celery import shared_task

from chat import digests
from common import clock


@shared_task(acks_late=True, reject_on_worker_lost=True)
def send_chat_digests() -> int:
    """Write the chat digests due (enqueued by the minute tick; at most one per game an hour
    for each player who chose them)."""
    return digests.send_chat_digests(clock.now())
