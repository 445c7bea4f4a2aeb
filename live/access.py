"""Whether the credential a stream was opened with still holds.

A request is checked once; a stream lives for hours. So a stream keeps what it was opened
with (the token's digest, or the session's key, and the user) and checks it again:

- at once when the user's `auth:<id>` channel has a notice (a token deleted, the user saved:
  deactivated or a new password, a session logged out: `accounts.token_auth`
  sends `credentials_changed`, `live.apps` publishes it), and after Redis came back;
- when the token or the session expires (the stream's wait is cut to that moment);
- every `STREAM_RECHECK_SECONDS` anyway, for rows deleted behind Django's back.

A check that fails ends the stream with an `end` event saying why (`live.streams`); the
client's reconnect is then refused as any request with that credential would be.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from datetime import datetime

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.utils import timezone
from knox.models import AuthToken

ENDINGS = {
    "token_revoked": "The token this stream was opened with was revoked.",
    "token_expired": "The token this stream was opened with has expired.",
    "logged_out": "The session this stream was opened with has ended (logged out).",
    "session_expired": "The session this stream was opened with has expired.",
    "account_disabled": "The account this stream was opened for is disabled.",
    "seat_changed": "Your seat in this game changed: open the stream again to see the game "
    "as you may now.",
}
"""Why a stream ends before its game does: the `reason` of its `end` event, and its words."""


def session_fingerprint(session_key: str) -> str:
    """A session as named in a logout notice: not its key, which is a credential."""
    return hashlib.sha256(session_key.encode()).hexdigest()[:32]


@dataclass
class Reader:
    """Who a stream serves, and with what credential."""

    user_id: int | None = None
    token_digest: str | None = None
    session_key: str | None = None
    expires_at: datetime | None = None
    checked_at: float = field(default_factory=time.monotonic)

    @classmethod
    def of(cls, request) -> Reader:
        """From a DRF request that passed authentication."""
        user = request.user
        if not user.is_authenticated:
            return cls()
        if isinstance(request.auth, AuthToken):
            return cls(user.pk, token_digest=request.auth.digest, expires_at=request.auth.expiry)
        session = request._request.session
        return cls(user.pk, session_key=session.session_key, expires_at=session.get_expiry_date())

    @property
    def anonymous(self) -> bool:
        return self.user_id is None

    def seconds_left(self) -> float | None:
        """Until the credential expires (None: it does not)."""
        if self.expires_at is None:
            return None
        return max(0.0, (self.expires_at - timezone.now()).total_seconds())

    def ended_by(self, ended_session: str) -> bool:
        """True when a logout notice names this stream's session."""
        return bool(
            ended_session
            and self.session_key
            and ended_session == session_fingerprint(self.session_key)
        )

    def check_due(self) -> bool:
        """The credential's expiry has come, or its periodic check."""
        if self.anonymous:
            return False
        if self.expires_at is not None and self.expires_at <= timezone.now():
            return True
        return time.monotonic() - self.checked_at >= settings.STREAM_RECHECK_SECONDS

    def check(self) -> str | None:
        """Read the credential again (the database): None while it holds, else why not."""
        if self.anonymous:
            return None
        self.checked_at = time.monotonic()
        if self.token_digest is not None:
            token = (
                AuthToken.objects.filter(digest=self.token_digest)
                .select_related("user")
                .only("expiry", "user__is_active", "user_id")
                .first()
            )
            if token is None:
                return "token_revoked"
            if token.expiry is not None and token.expiry <= timezone.now():
                return "token_expired"
            self.expires_at = token.expiry  # renewed tokens (knox AUTO_REFRESH) live on
            return None if token.user.is_active else "account_disabled"
        return self._check_session()

    def _check_session(self) -> str | None:
        from importlib import import_module

        assert self.user_id is not None  # `check` reads the credentials of signed-in readers
        store = import_module(settings.SESSION_ENGINE).SessionStore(self.session_key)
        data = store.load()  # {} when the session is gone or expired
        if str(data.get(SESSION_KEY)) != str(self.user_id):
            return "session_expired" if self._past_expiry() else "logged_out"
        user = get_user_model().objects.filter(pk=self.user_id).first()
        if user is None or not user.is_active:
            return "account_disabled"
        # A new password ends the sessions it was not set in (Django's session hash).
        if data.get(HASH_SESSION_KEY) != user.get_session_auth_hash():
            return "logged_out"
        # Never before the session's real expiry; the periodic check finds an earlier end.
        self.expires_at = store.get_expiry_date()
        return None

    def _past_expiry(self) -> bool:
        return self.expires_at is not None and self.expires_at <= timezone.now()
