"""Limits on what costs us CPU or sends email: DRF's throttles, counted in the shared cache.

A client is its address as our own server saw it: REMOTE_ADDR, or, behind
TRUSTED_PROXY_COUNT proxies (DJANGO_TRUSTED_PROXIES), the address the farthest of them saw,
read from the right of X-Forwarded-For. Anything further left was written by the client and
proves nothing, so a forged header never makes a new client.

Log-ins count failures, not attempts: per (account, client) a low limit, and per account a
higher ceiling against guessing spread over many clients. A stranger's wrong guesses stop the
stranger; the owner, from a client with no failures of its own, still gets in.

The cache is Redis when REDIS_URL is set, so every web process counts against one history;
without it (the embedded default) the local-memory cache of the one process. Rates come from
settings.API_THROTTLE_RATES (the environment, see the README), read on every request so that
tests can change them; a rate of None turns a throttle off. An exceeded rate is 429
problem+json with Retry-After.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.core.cache import caches
from django.dispatch import receiver
from rest_framework.throttling import SimpleRateThrottle

from accounts.usernames import username_key


class ConfiguredRateThrottle(SimpleRateThrottle):
    """A throttle whose rate is settings.API_THROTTLE_RATES[scope]."""

    methods = ("POST",)
    # Set by SimpleRateThrottle.__init__ from the rate (None without a rate, when nothing here
    # reads them); djangorestframework-stubs does not declare them.
    num_requests: int
    duration: int

    @property
    def cache(self):
        return caches["default"]

    def get_rate(self):
        return settings.API_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request, view):
        if request.method not in self.methods:
            return True
        return super().allow_request(request, view)

    def wait(self):
        """Seconds until the oldest request that still counts leaves the window."""
        counted = self.history[: self.num_requests]
        if len(counted) < self.num_requests:
            return None
        return max(1.0, counted[-1] + self.duration - self.now)

    def key_for(self, ident: str) -> str:
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def get_ident(self, request):
        return client_address(request)


def client_address(request) -> str:
    """The client's address, as the first server we trust saw it (see the module)."""
    meta = request.META
    remote = meta.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies <= 0:
        return remote
    hops = [hop.strip() for hop in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    if not hops:
        return remote
    return hops[-min(proxies, len(hops))]


class PerClientThrottle(ConfiguredRateThrottle):
    """Counted per client address (`client_address`)."""

    def get_cache_key(self, request, view):
        return self.key_for(self.get_ident(request))


class PerUserThrottle(ConfiguredRateThrottle):
    def get_cache_key(self, request, view):
        if not request.user or not request.user.is_authenticated:
            return None
        return self.key_for(str(request.user.pk))


class LoginPerClientThrottle(PerClientThrottle):
    scope = "login_client"


class LoginFailures(ConfiguredRateThrottle):
    """Refuses a log-in while the rate's number of failures is counted; a request itself
    counts nothing: `login_failed` records each wrong password (through Django's
    user_login_failed signal, web and API alike)."""

    def get_cache_key(self, request, view):
        username = request.data.get("username") if hasattr(request.data, "get") else None
        return self.failure_key(username, client_address(request))

    def failure_key(self, username, address: str) -> str | None:
        raise NotImplementedError

    def allow_request(self, request, view):
        if request.method not in self.methods or self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self._read_history()
        if len(self.history) >= self.num_requests:
            return self.throttle_failure()
        return True

    def record(self, username, address: str) -> None:
        if self.rate is None:
            return
        self.key = self.failure_key(username, address)
        if self.key is None:
            return
        self._read_history()
        self.history.insert(0, self.now)
        self.cache.set(self.key, self.history, self.duration)

    def _read_history(self) -> None:
        self.history = self.cache.get(self.key, [])
        self.now = self.timer()
        while self.history and self.history[-1] <= self.now - self.duration:
            self.history.pop()


def _account_ident(username) -> str | None:
    """The username tried, folded (`Alice` and `ALICE` are one account), hashed."""
    if not isinstance(username, str) or not username or len(username) > 150:
        return None
    folded = username_key(username).encode("utf-8", "surrogatepass")
    return hashlib.sha256(folded).hexdigest()[:32]


class LoginPerAccountClientThrottle(LoginFailures):
    """Failed log-ins of one account from one client."""

    scope = "login_account_client"

    def failure_key(self, username, address):
        account = _account_ident(username)
        return None if account is None else self.key_for(f"{account}:{address}")


class LoginPerAccountThrottle(LoginFailures):
    """Failed log-ins of one account from any client: the ceiling for guessing spread over
    many addresses."""

    scope = "login_account"

    def failure_key(self, username, address):
        account = _account_ident(username)
        return None if account is None else self.key_for(account)


LOGIN_THROTTLES = (LoginPerClientThrottle, LoginPerAccountClientThrottle, LoginPerAccountThrottle)


@receiver(user_login_failed)
def login_failed(sender, credentials, request=None, **kwargs):
    """Count a wrong password against the account, per client and in all."""
    if request is None:
        return
    username = credentials.get("username")
    address = client_address(request)
    for throttle in (LoginPerAccountClientThrottle(), LoginPerAccountThrottle()):
        throttle.record(username, address)


class SignUpThrottle(PerClientThrottle):
    scope = "sign_up"


class GameCreateThrottle(PerUserThrottle):
    scope = "game_create"


class GameStartThrottle(PerUserThrottle):
    """Joining and starting: a full lobby starts the game, which emails every player."""

    scope = "game_start"
