"""Signatures per the Standard Webhooks specification, by its reference library."""

from __future__ import annotations

import base64
import secrets
from collections.abc import Sequence
from datetime import datetime

from standardwebhooks.webhooks import Webhook


def new_secret() -> str:
    return "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()


def signed_headers(
    signing_secrets: Sequence[str], message_id: str, moment: datetime, body: str
) -> dict[str, str]:
    """The three headers a receiver verifies: webhook-id, -timestamp and -signature, the last
    with one "v1,<signature>" per secret, space-separated (during a rotation's overlap the new
    secret's and the old one's: a receiver holding either verifies)."""
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(int(moment.timestamp())),
        "webhook-signature": " ".join(
            Webhook(secret).sign(message_id, moment, body) for secret in signing_secrets
        ),
    }
