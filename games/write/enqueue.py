"""Handing work to the workers: only ids, only once the transaction has committed.

If the broker is unreachable the work is not lost: the database still says what is due
(`Game.needs_advance`, open steps past their deadline, pending notifications) and the
minute tick picks it up.
"""

from __future__ import annotations

import logging

from django.db import transaction
from kombu.exceptions import OperationalError

log = logging.getLogger(__name__)


def enqueue_advance(game) -> None:
    game_id = game.pk
    transaction.on_commit(lambda: _send("advance_game", game_id))


def _send(task_name: str, *args) -> None:
    from games.workers import tasks

    try:
        getattr(tasks, task_name).delay(*args)
    except OperationalError:  # the broker is down: the tick sweeps what stays due
        log.warning("Could not enqueue %s%r; the tick will pick it up.", task_name, args)
