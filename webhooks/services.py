"""Webhook endpoints and deliveries: the only code that writes them.

A game's commit that asks a player anew, or ends the game, hands the event to the webhooks
queue once it has committed (record_game_events); there a task writes one Delivery row per
matching endpoint and sends each. A worker claims a delivery, posts it (transport.py: checked
address, 5 s, no redirects), logs the attempt, and either marks it delivered or schedules the
next try after the backoff of WEBHOOKS_RETRY_SECONDS (about a day in all). A delivery that used
every try fails, and its endpoint is turned off, with an email to its owner.

The trade-off: the event is handed over after the commit, not written in the game's
transaction, so a decision costs no extra statement; if the broker is unreachable at that
moment (logged) the event is not sent, while every delivery once written is retried by the
minute sweep until it succeeds or fails.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from datetime import timedelta

from django import db
from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction

from common import clock
from common.errors import DomainError
from games.models import Game
from webhooks.models import EVENT_TYPES, Attempt, Delivery, Endpoint
from webhooks.signing import new_message_id, new_secret, signed_headers
from webhooks.transport import AddressRefused, checked_address, post

log = logging.getLogger(__name__)
CLAIM_SECONDS = 60


def endpoint_create(*, owner, url: str, event_types: list[str]) -> Endpoint:
    unknown = sorted(set(event_types) - set(EVENT_TYPES))
    if unknown or not event_types:
        raise DomainError(
            "invalid_event_types",
            f"Choose event types among {', '.join(EVENT_TYPES)}; unknown: {unknown or 'none'}.",
            422,
        )
    if owner.webhook_endpoints.count() >= settings.WEBHOOKS_MAX_PER_USER:
        raise DomainError(
            "too_many_webhooks",
            f"At most {settings.WEBHOOKS_MAX_PER_USER} webhook URLs per account.",
            409,
        )
    try:
        checked_address(url)
    except AddressRefused as refusal:
        raise DomainError("webhook_url_refused", str(refusal), 422) from None
    return Endpoint.objects.create(
        owner=owner, url=url, secret=new_secret(), event_types=sorted(set(event_types))
    )


def endpoint_of(owner, endpoint_id: int) -> Endpoint:
    endpoint = Endpoint.objects.filter(owner=owner, pk=endpoint_id).first()
    if endpoint is None:
        raise DomainError("webhook_not_found", f"You have no webhook {endpoint_id}.", 404)
    return endpoint


def endpoint_delete(*, owner, endpoint_id: int) -> None:
    endpoint_of(owner, endpoint_id).delete()


def endpoint_enable(*, owner, endpoint_id: int) -> Endpoint:
    endpoint = endpoint_of(owner, endpoint_id)
    endpoint.active, endpoint.disabled_reason = True, ""
    endpoint.save(update_fields=["active", "disabled_reason"])
    return endpoint


def game_written(written) -> None:
    """games.events.GameWritten: deliveries for the players the change asks anew, or whose
    game it ended (the game's status as the change commits it)."""
    asked = [seat.user_id for seat in written.newly_asked]
    ended = (
        [s.user_id for s in written.seats if s.user_id and not s.is_bot] if written.ends_now else []
    )
    status = Game.Status.FINISHED if written.finished else written.game.status
    record_game_events(written.game, asked, ended, status)


def record_game_events(
    game, asked_user_ids: list[int], finished_user_ids: list[int], status: str | None = None
) -> None:
    """Called in the game writer's transaction (games.events.GameWritten): once it commits,
    the webhooks queue writes a delivery per matching endpoint and sends them. Nothing is read
    or written here, so a decision costs no extra round trip to the database
    (tests/games/write/test_submission_round_trips.py)."""
    if not asked_user_ids and not finished_user_ids:
        return
    event = {
        "game": game.public_id,
        "last_seq": game.last_seq,
        "status": status or game.status,
        "asked": asked_user_ids,
        "ended": finished_user_ids,
    }
    transaction.on_commit(lambda: _later("record_webhook_events", (event,), 0))


def deliveries_create(event: dict) -> list[int]:
    """The deliveries of a game event (see record_game_events) to its players' endpoints."""
    wanted = {("game.your_turn", uid) for uid in event["asked"]}
    wanted |= {("game.over", uid) for uid in event["ended"]}
    owners = {uid for _type, uid in wanted}
    now = clock.now()
    rows = [
        Delivery(
            endpoint=endpoint,
            message_id=new_message_id(),
            event_type=event_type,
            payload={
                "type": event_type,
                "timestamp": now.isoformat().replace("+00:00", "Z"),
                "data": _event_data(event, event_type),
            },
            next_attempt_at=now,
        )
        for endpoint in Endpoint.objects.filter(owner_id__in=owners, active=True)
        for event_type in endpoint.event_types
        if (event_type, endpoint.owner_id) in wanted
    ]
    Delivery.objects.bulk_create(rows)
    ids = list(
        Delivery.objects.filter(message_id__in=[row.message_id for row in rows]).values_list(
            "pk", flat=True
        )
    )
    for delivery_id in ids:
        enqueue(delivery_id, 0, 0)
    return ids


def _event_data(event: dict, event_type: str) -> dict:
    data = {
        "game": event["game"],
        "url": f"{settings.SITE_URL.rstrip('/')}/api/v1/games/{event['game']}/",
        "last_seq": event["last_seq"],
    }
    if event_type == "game.over":
        data["status"] = event["status"]
    return data


def enqueue(delivery_id: int, attempts: int, delay: float) -> None:
    _later("deliver_webhook", (delivery_id, attempts), delay)


def _later(task_name: str, args: tuple, delay: float) -> None:
    """To the webhooks queue; in the embedded default (tasks in-process) to a thread of its
    own instead, so that a receiver that hangs never holds up the request that caused it."""
    from webhooks import tasks

    task = getattr(tasks, task_name)
    if task.app.conf.task_always_eager:  # the site's Celery app, through its task
        timer = threading.Timer(delay, _in_thread, args=(task, args))
        timer.daemon = True
        timer.start()
        return
    try:
        task.apply_async(args, countdown=delay)
    except Exception:  # the broker is down: the sweep sends due deliveries once it is back
        log.warning("Could not enqueue %s%r", task_name, args, exc_info=True)


# SQLite (the embedded default) lets one writer in at a time, and an in-memory database shared
# between threads refuses at once instead of waiting: a thread's work tries again a few times.
LOCKED_TRIES = 6


def _in_thread(task, args: tuple) -> None:
    try:
        for attempt in range(LOCKED_TRIES):
            try:
                task.run(*args)
                return
            except db.OperationalError as error:
                if "locked" not in str(error) or attempt == LOCKED_TRIES - 1:
                    raise
                db.connections.close_all()
                time.sleep(0.05 * 2**attempt)
    except Exception:  # the sweep tries a delivery again; nothing to tell a thread's caller
        log.exception("Webhook work %s%r failed in its thread", task.name, args)
    finally:
        db.connections.close_all()


def deliver(delivery_id: int, attempts: int) -> bool:
    """One try of a delivery, if it is still the `attempts`-th and nobody else is sending it."""
    now = clock.now()
    claimed = Delivery.objects.filter(
        pk=delivery_id, status=Delivery.Status.PENDING, attempts=attempts
    ).exclude(claimed_until__gt=now)
    if not claimed.update(claimed_until=now + timedelta(seconds=CLAIM_SECONDS)):
        return False
    delivery = Delivery.objects.select_related("endpoint__owner").get(pk=delivery_id)
    endpoint = delivery.endpoint
    body = json.dumps(delivery.payload, separators=(",", ":"), sort_keys=True)
    headers = signed_headers(endpoint.secret, delivery.message_id, clock.now(), body)
    started = time.monotonic()
    outcome = post(endpoint.url, body.encode(), headers)
    elapsed_ms = int((time.monotonic() - started) * 1000)
    with transaction.atomic():
        delivery = Delivery.objects.select_for_update().get(pk=delivery_id)
        delivery.attempts += 1
        Attempt.objects.create(
            delivery=delivery,
            number=delivery.attempts,
            status_code=outcome.status_code,
            error=outcome.error,
            duration_ms=elapsed_ms,
        )
        delivery.claimed_until = None
        backoff = settings.WEBHOOKS_RETRY_SECONDS
        if outcome.ok:
            delivery.status, delivery.next_attempt_at = Delivery.Status.SUCCEEDED, None
        elif delivery.attempts > len(backoff):
            delivery.status, delivery.next_attempt_at = Delivery.Status.FAILED, None
            _disable(endpoint, f"delivery {delivery.message_id} failed {delivery.attempts} times")
        else:
            delay = backoff[delivery.attempts - 1]
            delivery.next_attempt_at = clock.now() + timedelta(seconds=delay)
            count = delivery.attempts
            transaction.on_commit(lambda: enqueue(delivery_id, count, delay))
        delivery.save(update_fields=["attempts", "status", "next_attempt_at", "claimed_until"])
    return outcome.ok


def _disable(endpoint: Endpoint, reason: str) -> None:
    endpoint.active, endpoint.disabled_reason = False, reason[:200]
    endpoint.save(update_fields=["active", "disabled_reason"])
    owner = endpoint.owner
    if owner.email:
        transaction.on_commit(
            lambda: send_mail(
                "Your Khôra webhook was turned off",
                f"We could not deliver to {endpoint.url} for a day ({reason}), so we stopped "
                "sending to it. Once it answers again, turn it back on with "
                f"POST /api/v1/me/webhooks/{endpoint.pk}/enable/.",
                None,
                [owner.email],
                fail_silently=True,
            )
        )


def sweep(limit: int = 500) -> int:
    """Deliveries due (a lost task, a broker that was down, a retry later than a task waits)."""
    due = Delivery.objects.filter(
        status=Delivery.Status.PENDING, next_attempt_at__lte=clock.now()
    ).exclude(claimed_until__gt=clock.now())
    found = list(due.order_by("next_attempt_at").values_list("pk", "attempts")[:limit])
    for delivery_id, attempts in found:
        enqueue(delivery_id, attempts, 0)
    return len(found)
