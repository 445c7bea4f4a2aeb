"""Verifying a webhook delivery (Standard Webhooks, https://www.standardwebhooks.com/), for a
receiver built on the client: the same check as any Standard Webhooks library, in the standard
library.

    payload = verify(endpoint["secret"], request_body, request_headers)

A delivery is signed with HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" under the
endpoint's secret (`whsec_` + base64). A delivery whose timestamp is more than `tolerance`
seconds away from now is refused, so that a recorded one cannot be replayed later; the same
`webhook-id` comes with every try of one event, so deduplicate on it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import cast

from khora_client.errors import KhoraError
from khora_client.types import WebhookPayload

TOLERANCE_SECONDS = 5 * 60


class InvalidSignature(KhoraError):
    """The delivery is not signed with this secret, or is too old or too new."""


def verify(
    secret: str,
    body: bytes,
    headers: Mapping[str, str],
    *,
    tolerance: float = TOLERANCE_SECONDS,
    now: float | None = None,
) -> WebhookPayload:
    """The delivery's payload once its signature holds; InvalidSignature otherwise."""
    lowered = {name.lower(): value for name, value in headers.items()}
    try:
        message_id = lowered["webhook-id"]
        timestamp = lowered["webhook-timestamp"]
        signatures = lowered["webhook-signature"]
    except KeyError as missing:
        raise InvalidSignature(f"no {missing.args[0]} header") from None
    if not (timestamp.isascii() and timestamp.isdigit()):
        raise InvalidSignature("webhook-timestamp is not a number of seconds")
    if abs((time.time() if now is None else now) - int(timestamp)) > tolerance:
        raise InvalidSignature("webhook-timestamp is too far from now")
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{message_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for signature in signatures.split():
        version, _, value = signature.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return cast(WebhookPayload, json.loads(body))
    raise InvalidSignature("no signature matches the secret")
