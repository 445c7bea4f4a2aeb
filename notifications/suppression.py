"""Addresses we stop writing to: hard bounces and complaints reported by the mail provider.

A provider that sends our mail (through django-anymail's EMAIL_BACKEND) reports deliveries on
its tracking webhook; anymail turns them into `tracking` signals. A permanent bounce, a spam
complaint or the provider refusing to send suppresses the address; a temporary bounce does not.
"""

from __future__ import annotations

import logging

from notifications.models import SuppressedAddress

log = logging.getLogger(__name__)

SUPPRESSING = ("bounced", "complained", "rejected")


def suppress(email: str, reason: str, detail: str = "") -> bool:
    """True when the address was not suppressed before."""
    _, created = SuppressedAddress.objects.get_or_create(
        email=email.strip().lower(), defaults={"reason": reason, "detail": detail[:500]}
    )
    if created:
        log.warning("No more email to %s: %s (%s)", email, reason, detail[:200])
    return created


def is_suppressed(email: str) -> bool:
    return SuppressedAddress.objects.filter(email=email.strip().lower()).exists()


def on_tracking(sender, event, esp_name, **kwargs) -> None:
    if event.event_type in SUPPRESSING and event.recipient:
        detail = event.description or event.mta_response or event.reject_reason or ""
        suppress(event.recipient, event.event_type, f"{esp_name}: {detail}")


def connect() -> None:
    from anymail.signals import tracking

    tracking.connect(on_tracking, dispatch_uid="notifications.suppression")
