"""One account's slow receivers cannot hold up another account's deliveries (issue 41): an
endpoint gets one attempt at a time, an account at most WEBHOOKS_IN_FLIGHT_PER_ACCOUNT, and a
worker that finds no room leaves the delivery at once; the attempt in flight hands it on."""

from __future__ import annotations

import itertools
import time
from datetime import timedelta

from django.utils import timezone

from tests.webhooks.conftest import wait_for, written
from webhooks.models import Attempt, Delivery, Endpoint
from webhooks.queue import enqueue
from webhooks.signing import new_secret

SLACK_SECONDS = 0.5


def endpoint_of(player, url: str) -> Endpoint:
    return Endpoint.objects.create(
        owner=player.user, url=url, secret=new_secret(), event_types=["game.your_turn"]
    )


def delivery_to(endpoint: Endpoint, number: int) -> Delivery:
    return written(
        lambda: Delivery.objects.create(
            endpoint=endpoint,
            message_id=f"msg_{endpoint.pk}_{number}",
            event_type="game.your_turn",
            payload={"type": "game.your_turn", "data": {"number": number}},
            next_attempt_at=timezone.now(),
        )
    )


def spans(attempts) -> list[tuple]:
    """(start, end) of each attempt, from its end (`at`) and its duration."""
    return sorted((a.at - timedelta(milliseconds=a.duration_ms), a.at) for a in attempts)


def assert_one_at_a_time(attempts) -> None:
    ordered = spans(attempts)
    for (_start, end), (next_start, _end) in itertools.pairwise(ordered):
        assert next_start >= end - timedelta(milliseconds=50), ordered  # no two overlap


def test_an_account_with_slow_receivers_does_not_delay_another_accounts_delivery(
    make_player, receiver, webhook_settings, worker_pool
):
    """Two webhook workers; mallory's three receivers dribble their answers, with four
    deliveries queued ahead of bob's. Before issue 41 they took both workers (24 s each, and
    again after the sweep's 60 s); now mallory holds one worker, for the deadline at most,
    and bob's delivery goes out at once on the other."""
    webhook_settings.WEBHOOKS_IN_FLIGHT_PER_ACCOUNT = 1
    webhook_settings.WEBHOOKS_RETRY_SECONDS = [600]  # no retry within the test
    pool = worker_pool(2)
    mallory, bob = make_player("mallory"), make_player("bob")
    slow = [endpoint_of(mallory, receiver("dribble").url) for _ in range(3)]
    fast_hook = receiver(200)
    fast = endpoint_of(bob, fast_hook.url)
    queued = [delivery_to(slow[0], 1), delivery_to(slow[0], 2)]
    queued += [delivery_to(endpoint, 1) for endpoint in slow[1:]]
    for delivery in queued:
        enqueue(delivery.pk, 0, 0)
    wait_for(lambda: Delivery.objects.filter(claimed_until__isnull=False).exists())

    bobs = delivery_to(fast, 1)
    sent_at = time.monotonic()
    enqueue(bobs.pk, 0, 0)
    wait_for(lambda: fast_hook.arrivals)
    waited = fast_hook.arrivals[0] - sent_at
    print(f"\nbob's delivery waited {waited:.2f} s behind mallory's dribbling receivers")
    # Within the deadline, as the issue asks; in fact at once, on the worker mallory's
    # account has no right to (a wait for a worker to free would take the deadline).
    assert waited < webhook_settings.WEBHOOKS_DEADLINE_SECONDS / 2

    # mallory's deliveries all go out in their turn, one at a time, each cut off at 1 s.
    wait_for(lambda: Attempt.objects.filter(delivery__endpoint__owner=mallory.user).count() == 4)
    attempts = list(Attempt.objects.filter(delivery__endpoint__owner=mallory.user))
    assert_one_at_a_time(attempts)
    assert all(a.duration_ms < 1000 + SLACK_SECONDS * 1000 for a in attempts)
    assert Delivery.objects.get(pk=bobs.pk).status == Delivery.Status.SUCCEEDED
    pool.stop()


def test_an_endpoint_gets_one_attempt_at_a_time_and_the_next_is_handed_on(
    make_player, receiver, webhook_settings, worker_pool
):
    webhook_settings.WEBHOOKS_IN_FLIGHT_PER_ACCOUNT = 2
    pool = worker_pool(3)
    alice = make_player("alice")
    hook = receiver("dribble", 200)
    endpoint = endpoint_of(alice, hook.url)
    first, second = delivery_to(endpoint, 1), delivery_to(endpoint, 2)
    enqueue(first.pk, 0, 0)
    wait_for(lambda: hook.arrivals)
    enqueue(second.pk, 0, 0)  # a free worker takes it, finds the endpoint busy, leaves it
    wait_for(lambda: len(hook.arrivals) >= 2)  # (the first's retry may come, then the second)
    assert hook.arrivals[1] - hook.arrivals[0] >= 0.9  # only once the first was cut off
    wait_for(lambda: Delivery.objects.get(pk=second.pk).status == Delivery.Status.SUCCEEDED)
    assert_one_at_a_time(Attempt.objects.filter(delivery__endpoint=endpoint))
    pool.stop()
