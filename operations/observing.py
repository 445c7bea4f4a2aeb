"""Each Celery task: a line in the JSON log with its duration, and its count and duration in
the metrics (the advance task's is a game's advance latency)."""

from __future__ import annotations

import contextlib
import logging
import time

from celery import signals
from django.conf import settings

from operations import logs
from operations.metrics import TASK_SECONDS, TASKS

log = logging.getLogger("khora.task")
_running: dict[str, tuple[float, object]] = {}


def connect() -> None:
    signals.task_prerun.connect(_started, dispatch_uid="khora-task-started")
    signals.task_postrun.connect(_ended, dispatch_uid="khora-task-ended")


def _started(task_id=None, task=None, args=None, kwargs=None, **_) -> None:
    context = {"task": task.name, "task_id": task_id}
    game = (kwargs or {}).get("game_id")
    if game is None and args and task.name == "games.tasks.advance_game":
        game = args[0]
    if game is not None:
        context["game_id"] = game
    _running[task_id] = (time.monotonic(), logs.bind(**context))


def _ended(task_id=None, task=None, state=None, **_) -> None:
    began, token = _running.pop(task_id, (None, None))
    if began is None:
        return
    took = time.monotonic() - began
    outcome = (state or "unknown").lower()
    TASKS.labels(task.name, outcome).inc()
    TASK_SECONDS.labels(task.name).observe(took)
    if settings.LOG_FORMAT == "json":
        log.info(
            "%s %s",
            task.name,
            outcome,
            extra={"task": task.name, "outcome": outcome, "duration_ms": round(took * 1000, 1)},
        )
    # An eager task may end in another context than it began in: nothing to undo there.
    with contextlib.suppress(ValueError):
        logs.unbind(token)  # type: ignore[arg-type]
