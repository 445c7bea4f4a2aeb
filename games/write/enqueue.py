"""Handing work to the workers: only ids, only once the transaction has committed.

If the broker is unreachable the work is not lost: the database still says what is due
(`Game.needs_advance`, open steps past their deadline, pending notifications) and the
minute tick picks it up.
"""

from __future__ import annotations

import logging

from celery import current_app
from django.db import transaction
from kombu.exceptions import OperationalError

log = logging.getLogger(__name__)


# The task by its registered name, as the beat's schedule and the routes name it: the write
# path sits below the workers (games/workers/ imports it), so it never imports their module.
# games.apps imports games.workers.tasks at start, which registers the task with Celery.
ADVANCE_GAME = "games.tasks.advance_game"


def enqueue_advance(game) -> None:
    game_id = game.pk
    transaction.on_commit(lambda: _send(ADVANCE_GAME, game_id))


def _send(task_name: str, *args) -> None:
    try:
        current_app.tasks[task_name].delay(*args)
    except OperationalError:  # the broker is down: the tick sweeps what stays due
        log.warning("Could not enqueue %s%r; the tick will pick it up.", task_name, args)
