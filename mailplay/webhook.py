"""Inbound mail from hosted providers, through django-anymail's inbound webhooks.

Anymail checks the provider's signature or basic auth, parses the provider's format into a
message and sends its `inbound` signal; we store the message as the SMTP server would.
"""

from __future__ import annotations

import logging

from mailplay import services
from notifications.mail_tokens import read_reply_token, token_of_address

log = logging.getLogger(__name__)


def on_inbound(sender, event, esp_name, **kwargs) -> None:
    message = event.message
    token = token_of_address(message.envelope_recipient or "")
    if token is not None and read_reply_token(token) is None:
        # Junk to a forged reply address is never stored (as the SMTP server refuses it).
        log.warning("Inbound mail through %s to a forged reply address dropped.", esp_name)
        return
    raw = message.as_bytes()
    try:
        services.inbound_store(
            raw=raw,
            via="webhook",
            envelope_from=message.envelope_sender or "",
            envelope_to=message.envelope_recipient or "",
        )
    except (services.MessageTooLarge, services.InboxFull) as refusal:
        log.warning("Inbound mail from %s through %s refused: %s", esp_name, sender, refusal)


def connect() -> None:
    from anymail.signals import inbound

    inbound.connect(on_inbound, dispatch_uid="mailplay.inbound")
