"""Secrets shown once, and rotated with an overlap in which both sign (issue 41)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone
from standardwebhooks.webhooks import Webhook

from common import clock
from tests.players import assert_problem
from webhooks import delivering
from webhooks.models import Delivery, Endpoint


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


def signed_by(secret: str, request: tuple) -> bool:
    """Whether one of the request's signatures is `secret`'s (without verify's check of the
    timestamp against the real clock, which a frozen clock fails)."""
    headers, body = ({name.lower(): value for name, value in request[0].items()}, request[1])
    moment = datetime.fromtimestamp(int(headers["webhook-timestamp"]), tz=UTC)
    expected = Webhook(secret).sign(headers["webhook-id"], moment, body.decode())
    return expected in headers["webhook-signature"].split(" ")


def test_the_secret_is_shown_once_and_never_listed_again(make_player, webhook_settings):
    alice = make_player("alice")
    created = register(alice, "http://127.0.0.1:9/hook")
    secret = created["secret"]
    assert secret.startswith("whsec_") and created["secret_hint"] == f"whsec_…{secret[-4:]}"
    endpoint_url = f"/api/v1/me/webhooks/{created['id']}/"
    for response in (
        alice.get("/api/v1/me/webhooks/"),
        alice.post(f"{endpoint_url}enable/"),
        alice.get(f"{endpoint_url}deliveries/"),
    ):
        assert response.status_code == 200
        assert secret not in response.content.decode()
        assert secret[6:] not in response.content.decode()
    listed = alice.get("/api/v1/me/webhooks/").json()[0]
    assert "secret" not in listed and listed["secret_hint"] == created["secret_hint"]


def test_a_rotated_secret_signs_beside_the_old_one_for_the_overlap_then_alone(
    make_player, receiver, webhook_settings, queued
):
    webhook_settings.WEBHOOKS_SECRET_OVERLAP_HOURS = 24
    alice, mallory = make_player("alice"), make_player("mallory")
    hook = receiver(200)
    created = register(alice, hook.url)
    old = created["secret"]
    rotate_url = f"/api/v1/me/webhooks/{created['id']}/secret/rotate/"
    assert_problem(mallory.post(rotate_url), 404, "webhook_not_found")
    rotated = alice.post(rotate_url).json()
    new = rotated["secret"]
    assert new != old and rotated["secret_hint"] == f"whsec_…{new[-4:]}"
    assert alice.get("/api/v1/me/webhooks/").json()[0]["secret_hint"] == rotated["secret_hint"]

    delivering.deliver(new_delivery(created["id"], 1).pk, 0)
    headers, body = hook.requests[-1]
    assert len(headers["webhook-signature"].split(" ")) == 2
    for secret in (new, old):  # a receiver holding either secret verifies it
        assert Webhook(secret).verify(body, headers)["data"] == {"number": 1}

    until = Endpoint.objects.get(pk=created["id"]).previous_secret_until
    assert until - clock.now() > timedelta(hours=23)
    with clock.frozen_at(until + timedelta(seconds=1)):
        delivering.deliver(new_delivery(created["id"], 2).pk, 0)
    assert len(hook.requests[-1][0]["webhook-signature"].split(" ")) == 1
    assert signed_by(new, hook.requests[-1]) and not signed_by(old, hook.requests[-1])

    # Rotating twice within the overlap: the oldest secret signs nothing any more.
    newest = alice.post(rotate_url).json()["secret"]
    alice.post(rotate_url)
    delivering.deliver(new_delivery(created["id"], 3).pk, 0)
    assert signed_by(newest, hook.requests[-1]) and not signed_by(new, hook.requests[-1])
