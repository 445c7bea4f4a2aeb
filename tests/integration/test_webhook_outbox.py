"""Issue 52 on real processes (PostgreSQL, Redis, `celery worker`): webhook events survive an
emptied Redis, a delivery sent again after its worker was SIGKILLed keeps its `webhook-id`,
and on the small site's layout (a worker without --queues) no delivery runs on the worker that
plays the games."""

from __future__ import annotations

import shutil
import socket
import subprocess
import threading
import time
from contextlib import contextmanager
from datetime import timedelta

import pytest
import redis

from common import clock
from games.models import Game
from games.services import game_advance
from tests.integration.conftest import Worker, missing, wait_for
from tests.players import start_game
from tests.webhooks.conftest import Receiver, settle_webhook_threads
from webhooks import delivering
from webhooks.models import Attempt, Delivery, Endpoint
from webhooks.signing import new_secret

ON_LOOPBACK = {"WEBHOOKS_ALLOW_PRIVATE_ADDRESSES": "true"}  # the receivers are on loopback


def endpoint_of(player, receiver: Receiver) -> Endpoint:
    return Endpoint.objects.create(
        owner=player.user, url=receiver.url, secret=new_secret(), event_types=["game.your_turn"]
    )


@pytest.fixture
def private_redis(real_parts, tmp_path):
    """A redis-server of this test's own, to empty at will (never the shared one)."""
    if shutil.which("redis-server") is None:
        missing("needs redis-server (.ci/run starts the shared one from the same package)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    client = redis.Redis(port=port)
    wait_for(lambda: _answers(client), timeout=10, interval=0.05)
    yield f"redis://127.0.0.1:{port}/0", client
    process.terminate()
    process.wait(timeout=10)


def _answers(client) -> bool:
    try:
        return client.ping()
    except redis.ConnectionError:
        return False


@contextmanager
def broker(url: str):
    """This process publishes its tasks to `url` inside the block (the site's Celery app keeps
    its connection pools: they are dropped, as Celery does after a fork)."""
    from khora_site.celery import app

    previous = app.conf.broker_url

    def point_at(address: str) -> None:
        app.conf.broker_url = address
        app._pool = None
        app.amqp._producer_pool = None

    point_at(url)
    try:
        yield
    finally:
        point_at(previous)


def test_events_queued_when_redis_is_emptied_are_delivered_once_it_is_back(
    make_player, private_redis, settings
):
    from khora_site.celery import app

    settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = True

    address, private = private_redis
    hook = Receiver([200])
    players = [make_player(f"player{n}") for n in range(4)]
    for player in players:
        endpoint_of(player, hook)
    try:
        with broker(address):
            for pair in (players[0:2], players[2:4]):
                game = start_game(pair)
                game_advance(game.pk)  # as the games' worker would: both players are asked
            deliveries = {d.message_id: d for d in Delivery.objects.all()}
            assert len(deliveries) == 4 and not any(d.attempts for d in deliveries.values())
            assert private.keys("webhooks*")  # their hand-ons wait in Redis
            private.flushall()  # Redis emptied: every task queued there is gone
        assert not hook.requests

        # Once Redis is back, the webhooks sweep (the beat's) finds the rows. Sent from this
        # process, in threads (the workers' part is the next test's).
        app.conf.task_always_eager = True
        try:
            assert delivering.sweep() == 4
            wait_for(lambda: len(hook.requests) >= 4, timeout=20)
            wait_for(
                lambda: set(Delivery.objects.values_list("status", flat=True)) == {"succeeded"}
            )
        finally:
            app.conf.task_always_eager = False
            settle_webhook_threads()
        sent = sorted(headers["webhook-id"] for headers, _ in hook.requests)
        assert sent == sorted(deliveries)  # each event once, with the id it was written with
    finally:
        hook.close()


def queues_served(worker) -> set[str]:
    """The queues a worker's start-up banner lists ("[queues]": `.> <name> exchange=…`)."""
    return {line.split()[1] for line in worker.log().splitlines() if line.strip().startswith(".>")}


@pytest.fixture
def webhook_workers(smtp, tmp_path):
    """Start `count` workers on the webhooks queue at once (each takes seconds to import the
    site); they are stopped after the test."""
    workers: list[Worker] = []

    def start(count: int) -> list[Worker]:
        made = [
            Worker(smtp.port, ON_LOOPBACK, tmp_path / f"webhooks-{n}.log", ["--queues", "webhooks"])
            for n in range(count)
        ]
        workers.extend(made)
        threads = [threading.Thread(target=worker.start) for worker in made]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert all("ready." in worker.log() for worker in made)
        return made

    yield start
    for worker in workers:
        worker.stop()


def test_deliveries_never_run_on_the_games_worker_and_one_resent_after_a_kill_keeps_its_id(
    make_player, start_worker, webhook_workers
):
    from khora_site.celery import app

    hook = Receiver(["hang", 200])
    hook.hang_seconds = 8.0  # past the moment the worker sending it is killed
    try:
        alice, bob = make_player("alice"), make_player("bob")
        endpoint_of(alice, hook)
        games_worker = start_worker(**ON_LOOPBACK)  # the small site's: no --queues
        assert queues_served(games_worker) == {"celery", "email"}
        assert "so not 'webhooks'" in games_worker.log()

        game = start_game([alice, bob])  # its advance runs on that worker and asks alice
        wait_for(lambda: not Game.objects.get(pk=game.pk).needs_advance, timeout=20)
        delivery = wait_for(lambda: Delivery.objects.first(), timeout=10)

        def handed_on_and_left() -> bool:  # the games' worker leaves the hand-on in its queue
            with app.connection_for_write() as connection:
                return connection.default_channel.client.llen("webhooks") == 1

        wait_for(handed_on_and_left, timeout=10)
        time.sleep(0.5)  # the games' worker is idle meanwhile, and takes nothing
        assert handed_on_and_left() and not hook.requests
        assert "Task webhooks.tasks" not in games_worker.log()

        senders = webhook_workers(2)
        wait_for(lambda: hook.requests, timeout=20)
        [sender] = [w for w in senders if "Task webhooks.tasks.deliver_webhook[" in w.log()]
        sender.kill()  # SIGKILL while the receiver holds the attempt
        delivery.refresh_from_db()
        assert delivery.attempts == 0 and delivery.claimed_until is not None
        assert delivering.sweep() == 0  # no one sends it while that attempt might still run

        # The claim lapses WEBHOOKS_DEADLINE_SECONDS + 30 s after it was taken: moved back here
        # instead of waited for. Then the sweep hands it to the worker still running.
        lapsed = clock.now() - timedelta(seconds=1)
        Delivery.objects.filter(pk=delivery.pk).update(claimed_until=lapsed)
        assert delivering.sweep() == 1
        wait_for(lambda: Delivery.objects.get(pk=delivery.pk).status == "succeeded", timeout=20)
        ids = [headers["webhook-id"] for headers, _ in hook.requests]
        assert ids == [delivery.message_id, delivery.message_id]
        assert Attempt.objects.filter(delivery=delivery).count() == 1
    finally:
        hook.close()
