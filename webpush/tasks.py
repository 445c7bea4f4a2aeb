"""Celery tasks (the email queue): they take ids, call webpush's modules, and are safe to run
twice (a row is sent once: webpush.delivering claims it).

In the embedded default (tasks in-process) the pushes are written where they are asked for
(after the change's commit, a few rows), but sent from a thread (common.embedded_threads): a
push service that answers slowly never holds up the request whose change called for it."""

from celery import shared_task
from django.conf import settings

from common import embedded_threads
from common.reliability import RELIABLE, TRANSIENT, enqueue, retry_soon
from games import events
from webpush import announcing, delivering

# How many due pushes one tick hands on (the next tick takes the rest).
TICK_BATCH = 500
# The embedded default's sending threads' names begin so.
THREAD_PREFIX = "push work "


@shared_task(bind=True, **RELIABLE)
def push_game(self, game_id: int, kind: str, asks: list[list]) -> int:
    """Write the pushes a game's change called for, then send each in a task of its own."""
    try:
        ids = announcing.write(game_id, kind, asks)
    except TRANSIENT as error:
        return retry_soon(self, error)
    send_later(ids)
    return len(ids)


@shared_task(bind=True, **RELIABLE)
def push_chat(self, message_id: int) -> int:
    """Tell the other players of a game that someone wrote at its table."""
    try:
        game_id, asks = announcing.chat_asks(message_id)
        ids = announcing.write(game_id, announcing.CHAT, asks) if asks else []
    except TRANSIENT as error:
        return retry_soon(self, error)
    send_later(ids)
    return len(ids)


@shared_task(bind=True, **RELIABLE)
def send_push(self, message_id: int) -> bool:
    try:
        return delivering.send_one(message_id)
    except TRANSIENT as error:
        return retry_soon(self, error)


def after_tick(_ticked: events.Ticked) -> dict[str, int]:
    """games' minute tick ran: hand on the pushes due again (a retry, a lost task); the count
    joins the tick's own."""
    ids = delivering.due(TICK_BATCH)
    send_later(ids)
    return {"pushes_due": len(ids)}


def send_later(message_ids: list[int]) -> None:
    """Hand the pushes on to be sent: a task each on the email queue; in the embedded default
    one thread sends them in turn. What finds no thread (WEBPUSH_EMBEDDED_THREADS are busy)
    stays pending, and the ticker's minute hands it on (after_tick)."""
    if not message_ids:
        return
    if not send_push.app.conf.task_always_eager:
        for message_id in message_ids:
            enqueue(send_push, message_id)
        return
    ids = tuple(message_ids)
    limit = settings.WEBPUSH_EMBEDDED_THREADS
    embedded_threads.start(THREAD_PREFIX, limit, _send_each, ids, 0, "send")


def _send_each(*message_ids: int) -> None:
    for message_id in message_ids:
        delivering.send_one(message_id)
