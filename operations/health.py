"""What the probes answer: liveness, readiness and the deeper check for monitoring.

Liveness says the process serves requests at all (nothing else is asked, so a database outage
never gets a healthy process restarted). Readiness says it can serve this site: the database
answers, every migration is applied, Redis answers (when configured), and in a stream process
the listener that feeds the streams is subscribed. The deep check asks what the site's
background parts owe: workers answering on every queue, the minute tick's last run, the oldest
email due, the webhook backlog, games overdue an advance; each threshold is a setting.

Every answer is counts, ages and names: no address, no key, no game data.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor

from common import clock
from games.models import Game, Heartbeat
from live.hub import HUB
from notifications.models import Notification
from webhooks.models import Delivery

# Which server this process is: "streams" under uvicorn (khora_site/asgi.py says so), where
# readiness also asks for the live listener.
PROCESS = {"kind": "web"}
QUEUES = ("celery", "email", "webhooks")

Check = Callable[[], dict[str, Any]]
_migrated = False


def _timed(name: str, check: Check) -> dict[str, Any]:
    began = time.monotonic()
    try:
        found = check()
    except Exception as error:  # a probe answers; the failure is its content
        found = {"ok": False, "error": type(error).__name__}
    found["ms"] = round((time.monotonic() - began) * 1000, 1)
    return {"name": name, **found}


def database() -> dict[str, Any]:
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT 1")
    return {"ok": True}


def migrations() -> dict[str, Any]:
    """Checked once per process until true: a deploy that adds migrations restarts it."""
    global _migrated
    if not _migrated:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        unapplied = executor.migration_plan(executor.loader.graph.leaf_nodes())
        if unapplied:
            return {"ok": False, "unapplied": len(unapplied)}
        _migrated = True
    return {"ok": True}


def redis() -> dict[str, Any]:
    if not settings.REDIS_URL:
        return {"ok": True, "configured": False}
    import redis as redis_client

    client = redis_client.Redis.from_url(
        settings.REDIS_URL, socket_timeout=0.5, socket_connect_timeout=0.5
    )
    try:
        client.ping()
    finally:
        client.close()
    return {"ok": True}


def listener() -> dict[str, Any]:
    return {"ok": HUB.listening(wait=0.5), "open_streams": HUB.open_streams()}


def readiness() -> list[dict[str, Any]]:
    checks: list[tuple[str, Check]] = [
        ("database", database),
        ("migrations", migrations),
        ("redis", redis),
    ]
    if PROCESS["kind"] == "streams":
        checks.append(("live_listener", listener))
    return [_timed(name, check) for name, check in checks]


# -- the deep check ---------------------------------------------------------------------------


def workers() -> dict[str, Any]:
    """Every queue has a worker that answers within HEALTH_WORKER_TIMEOUT_SECONDS."""
    from celery import current_app

    if current_app.conf.task_always_eager:
        return {"ok": True, "in_process": True}

    replies = (
        current_app.control.inspect(timeout=settings.HEALTH_WORKER_TIMEOUT_SECONDS).active_queues()
        or {}
    )
    served = {queue["name"] for queues in replies.values() for queue in queues}
    missing = [queue for queue in QUEUES if queue not in served]
    return {"ok": not missing, "workers": len(replies), "queues_without_worker": missing}


def beat() -> dict[str, Any]:
    """The minute tick ran lately (the beat sends it, a worker runs it)."""
    last = Heartbeat.objects.filter(name="tick").values_list("at", flat=True).first()
    if last is None:
        return {"ok": False, "last_tick_seconds_ago": None}
    age = (clock.now() - last).total_seconds()
    return {"ok": age <= settings.HEALTH_TICK_MAX_SECONDS, "last_tick_seconds_ago": round(age)}


def outbox() -> dict[str, Any]:
    due = Notification.objects.filter(
        status=Notification.Status.PENDING, next_attempt_at__lte=clock.now()
    )
    oldest = due.order_by("next_attempt_at").values_list("next_attempt_at", flat=True).first()
    age = (clock.now() - oldest).total_seconds() if oldest else 0.0
    return {
        "ok": age <= settings.HEALTH_EMAIL_DUE_MAX_SECONDS,
        "due": due.count(),
        "oldest_due_seconds": round(age),
    }


def webhooks() -> dict[str, Any]:
    due = Delivery.objects.filter(
        status=Delivery.Status.PENDING, next_attempt_at__lte=clock.now()
    ).count()
    return {"ok": due <= settings.HEALTH_WEBHOOK_BACKLOG_MAX, "due": due}


def advances() -> dict[str, Any]:
    """Games due an advance for longer than the sweep should ever leave one."""
    limit = clock.now() - timedelta(seconds=settings.HEALTH_ADVANCE_OVERDUE_SECONDS)
    overdue = Game.objects.filter(
        needs_advance=True, status=Game.Status.ACTIVE, updated_at__lt=limit
    ).count()
    return {"ok": overdue == 0, "overdue": overdue}


def deep() -> list[dict[str, Any]]:
    checks: list[tuple[str, Check]] = [
        ("database", database),
        ("redis", redis),
        ("workers", workers),
        ("beat", beat),
        ("outbox", outbox),
        ("webhooks", webhooks),
        ("advances", advances),
    ]
    return [_timed(name, check) for name, check in checks]
