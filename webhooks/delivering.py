"""Sending deliveries: one attempt at a time per endpoint, a few at a time per account, each
within the deadline, retried with backoff; the circuit breaker; the sweep.

A worker claims a delivery (`_claim`) only when its endpoint has no attempt in flight and its
account fewer than WEBHOOKS_IN_FLIGHT_PER_ACCOUNT; otherwise it leaves it at once, holding no
worker, and the attempt in flight hands the next due delivery of that account to the queue
when it ends (`hand_on`). So one account's slow or failing receivers occupy at most that many
workers, for at most the deadline each, and every other account's deliveries go past them.

A claim lasts the deadline and a margin (CLAIM_MARGIN_SECONDS), and the attempt's deadline is
counted from before the claim: no worker, nor the sweep, sends a delivery again while its
attempt may still run.

After each attempt: success, or the next try after WEBHOOKS_RETRY_SECONDS' backoff; a
delivery that used every try fails. An endpoint whose attempts failed
WEBHOOKS_DISABLE_AFTER_FAILURES times in a row, or one of whose deliveries used every try, is
turned off (its pending deliveries failed) and its owner told by email; the API shows it.
"""

from __future__ import annotations

import json
import time
from datetime import timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Min

from common import clock
from webhooks import transport
from webhooks.models import Attempt, Delivery, Endpoint
from webhooks.queue import enqueue
from webhooks.services import signing_secrets
from webhooks.signing import signed_headers

# A claim outlives its attempt's deadline by this much: the attempt's own bookkeeping (closing
# the socket, writing its result), a slow database, a busy machine.
CLAIM_MARGIN_SECONDS = 30


def deliver(delivery_id: int, attempts: int) -> bool:
    """One try of a delivery, if it is still the `attempts`-th, nobody is sending it, and its
    endpoint and account have room; True when the receiver took it."""
    deadline = transport.deadline_in(settings.WEBHOOKS_DEADLINE_SECONDS)
    delivery = _claim(delivery_id, attempts)
    if delivery is None:
        return False
    endpoint = delivery.endpoint
    body = json.dumps(delivery.payload, separators=(",", ":"), sort_keys=True)
    headers = signed_headers(signing_secrets(endpoint), delivery.message_id, clock.now(), body)
    started = time.monotonic()
    outcome = transport.post(endpoint.url, body.encode(), headers, deadline)
    _record(delivery_id, outcome, int((time.monotonic() - started) * 1000))
    return outcome.ok


