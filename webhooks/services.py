"""Webhook endpoints: the only code that writes them. (A game's events become deliveries in
webhooks.recording; sending them is webhooks.delivering.)"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction

from common import clock
from common.errors import DomainError
from webhooks import transport
from webhooks.models import EVENT_TYPES, Endpoint
from webhooks.signing import new_secret


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
