"""The circuit breaker (issue 41): an endpoint failing N attempts in a row is turned off, its
owner told by email and in the API."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import timezone

from webhooks import delivering
from webhooks.models import Delivery


@pytest.fixture
def queued(monkeypatch) -> list[tuple]:
    """What would go to the webhooks queue, kept instead: the test sends each itself."""
    kept: list[tuple] = []
    monkeypatch.setattr("webhooks.queue.later", lambda name, args, delay: kept.append(args))
    return kept


def register(player, url: str) -> dict:
    response = player.post("/api/v1/me/webhooks/", {"url": url, "event_types": ["game.over"]})
    assert response.status_code == 201, response.content
    return response.json()


def new_delivery(endpoint_id: int, number: int) -> Delivery:
    return Delivery.objects.create(
        endpoint_id=endpoint_id,
        message_id=f"msg_{endpoint_id}_{number}",
        event_type="game.over",
        payload={"type": "game.over", "data": {"number": number}},
        next_attempt_at=timezone.now(),
    )


def test_an_endpoint_failing_n_times_in_a_row_is_turned_off_its_owner_told_and_the_api_says_so(
    make_player, receiver, webhook_settings, queued
):
    webhook_settings.WEBHOOKS_DISABLE_AFTER_FAILURES = 3
    webhook_settings.WEBHOOKS_RETRY_SECONDS = [600] * 7
    alice = make_player("alice")
    hook = receiver(500, 500, 200, 500, 500, 500)
    endpoint = register(alice, hook.url)
    deliveries = [new_delivery(endpoint["id"], number) for number in range(7)]
    for delivery in deliveries[:5]:  # 500, 500, 200 (the count starts again), 500, 500
        delivering.deliver(delivery.pk, 0)
    listed = alice.get("/api/v1/me/webhooks/").json()[0]
    assert listed["active"] and listed["consecutive_failures"] == 2

    delivering.deliver(deliveries[5].pk, 0)  # the third failure in a row
    listed = alice.get("/api/v1/me/webhooks/").json()[0]
    assert not listed["active"] and listed["consecutive_failures"] == 3
    assert listed["disabled_at"] is not None
    assert listed["disabled_reason"] == "3 attempts in a row failed (the last: HTTP 500)"
    [told] = [m for m in mail.outbox if "webhook" in m.subject.lower()]
    assert told.to == ["alice@example.com"] and hook.url in told.body
    assert "3 attempts in a row failed" in told.body and "/enable/" in told.body
    # What it still had to send is not sent: the delivery log says failed.
    assert Delivery.objects.get(pk=deliveries[6].pk).status == Delivery.Status.FAILED
    assert delivering.deliver(deliveries[6].pk, 0) is False and len(hook.requests) == 6

    enabled = alice.post(f"/api/v1/me/webhooks/{endpoint['id']}/enable/").json()
    assert enabled["active"] and enabled["consecutive_failures"] == 0
    assert enabled["disabled_at"] is None and enabled["disabled_reason"] == ""
