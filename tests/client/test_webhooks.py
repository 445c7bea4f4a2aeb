"""khora_client.webhooks.verify accepts what the Standard Webhooks reference library (the one
the server signs with) signs, and refuses a wrong secret, a changed body and an old delivery."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime

import pytest
from khora_client.webhooks import InvalidSignature, verify
from standardwebhooks.webhooks import Webhook

SECRET = "whsec_" + base64.b64encode(b"a secret of thirty-two bytes!!!!").decode()
BODY = json.dumps(
    {"type": "game.over", "timestamp": "2027-01-01T00:00:00Z",
     "data": {"game": "g1", "url": "https://khora.example.org/games/g1/", "last_seq": 9}}
).encode()  # fmt: skip
NOW = datetime(2027, 1, 1, tzinfo=UTC)


def signed(body: bytes = BODY, secret: str = SECRET, at: datetime = NOW) -> dict[str, str]:
    signature = Webhook(secret).sign("msg_1", at, body.decode())
    return {"Webhook-Id": "msg_1", "Webhook-Timestamp": str(int(at.timestamp())),
            "Webhook-Signature": f"v1,bm90IHRoaXMgb25l {signature}"}  # fmt: skip


def test_a_delivery_signed_by_the_reference_library_is_verified():
    payload = verify(SECRET, BODY, signed(), now=NOW.timestamp() + 10)
    assert payload["data"]["last_seq"] == 9 and payload["type"] == "game.over"


def test_a_wrong_secret_a_changed_body_or_an_old_delivery_is_refused():
    other = "whsec_" + base64.b64encode(b"another secret of 32 bytes......").decode()
    with pytest.raises(InvalidSignature, match="no signature"):
        verify(other, BODY, signed(), now=NOW.timestamp())
    with pytest.raises(InvalidSignature, match="no signature"):
        verify(SECRET, BODY.replace(b"9", b"8"), signed(), now=NOW.timestamp())
    with pytest.raises(InvalidSignature, match="too far"):
        verify(SECRET, BODY, signed(), now=NOW.timestamp() + 3600)
    headers = signed()
    del headers["Webhook-Signature"]
    with pytest.raises(InvalidSignature, match="no webhook-signature"):
        verify(SECRET, BODY, headers, now=NOW.timestamp())
