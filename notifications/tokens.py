"""Unsubscribe links: a signed token naming a user and a scope, valid without logging in.

The token carries no timestamp and never expires: an old email's link must keep working, and
the same user and scope always give the same link. Signing (with its own salt) makes it
impossible to forge a token or to change its user or scope.
"""

from django.conf import settings
from django.core import signing
from django.urls import reverse

from notifications.kinds import SCOPES

SALT = "notifications.unsubscribe"


def unsubscribe_token(user_id: int, scope: str) -> str:
    if scope not in SCOPES:
        raise ValueError(f"Unknown unsubscribe scope {scope!r}.")
    return signing.Signer(salt=SALT).sign_object([user_id, scope])


def read_unsubscribe_token(token: str) -> tuple[int, str] | None:
    """(user id, scope), or None for a token that was not signed by us or was altered."""
    try:
        user_id, scope = signing.Signer(salt=SALT).unsign_object(token)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(user_id, int) or scope not in SCOPES:
        return None
    return user_id, scope


def unsubscribe_url(user_id: int, scope: str) -> str:
    path = reverse("notifications:unsubscribe", args=[unsubscribe_token(user_id, scope)])
    return settings.SITE_URL + path
