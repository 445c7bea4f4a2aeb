"""Celery tasks: they take ids, call services, and are safe to run twice."""

from celery import shared_task

from games import clock
from notifications import digests, services


@shared_task(acks_late=True, reject_on_worker_lost=True)
def send_notification(notification_id: int) -> bool:
    """Send one row if it is still pending (a second run finds it sent and does nothing)."""
    return services.send_one(notification_id)


@shared_task(acks_late=True, reject_on_worker_lost=True)
def send_due_notifications() -> int:
    """Send what is due, retries included. Meant for the beat, every minute."""
    return services.send_due()


@shared_task(acks_late=True, reject_on_worker_lost=True)
def send_daily_digests() -> int:
    """Write the digests of users whose local digest hour it is. Meant for the beat, hourly
    or more often: a user gets at most one digest per local day."""
    return digests.send_digests(clock.now())
