"""Liveness with the real parts: no game waits on the server, faults heal in seconds, and a
hung SMTP server never slows a game (issue 15; the race is issue 13's defect 3)."""

from __future__ import annotations

import socket
import threading
import time

import psycopg

from games.models import Game, GameEvent
from notifications.models import Notification
from tests.games.workers.race import ADVANCE_WITHIN, ROUNDS, race_once
from tests.integration.conftest import database_url, wait_for
from tests.integration.test_worker_faults import _blocked_on_a_lock
from tests.players import start_game, url

HEALED_WITHIN = 15.0  # seconds after a fault, every game due an advance has moved


def test_racing_last_answers_never_stall_the_game_with_a_worker(make_player, start_worker):
    start_worker()
    players = [make_player("alice"), make_player("bob")]
    started = time.monotonic()
    waits = [race_once(players) for _ in range(ROUNDS)]
    print(
        f"\nrace x{ROUNDS}, real worker: longest wait on the server {max(waits):.2f} s "
        f"({time.monotonic() - started:.1f} s for the {ROUNDS} rounds)"
    )
    assert max(waits) <= ADVANCE_WITHIN


def test_a_worker_killed_mid_advance_the_sweep_moves_the_game_within_seconds(
    make_player, start_worker
):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])  # no worker yet: the advance waits in Redis
    # The killed worker's task is not redelivered for an hour (the default visibility
    # timeout): only the beat's sweep can bring the game back in time.
    with (
        psycopg.connect(database_url(), autocommit=False) as holder,
        psycopg.connect(database_url(), autocommit=True) as watcher,
    ):
        holder.execute("SELECT 1 FROM games_statesnapshot WHERE game_id = %s FOR UPDATE", [game.pk])
        doomed = start_worker(queues="celery")
        wait_for(lambda: _blocked_on_a_lock(watcher), timeout=20)
        start_worker(beat=True)
        doomed.kill()
        killed = time.monotonic()
        holder.rollback()

    wait_for(lambda: not Game.objects.get(pk=game.pk).needs_advance, timeout=HEALED_WITHIN)
    healed = time.monotonic() - killed
    print(f"\nworker killed mid-advance: the game moved {healed:.1f} s later")
    kinds = [e.payload.get("kind") for e in GameEvent.objects.filter(game=game).order_by("seq")]
    assert kinds[:2] == ["cities", "deal"] and kinds.count("deal") == 1


class HungSmtpServer:
    """Accepts connections and never says a word, like the probe's hung SMTP server."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connections: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.connections.append(connection)

    def close(self) -> None:
        self.listener.close()
        for connection in self.connections:
            connection.close()


def test_a_hung_smtp_server_never_delays_an_advance(make_player, start_worker):
    hung = HungSmtpServer()
    try:
        # The production layout: games on one worker, email on its own.
        start_worker(queues="celery", EMAIL_PORT=str(hung.port))
        start_worker(queues="email", EMAIL_PORT=str(hung.port))
        alice, bob = make_player("alice"), make_player("bob")
        game = start_game([alice, bob], seats=3)
        waits = [_wait_for_the_advance(game)]
        for _ in range(4):  # draft picks: each pair of answers needs the bot's next pick
            for player in (alice, bob):
                prompt = player.get(url(game, "prompt")).json()["prompt"]
                response = player.post(
                    url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
                )
                assert response.status_code == 200, response.content
            waits.append(_wait_for_the_advance(game))
        print(f"\nSMTP hung: longest advance {max(waits):.2f} s")
        assert Notification.objects.filter(game=game).exists()
        assert not Notification.objects.filter(status=Notification.Status.SENT).exists()
    finally:
        hung.close()


def _wait_for_the_advance(game) -> float:
    started = time.monotonic()
    wait_for(lambda: not Game.objects.get(pk=game.pk).needs_advance, timeout=ADVANCE_WITHIN)
    return time.monotonic() - started


def test_after_redis_comes_back_empty_the_sweep_moves_the_game_within_seconds(
    make_player, start_worker
):
    import redis
    from django.conf import settings

    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])  # no worker yet: the advance waits in Redis
    redis.Redis.from_url(settings.REDIS_URL).flushdb()  # Redis restarted empty: the task is gone
    start_worker(beat=True)
    healed = time.monotonic()
    wait_for(lambda: not Game.objects.get(pk=game.pk).needs_advance, timeout=HEALED_WITHIN)
    print(f"\nRedis emptied: the game moved {time.monotonic() - healed:.1f} s after the worker")


def test_after_the_database_drops_every_connection_games_move_at_once(make_player, start_worker):
    """As after a PostgreSQL restart: the worker's kept connection is dead, and the next
    advance must neither fail the game nor wait for a sweep."""
    start_worker()
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    wait_for(lambda: not Game.objects.get(pk=game.pk).needs_advance, timeout=ADVANCE_WITHIN)
    with psycopg.connect(database_url(), autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    from django.db import connection

    connection.close()  # the test's own connection was dropped too
    for player in (alice, bob):
        prompt = player.get(url(game, "prompt")).json()["prompt"]
        player.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]})
    waited = _wait_for_the_advance(game)
    print(f"\nall database connections dropped: the next advance took {waited:.2f} s")
    assert Game.objects.get(pk=game.pk).advance_failures == 0
