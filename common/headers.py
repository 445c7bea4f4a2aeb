"""Request headers read strictly: a header sent blank is refused, never taken for one left out
(a client whose key variable came out empty would otherwise lose its retry protection
without a word)."""

from __future__ import annotations

from common.errors import DomainError

IDEMPOTENCY_KEY = "Idempotency-Key"


def idempotency_key(request) -> str | None:
    """The request's Idempotency-Key: None when the header is left out; 400
    invalid_idempotency_key when it is sent blank or as spaces only. Its form (8 to 255
    visible ASCII characters) is the services' to check, so that every caller gets the one
    rule."""
    if IDEMPOTENCY_KEY not in request.headers:
        return None
    key = request.headers[IDEMPOTENCY_KEY]
    if not key.strip():
        raise DomainError(
            "invalid_idempotency_key",
            "The Idempotency-Key header is blank. Send 8 to 255 visible ASCII characters (no "
            "spaces; a UUID is ideal), or leave the header out to send without one.",
            400,
        )
    return key
