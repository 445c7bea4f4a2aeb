"""Unsubscribe links: a signed token naming a user and a scope, valid without logging in.

The token never expires: an old email's link must keep working. Signing (with its own salt)
makes it impossible to forge or to change the user or the scope.
"""

from django.conf import settings
from django.core import signing
from django.urls import reverse

from notifications.kinds import SCOPES

SALT = "notifications.unsubscribe"


def unsubscribe_token(user_id: int, scope: str) -> str:
    if scope not in SCOPES:
        raise ValueError(f"Unknown unsubscribe scope {scope!r}.")
    return signing.dumps([user_id, scope], salt=SALT)


def read_unsubscribe_token(token: str) -> tuple[int, str] | None:
    """(user id, scope), or None for a token that was not signed by us or was altered."""
    try:
        user_id, scope = signing.loads(token, salt=SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(user_id, int) or scope not in SCOPES:
        return None
    return user_id, scope


def unsubscribe_url(user_id: int, scope: str) -> str:
    path = reverse("notifications:unsubscribe", args=[unsubscribe_token(user_id, scope)])
    return settings.SITE_URL + path
