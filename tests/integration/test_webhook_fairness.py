"""Issue 41 on a real `celery worker --queues webhooks` (prefork, Redis, PostgreSQL): one
account's receivers that answer a byte at a time hold one of its two processes, each attempt
for the deadline at most, and another account's delivery goes out at once on the other."""

from __future__ import annotations

import itertools
import time
from datetime import timedelta

from django.utils import timezone

from tests.integration.conftest import wait_for
from tests.webhooks.conftest import Receiver
from webhooks.models import Attempt, Delivery, Endpoint
from webhooks.queue import enqueue
from webhooks.signing import new_secret

DEADLINE_SECONDS = 2
SLACK_SECONDS = 0.5


def delivery_to(endpoint: Endpoint, number: int) -> Delivery:
    return Delivery.objects.create(
        endpoint=endpoint,
        message_id=f"msg_{endpoint.pk}_{number}",
        event_type="game.your_turn",
        payload={"type": "game.your_turn", "data": {"number": number}},
        next_attempt_at=timezone.now(),
    )


def test_slow_receivers_of_one_account_never_hold_up_another_accounts_delivery(
    make_player, start_worker
):
    receivers = [Receiver(["dribble"]) for _ in range(3)] + [Receiver([200])]
    try:
        start_worker(
            queues="webhooks",
            concurrency=2,
            WEBHOOKS_ALLOW_PRIVATE_ADDRESSES="true",  # the receivers are on loopback
            WEBHOOKS_DEADLINE_SECONDS=str(DEADLINE_SECONDS),
            WEBHOOKS_IN_FLIGHT_PER_ACCOUNT="1",
        )
        mallory, bob = make_player("mallory"), make_player("bob")
        slow = [
            Endpoint.objects.create(
                owner=mallory.user, url=hook.url, secret=new_secret(), event_types=["game.over"]
            )
            for hook in receivers[:3]
        ]
        fast = Endpoint.objects.create(
            owner=bob.user, url=receivers[3].url, secret=new_secret(), event_types=["game.over"]
        )
        for number, endpoint in enumerate(slow * 2):
            enqueue(delivery_to(endpoint, number).pk, 0, 0)

        def mallory_is_sending():
            return any(hook.requests for hook in receivers[:3])

        wait_for(mallory_is_sending, timeout=30)
        bobs = delivery_to(fast, 1)
        sent_at = time.monotonic()
        enqueue(bobs.pk, 0, 0)

        def bob_received():
            return receivers[3].arrivals

        wait_for(bob_received, timeout=10, interval=0.01)
        waited = receivers[3].arrivals[0] - sent_at
        print(f"\nreal worker: bob's delivery waited {waited:.2f} s, the deadline is 2 s")
        assert waited < DEADLINE_SECONDS

        def mallorys_attempts():
            done = Attempt.objects.filter(delivery__endpoint__owner=mallory.user)
            return list(done) if done.count() >= 3 else None

        attempts = wait_for(mallorys_attempts, timeout=30)
        print(f"mallory's attempts took {sorted(a.duration_ms for a in attempts)} ms")
        assert all(a.duration_ms < (DEADLINE_SECONDS + SLACK_SECONDS) * 1000 for a in attempts)
        spans = sorted((a.at - timedelta(milliseconds=a.duration_ms), a.at) for a in attempts)
        for (_, end), (start, _) in itertools.pairwise(spans):
            assert start >= end - timedelta(milliseconds=50), spans  # one at a time
    finally:
        for hook in receivers:
            hook.close()
