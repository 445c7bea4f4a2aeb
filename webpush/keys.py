"""The server's VAPID key (RFC 8292): it signs every push, and its public half is the
`applicationServerKey` a browser subscribes with. One setting, the private key; the public key
is derived from it, so the two can never disagree."""

from __future__ import annotations

import base64
import functools

from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.conf import settings
from py_vapid import Vapid02


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """Bytes of unpadded base64url; ValueError for anything else."""
    if not text or any(c not in _ALPHABET for c in text):
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def available() -> bool:
    """Whether push is set up on this server (a VAPID key is configured)."""
    return bool(settings.WEBPUSH_VAPID_PRIVATE_KEY)


@functools.cache
def _vapid(private_key: str) -> Vapid02:
    return Vapid02.from_string(private_key=private_key)


def signer() -> Vapid02:
    return _vapid(settings.WEBPUSH_VAPID_PRIVATE_KEY)


def public_key() -> str:
    """The applicationServerKey: the uncompressed P-256 point, base64url ("" when unset)."""
    if not available():
        return ""
    point = signer().public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return b64url(point)


def new_private_key() -> str:
    """A fresh private key in the form WEBPUSH_VAPID_PRIVATE_KEY takes (base64url of the raw
    32-byte P-256 scalar)."""
    vapid = Vapid02()
    vapid.generate_keys()
    number = vapid.private_key.private_numbers().private_value
    return b64url(number.to_bytes(32, "big"))
