"""A part that is down or busy costs players speed, never a 500 (issue 52): a held lock and a
read-only database answer 503 with Retry-After within the bound; Redis down leaves signed-in
requests working (revocation still counts) and refuses new streams with 503."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest
from django.core.cache import caches
from django.db import connection
from django.test import override_settings

from common.cache import circuit
from khora_site.database import bound_request_waits, unbound_request_waits
from live import views
from live.hub import Hub
from tests.players import assert_problem, start_game, url

UNREACHABLE_REDIS = "redis://127.0.0.1:9/0"  # the discard port: nothing listens


@pytest.fixture
def request_bounds(settings):
    """The web process's bounds (wsgi.py), on fresh connections of this test."""
    settings.DATABASE_REQUEST_LOCK_TIMEOUT_MS = 500
    bound_request_waits()
    connection.close()
    yield
    unbound_request_waits()
    connection.close()


def _answer(player, game):
    prompt = player.get(url(game, "prompt")).json()["prompt"]
    return player.post(
        url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
    )


def _hold_row(game, release: threading.Event, held: threading.Event) -> None:
    db = connection.settings_dict
    with psycopg.connect(
        host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"], dbname=db["NAME"]
    ) as other:
        other.execute("SELECT 1 FROM games_game WHERE id = %s FOR UPDATE", [game.pk])
        held.set()
        release.wait(30)


@pytest.mark.postgres
def test_a_decision_on_a_game_another_session_holds_is_503_within_the_bound(
    make_player, request_bounds
):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    release, held = threading.Event(), threading.Event()
    holder = threading.Thread(target=_hold_row, args=(game, release, held))
    holder.start()
    try:
        assert held.wait(10)
        started = time.monotonic()
        response = _answer(alice, game)
        waited = time.monotonic() - started
    finally:
        release.set()
        holder.join(10)
    body = assert_problem(response, 503, "database_busy")
    assert "nothing was changed" in body["detail"]
    assert int(response["Retry-After"]) > 0
    assert waited < 3, f"waited {waited:.1f} s for a 0.5 s bound"
    assert _answer(alice, game).status_code == 200  # once the lock is gone, it goes through


@pytest.mark.postgres
def test_a_read_only_database_answers_503_not_500(make_player, request_bounds):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    alice.get(url(game))  # the request's connection exists: make it read-only
    with connection.cursor() as cursor:
        cursor.execute("SET default_transaction_read_only = on")
    try:
        response = _answer(alice, game)
    finally:
        connection.close()
    assert_problem(response, 503, "database_unavailable")
    assert int(response["Retry-After"]) > 0


@pytest.fixture
def redis_down(settings):
    cache = dict(settings.CACHES["default"])
    cache.update(
        BACKEND="common.cache.ResilientRedisCache",
        LOCATION=UNREACHABLE_REDIS,
        OPTIONS={"socket_timeout": 0.5, "socket_connect_timeout": 0.5},
    )
    circuit._down_until = 0.0
    with override_settings(CACHES={"default": cache}):
        caches._settings = None  # the handler reads the overridden settings again
        yield
    circuit._down_until = 0.0


def test_with_redis_down_signed_in_requests_work_and_revocation_still_counts(
    make_player, redis_down
):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    started = time.monotonic()
    for _ in range(10):
        assert alice.get(url(game, "prompt")).status_code == 200
    assert time.monotonic() - started < 3  # one short wait, then no more tries for a while
    assert alice.post("/api/v1/auth/token/revoke/").status_code == 200
    assert_problem(alice.get(url(game, "prompt")), 401, "authentication_failed")


def test_with_redis_down_a_new_stream_is_503_not_a_silent_stream(
    make_player, settings, monkeypatch
):
    settings.REDIS_URL = UNREACHABLE_REDIS
    settings.STREAM_LISTENER_WAIT_SECONDS = 0.5
    # A process of its own: the run's hub may be listening to the real Redis already.
    hub = Hub()
    monkeypatch.setattr(views, "HUB", hub)
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    try:
        response = alice.get(url(game, "stream"))
    finally:
        hub.stop()
    assert_problem(response, 503, "live_unavailable")
    assert int(response["Retry-After"]) > 0
