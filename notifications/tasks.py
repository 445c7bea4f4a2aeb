"""Celery tasks: they take ids, call services, and are safe to run twice."""

import contextlib

from celery import shared_task
from django.conf import settings
from kombu.exceptions import OperationalError

from common import clock
from common.reliability import RELIABLE, TRANSIENT, enqueue, retry_soon
from games import events
from notifications import asking, chat_digests, composing, digests, reminders, sending, services

# How many games or steps one sweep or tick takes on (the next one takes the rest).
SWEEP_BATCH = 2000


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


# Named by their module (notifications.tasks.*, routed to the email queue). A message queued
# under its older name (games' or chat's) before an upgrade is dropped as unregistered; the
# sweep writes the asks left unwritten, the tick the chat digests.
@shared_task(bind=True, **RELIABLE)
def write_asks(self, game_id: int) -> int:
    """Write the "your turn" emails a game's change queued (on the email queue)."""
    try:
        return composing.write_asks(game_id)
    except TRANSIENT as error:
        return retry_soon(self, error)


@shared_task(**RELIABLE)
def send_chat_digests() -> int:
    """Write the chat digests due (enqueued by the minute tick; at most one per game an hour
    for each player who chose them)."""
    return chat_digests.send_chat_digests(clock.now())


def after_sweep(_swept: events.Swept) -> int:
    """games' sweep ran (every few seconds): write the asks a lost task left unwritten, and
    an email due for a while (its hold for an active player ended, a retry, a lost task or a
    failed enqueue, a pause over) is not left for the minute tick."""
    unwritten = asking.games_left_behind(SWEEP_BATCH)
    for game_id in unwritten:
        enqueue(write_asks, game_id)
    if sending.oldest_due_since(settings.GAME_SWEEP_SECONDS):
        enqueue(send_due_notifications)
    return len(unwritten)


def after_tick(_ticked: events.Ticked) -> dict[str, int]:
    """games' minute tick ran: write the reminders due, and hand the digests and the emails
    due to the email queue."""
    reminded = sum(
        reminders.step_remind(step_id) for step_id in reminders.steps_to_remind(SWEEP_BATCH)
    )
    enqueue(send_daily_digests)
    enqueue(send_chat_digests)
    enqueue(send_due_notifications)
    return {"reminded": reminded}
