"""The embedded default (tasks in-process, no broker) sends pushes from a thread of the
server's process: a push service that answers slowly never holds up the request whose change
called for the push, and a push that finds no free thread is sent at the ticker's minute."""

from __future__ import annotations

import time

from django.db import connection

from common import embedded_threads
from games.workers.tasks import tick
from tests.players import start_game
from tests.waiting import wait_until
from tests.webpush.conftest import subscribe
from tests.webpush.test_pushing import answer
from webpush import delivering, tasks
from webpush.models import PushMessage


def status_of(message_id: int) -> str:
    return PushMessage.objects.get(pk=message_id).status


def test_a_slow_push_service_does_not_hold_up_the_decision_that_called_for_the_push(
    make_player, push_service, push_settings, push_threads
):
    alice, bob = make_player("alice"), make_player("bob")
    service = push_service(201)
    subscribe(alice, service)
    game = start_game([alice, bob])
    assert wait_until(lambda: PushMessage.objects.filter(status="sent").count() == 1, timeout=10)

    # The service now keeps every push waiting. Bob's answer asks alice again: his request is
    # answered while her push waits at the service, in a thread of its own.
    service.gate.clear()
    answer(alice, game)
    answer(bob, game)  # a request through the API; it returned
    assert wait_until(lambda: len(service.requests) == 2, timeout=10)
    second = PushMessage.objects.order_by("pk").last()
    assert second is not None and second.status == PushMessage.Status.PENDING
    assert embedded_threads.running(tasks.THREAD_PREFIX) == 1

    # The service answers: the push is recorded as sent (sent inside the request, it would
    # have met the push deadline there and been left for a retry a minute later).
    service.gate.set()
    assert wait_until(lambda: status_of(second.pk) == PushMessage.Status.SENT, timeout=10)
    assert wait_until(lambda: embedded_threads.running(tasks.THREAD_PREFIX) == 0, timeout=10)


def test_a_push_that_finds_no_free_thread_is_sent_at_the_tickers_minute(
    make_player, push_service, push_settings, push_threads
):
    push_settings.WEBPUSH_EMBEDDED_THREADS = 1
    push_settings.WEBPUSH_DEADLINE_SECONDS = 5
    alice, bob = make_player("alice"), make_player("bob")
    service = push_service(201)
    service.gate.clear()
    subscribe(alice, service)
    game = start_game([alice, bob])  # alice's first push holds the one thread
    assert wait_until(lambda: len(service.requests) == 1, timeout=10)
    first = PushMessage.objects.get()

    answer(alice, game)
    answer(bob, game)  # alice is asked again: no thread is free for that push
    second = PushMessage.objects.exclude(pk=first.pk).get()
    time.sleep(0.2)
    assert len(service.requests) == 1
    assert (second.status, second.attempts) == (PushMessage.Status.PENDING, 0)

    service.gate.set()
    assert wait_until(lambda: status_of(first.pk) == PushMessage.Status.SENT, timeout=10)
    assert wait_until(lambda: embedded_threads.running(tasks.THREAD_PREFIX) == 0, timeout=10)
    assert status_of(second.pk) == PushMessage.Status.PENDING  # nothing else sends it

    tick()  # the ticker's minute hands on what is due
    assert wait_until(lambda: status_of(second.pk) == PushMessage.Status.SENT, timeout=10)
    assert len(service.requests) == 2


def test_no_transaction_is_held_while_the_push_service_answers(
    make_player, push_service, push_settings, monkeypatch
):
    """A slow push service must not hold a transaction: in the embedded default (SQLite, one
    writer at a time) it would hold up every other write of the site."""
    held_during_post: list[bool] = []
    post = delivering.transport.post

    def watched_post(*args, **kwargs):
        held_during_post.append(connection.in_atomic_block)
        return post(*args, **kwargs)

    monkeypatch.setattr(delivering.transport, "post", watched_post)
    alice, bob = make_player("alice"), make_player("bob")
    subscribe(alice, push_service(201))
    start_game([alice, bob])
    assert held_during_post == [False]
    assert PushMessage.objects.get().status == PushMessage.Status.SENT
