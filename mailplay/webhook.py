"""Inbound mail from hosted providers, through django-anymail's inbound webhooks.

Anymail checks the provider's signature or basic auth, parses the provider's format into a
message and sends its `inbound` signal; we store the message as the SMTP server would.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def on_inbound(sender, event, esp_name, **kwargs) -> None:
    from mailplay import services

    message = event.message
    raw = message.as_bytes()
    try:
        services.inbound_store(
            raw=raw,
            via="webhook",
            envelope_from=message.envelope_sender or "",
            envelope_to=message.envelope_recipient or "",
        )
    except services.MessageTooLarge as refusal:
        log.warning("Inbound mail from %s through %s refused: %s", esp_name, sender, refusal)


def connect() -> None:
    from anymail.signals import inbound

    inbound.connect(on_inbound, dispatch_uid="mailplay.inbound")
