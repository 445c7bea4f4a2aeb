"""Celery tasks (the email queue): they take ids, call webpush's modules, and are safe to run
twice (a row is sent once: webpush.delivering claims it)."""

from celery import shared_task

from common.reliability import RELIABLE, TRANSIENT, enqueue, retry_soon
from games import events
from webpush import announcing, delivering

# How many due pushes one tick hands on (the next tick takes the rest).
TICK_BATCH = 500


@shared_task(bind=True, **RELIABLE)
def push_game(self, game_id: int, kind: str, asks: list[list]) -> int:
    """Write the pushes a game's change called for, then send each in a task of its own."""
    try:
        ids = announcing.write(game_id, kind, asks)
    except TRANSIENT as error:
        return retry_soon(self, error)
    for message_id in ids:
        enqueue(send_push, message_id)
    return len(ids)


@shared_task(bind=True, **RELIABLE)
def push_chat(self, message_id: int) -> int:
    """Tell the other players of a game that someone wrote at its table."""
    try:
        game_id, asks = announcing.chat_asks(message_id)
        ids = announcing.write(game_id, announcing.CHAT, asks) if asks else []
    except TRANSIENT as error:
        return retry_soon(self, error)
    for message in ids:
        enqueue(send_push, message)
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
    for message_id in ids:
        enqueue(send_push, message_id)
    return {"pushes_due": len(ids)}
