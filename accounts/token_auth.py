"""Bearer tokens (knox), checked through a short-lived cache in each process.

Knox reads the token and its user on every request, then every other token of the user to
delete the expired ones: two queries. Here a token is read once, with its user, and then
trusted by this process for `TOKEN_CACHE_SECONDS` (a few seconds); expired tokens are deleted
at login and by the hourly prune instead of on every request.

Revocation reaches every process at once through a per-user stamp in the shared cache (Redis
when REDIS_URL is set): deleting a token (one, or all of a user's) or saving its user (say,
deactivated) writes the user's stamp anew, at once and again when the transaction commits.
A cached token is trusted only while its user's stamp is the one read when it was cached, so
each cached request costs one cache read instead of the token's query, and the next request
after a revocation in any process reads the database. This process also drops its own
entries at once (signals below), and a token past its expiry is refused even when cached.
What remains of the old trade-off: rows deleted behind Django's back (raw SQL) are seen once
an entry is `TOKEN_CACHE_SECONDS` old. `TOKEN_CACHE_SECONDS=0` turns the cache off.

Only the token and the user are kept: each request gets its own copies of them, so what a
request reads through them (the profile, for its language) is read afresh.
"""

from __future__ import annotations

import binascii
import copy
import secrets
import threading
import time
from hmac import compare_digest

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.core.cache import caches
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import Signal, receiver
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox.auth import TokenAuthentication
from knox.crypto import hash_token
from knox.models import AuthToken
from knox.settings import CONSTANTS, knox_settings
from rest_framework import exceptions

from common.cache import CacheUnavailable, read_or_raise


def _stamp_key(user_id) -> str:
    return f"token-stamp:{user_id}"


def revocation_stamp(user_id) -> str | None:
    """The user's current stamp ("" when none was written, or the cache lost it); None when the
    shared cache cannot be read now: then no cached check is trusted (the database is read)."""
    try:
        return read_or_raise(_stamp_key(user_id), "")
    except CacheUnavailable:
        return None


def revocation_announce(user_id) -> None:
    """Tell every process that the user's cached tokens must be read again. (While the shared
    cache is down this is lost; no process trusts its cached tokens meanwhile.)"""
    caches["default"].set(_stamp_key(user_id), secrets.token_hex(8), timeout=None)


class TokenCache:
    """Checked tokens by digest, each with the moment (monotonic) it stops being trusted and
    its user's revocation stamp when it was cached."""

    def __init__(self):
        self._entries: dict[str, tuple[float, AuthToken, str]] = {}
        self._lock = threading.Lock()

    def get(self, digest: str) -> AuthToken | None:
        entry = self._entries.get(digest)
        if entry is None:
            return None
        trusted_until, token, stamp = entry
        current = None
        if time.monotonic() < trusted_until and (
            token.expiry is None or token.expiry >= timezone.now()
        ):
            current = revocation_stamp(token.user_id)
        if current is None or current != stamp:
            self.drop(digest)
            return None
        return token

    def put(self, token: AuthToken, stamp: str | None) -> None:
        seconds = settings.TOKEN_CACHE_SECONDS
        if seconds <= 0 or stamp is None:  # no stamp to compare later: not kept
            return
        with self._lock:
            if len(self._entries) >= settings.TOKEN_CACHE_SIZE:
                self._drop_stale()
            if len(self._entries) < settings.TOKEN_CACHE_SIZE:
                self._entries[token.digest] = (time.monotonic() + seconds, token, stamp)

    def drop(self, digest: str) -> None:
        with self._lock:
            self._entries.pop(digest, None)

    def drop_user(self, user_id) -> None:
        with self._lock:
            for digest in [d for d, (_u, t, _s) in self._entries.items() if t.user_id == user_id]:
                del self._entries[digest]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def _drop_stale(self) -> None:
        now = time.monotonic()
        for digest in [d for d, (until, _t, _s) in self._entries.items() if until <= now]:
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
            checked_tokens.put(candidate, revocation_stamp(candidate.user_id))
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


credentials_changed = Signal()
"""Sent with `user_id` when a token of the user was deleted, the user saved (deactivated, a
new password) or one of their sessions logged out (then with `ended_session`, its key):
whatever holds one of their credentials open (live's event streams) checks it again."""


def _announce(user_id, ended_session: str | None = None) -> None:
    # Now, and again once the change is committed: a process that read the row before the
    # commit and cached it under the first stamp is told by the second.
    revocation_announce(user_id)
    transaction.on_commit(lambda: revocation_announce(user_id))
    credentials_changed.send(sender=None, user_id=user_id, ended_session=ended_session)


@receiver(post_delete, sender=AuthToken)
def _forget_deleted_token(sender, instance, **kwargs):
    checked_tokens.drop(instance.digest)
    _announce(instance.user_id)


@receiver(post_save, sender=get_user_model())
def _forget_saved_user(sender, instance, **kwargs):
    checked_tokens.drop_user(instance.pk)
    _announce(instance.pk)


@receiver(user_logged_out)
def _forget_logged_out_session(sender, request, user, **kwargs):
    # Sent before the session is flushed: its key goes with the notice, so that a stream
    # opened with it ends without waiting to see the session gone.
    if user is not None:
        _announce(user.pk, getattr(request, "session", None) and request.session.session_key)
