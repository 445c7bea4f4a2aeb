"""Limits on what costs us CPU or sends email: DRF's throttles, counted in the shared cache.

The cache is Redis when REDIS_URL is set, so every web process counts against one history;
without it (the embedded default) the local-memory cache of the one process. Rates come from
settings.API_THROTTLE_RATES (the environment, see the README), read on every request so that
tests can change them; a rate of None turns a throttle off. An exceeded rate is 429
problem+json with Retry-After.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import caches
from rest_framework.throttling import SimpleRateThrottle

from accounts.usernames import username_key


class ConfiguredRateThrottle(SimpleRateThrottle):
    """A throttle whose rate is settings.API_THROTTLE_RATES[scope]."""

    methods = ("POST",)

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


class PerClientThrottle(ConfiguredRateThrottle):
    """Counted per client address (REMOTE_ADDR, or X-Forwarded-For behind NUM_PROXIES)."""

    def get_cache_key(self, request, view):
        return self.key_for(self.get_ident(request))


class PerUserThrottle(ConfiguredRateThrottle):
    def get_cache_key(self, request, view):
        if not request.user or not request.user.is_authenticated:
            return None
        return self.key_for(str(request.user.pk))


class LoginPerClientThrottle(PerClientThrottle):
    scope = "login_client"


class LoginPerAccountThrottle(ConfiguredRateThrottle):
    """Counted per username tried (folded, so `Alice` and `ALICE` share one count), whoever
    tries it: guessing one player's password from many addresses stays slow."""

    scope = "login_account"

    def get_cache_key(self, request, view):
        username = request.data.get("username") if isinstance(request.data, dict) else None
        if not isinstance(username, str) or not username or len(username) > 150:
            return None
        folded = username_key(username).encode("utf-8", "surrogatepass")
        return self.key_for(hashlib.sha256(folded).hexdigest()[:32])


class SignUpThrottle(PerClientThrottle):
    scope = "sign_up"


class GameCreateThrottle(PerUserThrottle):
    scope = "game_create"


class GameStartThrottle(PerUserThrottle):
    """Joining and starting: a full lobby starts the game, which emails every player."""

    scope = "game_start"
