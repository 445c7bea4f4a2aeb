"""Bearer tokens (knox), checked through a short-lived cache in each process.

Knox reads the token and its user on every request, then every other token of the user to
delete the expired ones: two queries. Here a token is read once, with its user, and then
trusted by this process for `TOKEN_CACHE_SECONDS` (a few seconds); expired tokens are deleted
at login and by the hourly prune instead of on every request.

The trade-off: a token revoked or expired, or a user deactivated, through another process (a
logout served by another web worker, the admin, a script) keeps working in this process for
at most `TOKEN_CACHE_SECONDS`. A change this process makes is seen at once: deleting a token
or saving its user drops the cached entries (signals below), and a token past its expiry is
refused even when cached. `TOKEN_CACHE_SECONDS=0` turns the cache off.

Only the token and the user are kept: each request gets its own copies of them, so what a
request reads through them (the profile, for its language) is read afresh.
"""

from __future__ import annotations

import binascii
import copy
import threading
import time
from hmac import compare_digest

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox.auth import TokenAuthentication
from knox.crypto import hash_token
from knox.models import AuthToken
from knox.settings import CONSTANTS, knox_settings
from rest_framework import exceptions


class TokenCache:
    """Checked tokens by digest, each with the moment (monotonic) it stops being trusted."""

    def __init__(self):
        self._entries: dict[str, tuple[float, AuthToken]] = {}
        self._lock = threading.Lock()

    def get(self, digest: str) -> AuthToken | None:
        entry = self._entries.get(digest)
        if entry is None:
            return None
        trusted_until, token = entry
        if time.monotonic() >= trusted_until or (
            token.expiry is not None and token.expiry < timezone.now()
        ):
            self.drop(digest)
            return None
        return token

    def put(self, token: AuthToken) -> None:
        seconds = settings.TOKEN_CACHE_SECONDS
        if seconds <= 0:
            return
        with self._lock:
            if len(self._entries) >= settings.TOKEN_CACHE_SIZE:
                self._drop_stale()
            if len(self._entries) < settings.TOKEN_CACHE_SIZE:
                self._entries[token.digest] = (time.monotonic() + seconds, token)

    def drop(self, digest: str) -> None:
        with self._lock:
            self._entries.pop(digest, None)

    def drop_user(self, user_id) -> None:
        with self._lock:
            for digest in [d for d, (_until, t) in self._entries.items() if t.user_id == user_id]:
                del self._entries[digest]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def _drop_stale(self) -> None:
        now = time.monotonic()
        for digest in [d for d, (until, _token) in self._entries.items() if until <= now]:
            del self._entries[digest]


checked_tokens = TokenCache()


class CachedTokenAuthentication(TokenAuthentication):
    """Knox's Bearer scheme, with its answer kept for a few seconds (see the module)."""

    def authenticate_credentials(self, token: bytes):
        text = token.decode("utf-8")
        try:
            digest = hash_token(text)
        except (TypeError, binascii.Error):
            raise _refused() from None
        cached = checked_tokens.get(digest)
        if cached is not None:
            return _own_copy(cached)
        for candidate in AuthToken.objects.filter(
            token_key=text[: CONSTANTS.TOKEN_KEY_LENGTH]
        ).select_related("user"):
            if not compare_digest(digest, candidate.digest):
                continue
            if candidate.expiry is not None and candidate.expiry < timezone.now():
                candidate.delete()
                break
            if candidate.expiry is not None and knox_settings.AUTO_REFRESH:
                self.renew_token(candidate)
            self.validate_user(candidate)
            checked_tokens.put(candidate)
            return _own_copy(candidate)
        raise _refused()


def _refused() -> exceptions.AuthenticationFailed:
    return exceptions.AuthenticationFailed(_("Invalid token."))


def _own_copy(token: AuthToken) -> tuple:
    """The request's own token and user, which it may annotate without touching the cache."""
    token = copy.copy(token)
    token.user = copy.copy(token.user)
    return token.user, token


class CachedTokenScheme(KnoxTokenScheme):
    """The OpenAPI security scheme of knox's class, for ours (the schema does not change)."""

    target_class = "accounts.token_auth.CachedTokenAuthentication"


def expired_tokens_delete(user=None) -> int:
    """Delete expired tokens (of `user`, or everyone's): at login and by the hourly prune."""
    expired = AuthToken.objects.filter(expiry__lt=timezone.now())
    if user is not None:
        expired = expired.filter(user=user)
    deleted, _ = expired.delete()
    return deleted


@receiver(post_delete, sender=AuthToken)
def _forget_deleted_token(sender, instance, **kwargs):
    checked_tokens.drop(instance.digest)


@receiver(post_save, sender=get_user_model())
def _forget_saved_user(sender, instance, **kwargs):
    checked_tokens.drop_user(instance.pk)
