"""Every write of webpush but the sends (webpush.delivering): subscribing a browser, removing
it, and what a user wants pushed.

A subscription's endpoint comes from the browser, so from anyone: it is a URL the server will
POST to. It must be https on a host that resolves only to public addresses (webhooks' address
policy, asked again of the address connected to at every send), at most 1,024 characters, with
keys of the sizes RFC 8291 gives, and a user has at most WEBPUSH_MAX_DEVICES of them.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction

from common import clock
from common.errors import DomainError
from webhooks import transport
from webpush import credentials, keys
from webpush.models import PushPreference, PushSubscription

MAX_ENDPOINT = 1024
# How long checking an endpoint's host may take (resolving it): a subscription waits on it.
CHECK_SECONDS = 3
PREFERENCES = ("your_turn", "game_over", "chat")


def _refused(code: str, field: str, message: str, status: int = 422) -> DomainError:
    return DomainError(code, message, status, {"errors": {field: [message]}})


def subscribe(
    *, user, endpoint: str, p256dh: str, auth: str, label: str, credential: str = ""
) -> PushSubscription:
    """Store the browser's subscription for `user` (the same endpoint again: its keys are
    renewed, and it belongs to whoever subscribed it last, as a browser does). `credential`
    (webpush.credentials) is what vouches for it: when it ends, so does the device's push."""
    if not keys.available():
        raise DomainError(
            "push_unavailable",
            "Push notifications are not set up on this server (no VAPID key); "
            "choose email in your preferences instead.",
            409,
        )
    _check_endpoint(endpoint)
    _check_keys(p256dh, auth)
    with transaction.atomic():
        # One row per user locks their count: two subscriptions at once cannot both pass it.
        PushPreference.objects.select_for_update().get_or_create(user=user)
        existing = PushSubscription.objects.filter(endpoint=endpoint).first()
        if existing is None:
            count = PushSubscription.objects.filter(user=user).count()
            if count >= settings.WEBPUSH_MAX_DEVICES:
                raise DomainError(
                    "too_many_devices",
                    f"You already receive push on {count} devices, the most we keep; remove "
                    "one in your preferences, then enable push here again.",
                    409,
                )
            existing = PushSubscription(endpoint=endpoint)
        existing.user = user
        existing.p256dh, existing.auth, existing.label = p256dh, auth, label[:80]
        existing.failures, existing.last_error = 0, ""
        existing.credential = credential
        existing.password_stamp = credentials.password_stamp(user)
        existing.save()
    return existing


def _check_endpoint(endpoint: str) -> None:
    if len(endpoint) > MAX_ENDPOINT:
        raise _refused(
            "invalid_endpoint",
            "endpoint",
            f"The endpoint is {len(endpoint)} characters long; a push service's URL has at "
            f"most {MAX_ENDPOINT}.",
        )
    allow_private = settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES
    try:
        target = transport.target_of(endpoint)
        if target.scheme != "https" and not allow_private:
            raise transport.AddressRefused("http")
        transport.checked(endpoint, transport.deadline_in(CHECK_SECONDS), allow_private)
    except (transport.AddressRefused, TimeoutError):
        raise _refused(
            "invalid_endpoint",
            "endpoint",
            "The endpoint must be the https URL your browser's push service gave "
            "(PushSubscription.endpoint), on a host on the public internet.",
        ) from None


def _check_keys(p256dh: str, auth: str) -> None:
    for field, value, size in (("p256dh", p256dh, 65), ("auth", auth, 16)):
        try:
            raw = keys.b64url_decode(value)
        except ValueError:
            raw = b""
        if len(raw) != size or (field == "p256dh" and raw[0] != 4):
            raise _refused(
                "invalid_keys",
                f"keys.{field}",
                f"keys.{field} must be the browser's base64url {field} key "
                f"({size} bytes{', an uncompressed P-256 point' if size == 65 else ''}), "
                "as PushSubscription.toJSON() gives it.",
            )


def unsubscribe(*, user, subscription_id: int) -> bool:
    """Remove one of the user's devices; False when they have no such device."""
    deleted, _ = PushSubscription.objects.filter(user=user, pk=subscription_id).delete()
    return bool(deleted)


def preferences_update(*, user, changes: dict[str, Any]) -> PushPreference:
    with transaction.atomic():
        preference, _ = PushPreference.objects.select_for_update().get_or_create(user=user)
        for field in PREFERENCES:
            if field in changes:
                setattr(preference, field, bool(changes[field]))
        preference.save()
    return preference


def forget_removed_notice(*, user) -> None:
    PushPreference.objects.filter(user=user).update(removed_label="", removed_at=None)


def credential_ended(credential: str) -> int:
    """A session logged out or a token was revoked: the devices it enabled stop (deleted, with
    their pending pushes). Returns how many."""
    if not credential:
        return 0
    deleted, _ = PushSubscription.objects.filter(credential=credential).delete()
    return deleted


def still_vouched_for(subscription: PushSubscription) -> bool:
    """False when the account was deactivated or its password changed since the device was
    enabled (both end every session that could have enabled it)."""
    user = subscription.user
    if not user.is_active:
        return False
    stamp = subscription.password_stamp
    return not stamp or stamp == credentials.password_stamp(user)


def record_gone(subscription: PushSubscription) -> None:
    """The push service said this subscription is gone (404/410): remove it, and keep its
    name for the preferences page ("this device stopped answering")."""
    PushPreference.objects.update_or_create(
        user_id=subscription.user_id,
        defaults={"removed_label": subscription.label, "removed_at": clock.now()},
    )
    subscription.delete()


_BROWSERS = (
    ("Edg/", "Edge"),
    ("Firefox/", "Firefox"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)
_SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Windows", "Windows"),
    ("Mac OS", "macOS"),
    ("Linux", "Linux"),
)


def label_of(user_agent: str) -> str:
    """A device's name from its browser's User-Agent ("Firefox · Android"), for the list: names
    only, no words, as it is stored once and read in either language."""
    browser = next((name for mark, name in _BROWSERS if mark in user_agent), "Web")
    system = next((name for mark, name in _SYSTEMS if mark in user_agent), "")
    return f"{browser} · {system}" if system else browser