def _claim(delivery_id: int, attempts: int) -> Delivery | None:
    now = clock.now()
    hold = timedelta(seconds=settings.WEBHOOKS_DEADLINE_SECONDS + CLAIM_MARGIN_SECONDS)
    with transaction.atomic():
        delivery = (
            Delivery.objects.select_related("endpoint")
            .filter(pk=delivery_id, status=Delivery.Status.PENDING, attempts=attempts)
            .first()
        )
        if delivery is None or not delivery.endpoint.active:
            return None
        owner_id = delivery.endpoint.owner_id
        # Claims for one account take turns: its endpoints are locked, always in one order.
        list(
            Endpoint.objects.select_for_update()
            .filter(owner_id=owner_id)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        in_flight = list(_in_flight(owner_id, now))
        if (
            delivery.endpoint_id in in_flight
            or len(in_flight) >= settings.WEBHOOKS_IN_FLIGHT_PER_ACCOUNT
        ):
            return None
        Delivery.objects.filter(pk=delivery_id).update(claimed_until=now + hold)
    return delivery


def _in_flight(owner_id: int, now):
    """The endpoints of the account that have an attempt in flight (one delivery each)."""
    return Delivery.objects.filter(endpoint__owner_id=owner_id, claimed_until__gt=now).values_list(
        "endpoint_id", flat=True
    )


def _record(delivery_id: int, outcome: transport.Outcome, elapsed_ms: int) -> None:
    with transaction.atomic():
        endpoint_id = Delivery.objects.filter(pk=delivery_id).values_list("endpoint_id", flat=True)
        endpoint = (
            Endpoint.objects.select_for_update().select_related("owner").get(pk=endpoint_id.get())
        )
        delivery = Delivery.objects.select_for_update().get(pk=delivery_id)
        delivery.attempts += 1
        Attempt.objects.create(
            delivery=delivery,
            number=delivery.attempts,
            status_code=outcome.status_code,
            error=outcome.error[:300],
            duration_ms=elapsed_ms,
        )
        delivery.claimed_until = None
        if outcome.ok:
            delivery.status, delivery.next_attempt_at = Delivery.Status.SUCCEEDED, None
            endpoint.consecutive_failures = 0
        else:
            endpoint.consecutive_failures += 1
            why = _why_turn_off(endpoint, delivery, outcome)
            if why:
                delivery.status, delivery.next_attempt_at = Delivery.Status.FAILED, None
                _disable(endpoint, why)
            else:
                delay = settings.WEBHOOKS_RETRY_SECONDS[delivery.attempts - 1]
                delivery.next_attempt_at = clock.now() + timedelta(seconds=delay)
                count = delivery.attempts
                transaction.on_commit(lambda: enqueue(delivery_id, count, delay))
        delivery.save(update_fields=["attempts", "status", "next_attempt_at", "claimed_until"])
        endpoint.save(update_fields=["consecutive_failures"])
        owner_id = endpoint.owner_id
        transaction.on_commit(lambda: hand_on(owner_id))


def _why_turn_off(endpoint: Endpoint, delivery: Delivery, outcome: transport.Outcome) -> str:
    """Why a failed attempt turns its endpoint off, or "" when the delivery is tried again."""
    if delivery.attempts > len(settings.WEBHOOKS_RETRY_SECONDS):
        return f"delivery {delivery.message_id} failed {delivery.attempts} times"
    if endpoint.consecutive_failures >= settings.WEBHOOKS_DISABLE_AFTER_FAILURES:
        last = outcome.error if outcome.status_code is None else f"HTTP {outcome.status_code}"
        return f"{endpoint.consecutive_failures} attempts in a row failed (the last: {last})"
    return ""


def _disable(endpoint: Endpoint, reason: str) -> None:
    """Turn the endpoint off, fail what it still had to send, and tell its owner."""
    endpoint.active, endpoint.disabled_reason = False, reason[:200]
    endpoint.disabled_at = clock.now()
    endpoint.save(update_fields=["active", "disabled_reason", "disabled_at"])
    Delivery.objects.filter(endpoint=endpoint, status=Delivery.Status.PENDING).update(
        status=Delivery.Status.FAILED, next_attempt_at=None, claimed_until=None
    )
    owner = endpoint.owner
    if owner.email:
        transaction.on_commit(
            lambda: send_mail(
                "Your Khôra webhook was turned off",
                f"We stopped sending to {endpoint.url}: {endpoint.disabled_reason}. Its "
                "pending deliveries will not be sent. Once it answers again, turn it back on "
                f"with POST /api/v1/me/webhooks/{endpoint.pk}/enable/; GET "
                f"/api/v1/me/webhooks/{endpoint.pk}/deliveries/ shows every attempt.",
                None,
                [owner.email],
                fail_silently=True,
            )
        )


def hand_on(owner_id: int) -> int:
    """An attempt of this account ended: hand its oldest due deliveries (one per endpoint with
    nothing in flight, as many as the account has room for) to the queue."""
    now = clock.now()
    in_flight = set(_in_flight(owner_id, now))
    room = settings.WEBHOOKS_IN_FLIGHT_PER_ACCOUNT - len(in_flight)
    if room <= 0:
        return 0
    due = _due(now).filter(endpoint__owner_id=owner_id).exclude(endpoint_id__in=in_flight)
    return _enqueue_first_per_endpoint(due, room)


def hand_on_accounts(owner_ids: list[int]) -> int:
    """A game's change wrote deliveries for some of these accounts (webhooks.recording: the
    statement did not say which): hand on those with one due."""
    owing = (
        _due(clock.now())
        .filter(endpoint__owner_id__in=owner_ids)
        .values_list("endpoint__owner_id", flat=True)
        .distinct()
    )
    return sum(hand_on(owner_id) for owner_id in sorted(owing))


def sweep(limit: int = 500) -> int:
    """Deliveries due (a lost task, a broker that was down, a retry later than a task waits, a
    hand-on lost with its worker): the oldest of each endpoint with nothing in flight, so one
    endpoint's backlog never fills the queue ahead of the others."""
    now = clock.now()
    busy = Delivery.objects.filter(claimed_until__gt=now).values("endpoint_id")
    return _enqueue_first_per_endpoint(_due(now).exclude(endpoint_id__in=busy), limit)


def _due(now):
    return Delivery.objects.filter(
        status=Delivery.Status.PENDING, next_attempt_at__lte=now, endpoint__active=True
    ).exclude(claimed_until__gt=now)


def _enqueue_first_per_endpoint(due, limit: int) -> int:
    firsts = due.values("endpoint_id").annotate(first=Min("pk")).order_by("first")
    chosen = [row["first"] for row in firsts[:limit]]
    found = Delivery.objects.filter(pk__in=chosen).order_by("pk").values_list("pk", "attempts")
    for delivery_id, attempts in found:
        enqueue(delivery_id, attempts, 0)
    return len(chosen)
