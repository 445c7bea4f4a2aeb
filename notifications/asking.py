"""The "your turn" emails a player's request calls for: queued by its transaction, written by
an email worker once it has committed. (A worker's own change, an advance or a deadline,
writes its emails in its transaction; so does a game's start, once per game.)

Writing such an email in the request cost more than the decision itself (what happened since
the player last looked, their language and preferences, the templates), so the request only
queues a `PendingAsk` row with its other writes: no extra round trip, and the ask is durable
the moment the decision is. On commit a task on the email queue writes the email from the
game as it is then, into the outbox, and deletes the row (composing.write_asks). An ask
whose prompt was answered in between is dropped: the player is at the table. If the process
dies between the commit and the task, the sweep finds the row (older than
GAME_STUCK_SECONDS) and writes it then.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction
from kombu.exceptions import OperationalError

from common import clock
from games.models import Game, PendingAsk, Seat

log = logging.getLogger(__name__)

# The task by its registered name: the tasks module imports the composing modules above this
# one, which import this one; NotificationsConfig.ready imports the tasks, registering it.
WRITE_ASKS = "notifications.tasks.write_asks"


def pending_ask(game: Game, seat: Seat, prompt, defaults_played: list[str]) -> PendingAsk:
    """The row saying that `seat` is asked `prompt` after waiting on others."""
    return PendingAsk(
        game=game,
        position=seat.position,
        prompt=prompt.id,
        defaults_played=defaults_played,
        created_at=clock.now(),
    )


def queue(game: Game, asks: list[PendingAsk], batch) -> None:
    """Write `asks` with the caller's other writes (`batch`, which the caller flushes), and
    hand them to an email worker once the transaction commits. The same ask queued twice is
    one row."""
    batch.insert(PendingAsk, asks, ignore_conflicts=True)
    enqueue_write_asks(game)


def enqueue_write_asks(game) -> None:
    """The "your turn" emails the transaction queued, to the email worker once it commits."""
    game_id = game.pk
    transaction.on_commit(lambda: _send_write_asks(game_id))


def _send_write_asks(game_id: int) -> None:
    try:
        current_app.tasks[WRITE_ASKS].delay(game_id)
    except OperationalError:  # the broker is down: the sweep writes what stays queued
        log.warning("Could not enqueue write_asks(%r); the tick will pick it up.", game_id)


def games_left_behind(limit: int) -> list[int]:
    """Games with asks older than GAME_STUCK_SECONDS: their task was lost (a worker died
    between the commit and the enqueue, the broker was down)."""
    before = clock.now() - timedelta(seconds=settings.GAME_STUCK_SECONDS)
    return list(
        PendingAsk.objects.filter(created_at__lt=before)
        .order_by("game_id")
        .values_list("game_id", flat=True)
        .distinct()[:limit]
    )
