"""The probes: liveness, readiness and the deep check, each failing when its part is down."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client

from common import clock
from games.models import Game, Heartbeat
from notifications.models import Notification
from operations import health
from webhooks.models import Delivery, Endpoint


def check(body: dict, name: str) -> dict:
    return next(found for found in body["checks"] if found["name"] == name)


def test_liveness_answers_loopback_probes_past_the_https_redirect_and_the_host_check(
    settings, monkeypatch
):
    monkeypatch.setitem(health.PROCESS, "kind", "web")
    settings.SECURE_SSL_REDIRECT = True
    settings.ALLOWED_HOSTS = ["khora.example.org"]
    response = Client().get("/health/live/", HTTP_HOST="127.0.0.1:8000")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "process": "web"}
    # Any other address still goes through both.
    assert Client().get("/rules/", HTTP_HOST="127.0.0.1:8000").status_code == 400


def test_readiness_asks_the_database_migrations_and_redis(db, monkeypatch):
    response = Client().get("/health/ready")
    assert response.status_code == 200, response.content
    assert [c["name"] for c in response.json()["checks"]] == ["database", "migrations", "redis"]

    def down():
        raise ConnectionError("the database went away")

    monkeypatch.setattr(health, "database", down)
    response = Client().get("/health/ready/")
    assert response.status_code == 503
    assert check(response.json(), "database") == {
        "name": "database", "ok": False, "error": "ConnectionError",
        "ms": check(response.json(), "database")["ms"],
    }  # fmt: skip


def test_readiness_fails_while_a_migration_is_unapplied(db, monkeypatch):
    monkeypatch.setattr(health, "_migrated", False)
    monkeypatch.setattr(
        health.MigrationExecutor, "migration_plan", lambda self, targets: [("games", False)]
    )
    response = Client().get("/health/ready/")
    assert response.status_code == 503
    assert check(response.json(), "migrations")["unapplied"] == 1


def test_a_stream_process_is_ready_only_with_its_listener(db, monkeypatch):
    from live.hub import HUB

    monkeypatch.setitem(health.PROCESS, "kind", "streams")
    monkeypatch.setattr(HUB, "listening", lambda wait: False)
    response = Client().get("/health/ready/")
    assert response.status_code == 503
    assert check(response.json(), "live_listener")["ok"] is False


def test_the_deep_check_and_metrics_are_hidden_without_a_token_and_refused_with_a_wrong_one(
    db, settings
):
    settings.MONITORING_TOKEN = ""
    assert Client().get("/health/deep/").status_code == 404
    assert Client().get("/metrics").status_code == 404
    settings.MONITORING_TOKEN = "right"
    for path in ("/health/deep/", "/metrics"):
        response = Client().get(path, HTTP_AUTHORIZATION="Bearer wrong")
        assert response.status_code == 401
        assert response["WWW-Authenticate"].startswith("Bearer")


def deep(monitoring) -> tuple[int, dict]:
    response = Client().get("/health/deep/", **monitoring)
    return response.status_code, response.json()


@pytest.fixture
def all_well(db, settings):
    Heartbeat.objects.create(name="tick", at=clock.now())


def test_the_deep_check_passes_when_all_is_well(all_well, monitoring):
    status, body = deep(monitoring)
    assert status == 200, body
    assert body["status"] == "ok"


class Workers:
    def __init__(self, queues: dict[str, list[str]]):
        self.queues = queues

    def active_queues(self):
        return {name: [{"name": q} for q in queues] for name, queues in self.queues.items()} or None


def test_the_deep_check_fails_when_a_queue_has_no_worker(
    all_well, monitoring, settings, monkeypatch
):
    from celery import current_app

    current_app.conf.task_always_eager = False  # the autouse fixture puts it back
    answering = Workers({"games@host": ["celery"], "email@host": ["email"]})
    monkeypatch.setattr(current_app.control, "inspect", lambda timeout: answering)
    status, body = deep(monitoring)
    assert status == 503
    assert check(body, "workers")["queues_without_worker"] == ["webhooks"]
    answering.queues["hooks@host"] = ["webhooks"]
    assert deep(monitoring)[0] == 200
    answering.queues.clear()  # every worker stopped
    status, body = deep(monitoring)
    assert check(body, "workers")["queues_without_worker"] == ["celery", "email", "webhooks"]


def test_the_deep_check_fails_when_the_tick_has_not_run_lately(all_well, monitoring, settings):
    settings.HEALTH_TICK_MAX_SECONDS = 180
    Heartbeat.objects.filter(name="tick").update(at=clock.now() - timedelta(seconds=181))
    status, body = deep(monitoring)
    assert status == 503
    assert check(body, "beat")["last_tick_seconds_ago"] >= 181
    Heartbeat.objects.all().delete()  # the beat never ran
    assert deep(monitoring)[0] == 503


def test_the_deep_check_fails_when_an_email_is_due_for_longer_than_allowed(
    all_well, monitoring, settings, django_user_model
):
    settings.HEALTH_EMAIL_DUE_MAX_SECONDS = 300
    alice = django_user_model.objects.create_user("alice", "alice@example.com")
    game = Game.objects.create(creator=alice, rules_version="test", num_seats=2)
    email = Notification.objects.create(
        recipient=alice, game=game, step="s", kind="your_turn", subject="s", body_text="t",
        body_html="h", next_attempt_at=clock.now() - timedelta(seconds=200),
    )  # fmt: skip
    assert deep(monitoring)[0] == 200
    Notification.objects.filter(pk=email.pk).update(
        next_attempt_at=clock.now() - timedelta(seconds=400)
    )
    status, body = deep(monitoring)
    assert status == 503
    assert check(body, "outbox")["due"] == 1
    assert check(body, "outbox")["oldest_due_seconds"] >= 400


def test_the_deep_check_fails_past_the_webhook_backlog(
    all_well, monitoring, settings, django_user_model
):
    settings.HEALTH_WEBHOOK_BACKLOG_MAX = 1
    endpoint = Endpoint.objects.create(
        owner=django_user_model.objects.create_user("alice"),
        url="https://hooks.example.org/",
        secret="whsec_x",
    )
    for number in range(2):
        Delivery.objects.create(
            endpoint=endpoint, message_id=f"msg_{number}", event_type="game.your_turn",
            payload={}, next_attempt_at=clock.now(),
        )  # fmt: skip
    status, body = deep(monitoring)
    assert status == 503
    assert check(body, "webhooks")["due"] == 2


def test_the_deep_check_fails_when_a_game_is_overdue_an_advance(
    all_well, monitoring, settings, django_user_model
):
    settings.HEALTH_ADVANCE_OVERDUE_SECONDS = 60
    game = Game.objects.create(
        creator=django_user_model.objects.create_user("alice"), rules_version="test",
        num_seats=2, status=Game.Status.ACTIVE, needs_advance=True,
        updated_at=clock.now() - timedelta(seconds=30),
    )  # fmt: skip
    assert deep(monitoring)[0] == 200
    Game.objects.filter(pk=game.pk).update(updated_at=clock.now() - timedelta(seconds=61))
    status, body = deep(monitoring)
    assert status == 503
    assert check(body, "advances")["overdue"] == 1
