"""Which credential enabled push on a device, so that ending it ends the device's pushes.

A push subscription lives in a browser; the account's credential that stored it (the web
session, or the API token a client used) vouches for it. A shared computer logged out, a token
revoked ("log out everywhere" revokes them all), a password changed or an account deactivated
must not keep telling that browser "Your turn in <game>". We keep a fingerprint of the
credential, never the credential: a session key or token digest stays where it belongs.
"""

import hashlib

from django.contrib.auth.base_user import AbstractBaseUser


def of_request(request) -> str:
    """'token:<digest>' for an API token, 'session:<hash>' for a logged-in browser, '' else."""
    token = getattr(request, "auth", None)
    digest = getattr(token, "digest", "")
    if digest:
        return f"token:{digest[:64]}"
    session = getattr(request, "session", None)
    key = getattr(session, "session_key", None)
    if key:
        return session_fingerprint(key)
    return ""


def session_fingerprint(session_key: str) -> str:
    return "session:" + hashlib.sha256(session_key.encode()).hexdigest()[:40]


def token_fingerprint(digest: str) -> str:
    return f"token:{digest[:64]}"


def password_stamp(user: AbstractBaseUser) -> str:
    """Changes when the password does (Django's session auth hash, hashed again: a password
    change ends every session, and so every device those sessions enabled)."""
    return hashlib.sha256(user.get_session_auth_hash().encode()).hexdigest()[:16]
