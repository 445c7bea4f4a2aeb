"""Webhook endpoints and the events they are sent: the only code that writes endpoints and
makes deliveries (sending them is webhooks.delivering).

A game's commit that asks a player anew, or ends the game, hands the event to the webhooks
queue once it has committed (record_game_events); there a task writes one Delivery row per
matching endpoint and hands each to a worker.

The trade-off: the event is handed over after the commit, not written in the game's
transaction, so a decision costs no extra statement; if the broker is unreachable at that
moment (logged) the event is not sent, while every delivery once written is retried by the
minute sweep until it succeeds or fails.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction

from common import clock
from common.errors import DomainError
from games.models import Game
from webhooks import transport
from webhooks.models import EVENT_TYPES, Delivery, Endpoint
from webhooks.queue import enqueue, later
from webhooks.signing import new_message_id, new_secret


def endpoint_create(*, owner, url: str, event_types: list[str]) -> Endpoint:
    """A new endpoint; its secret is in the returned object, and shown to its owner this once."""
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
        transport.checked(url, transport.deadline_in(settings.WEBHOOKS_DEADLINE_SECONDS))
    except transport.AddressRefused as refusal:
        raise DomainError("webhook_url_refused", str(refusal), 422) from None
    except transport.DeadlinePassed:
        raise DomainError(
            "webhook_url_refused",
            f"The URL's host did not resolve within {settings.WEBHOOKS_DEADLINE_SECONDS} s.",
            422,
        ) from None
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
    """Send to a turned-off endpoint again, its count of failures in a row started afresh."""
    endpoint = endpoint_of(owner, endpoint_id)
    endpoint.active, endpoint.disabled_reason, endpoint.disabled_at = True, "", None
    endpoint.consecutive_failures = 0
    endpoint.save(
        update_fields=["active", "disabled_reason", "disabled_at", "consecutive_failures"]
    )
    return endpoint


def endpoint_rotate_secret(*, owner, endpoint_id: int) -> Endpoint:
    """A new secret (in the returned object: shown this once); deliveries carry a signature
    with the secret it replaces too for WEBHOOKS_SECRET_OVERLAP_HOURS, then only the new one.
    Rotating again within the overlap drops the oldest of the three."""
    with transaction.atomic():
        endpoint = endpoint_of(owner, endpoint_id)
        endpoint = Endpoint.objects.select_for_update().get(pk=endpoint.pk)
        endpoint.previous_secret, endpoint.secret = endpoint.secret, new_secret()
        overlap = timedelta(hours=settings.WEBHOOKS_SECRET_OVERLAP_HOURS)
        endpoint.previous_secret_until = clock.now() + overlap
        endpoint.save(update_fields=["secret", "previous_secret", "previous_secret_until"])
    return endpoint


def signing_secrets(endpoint: Endpoint) -> list[str]:
    """What a delivery is signed with now: the secret, and the previous one in its overlap."""
    until = endpoint.previous_secret_until
    if endpoint.previous_secret and until is not None and until > clock.now():
        return [endpoint.secret, endpoint.previous_secret]
    return [endpoint.secret]


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
    transaction.on_commit(lambda: later("record_webhook_events", (event,), 0))


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
    # A worker that finds the endpoint busy leaves the delivery to the one sending there,
    # which hands it on when done (webhooks.delivering).
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
