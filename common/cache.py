"""The shared cache (Redis), such that losing Redis costs players speed, never an answer.

Everything kept in the cache can be lost: throttle histories, token revocation stamps, a bot's
reading of the log, mail counters. Django's Redis backend raises on every call while Redis is
down, and waits out its socket timeout on every call while Redis is frozen, so every signed-in
request answered 500, or hung. `ResilientRedisCache` answers as a cache that has nothing:
`get` gives the default, `set`/`add`/`delete` keep nothing, `incr` finds no key. Its sockets time
out after `CACHE_SOCKET_TIMEOUT` seconds, and after a failure it does not try Redis again for
`CACHE_RETRY_SECONDS`, so a frozen Redis costs one short wait per process, not one per call.

A caller whose answer must not be mistaken for "nothing kept" (a revocation stamp: nothing kept
means the token is still good) reads with `read_or_raise`, which raises `CacheUnavailable`
instead; such a caller falls back to the database.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache

log = logging.getLogger(__name__)


class CacheUnavailable(Exception):
    """The shared cache cannot be read now."""


class _Circuit:
    """After a failure, Redis is not tried again for CACHE_RETRY_SECONDS (per process)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._down_until = 0.0

    def open(self) -> bool:
        return time.monotonic() < self._down_until

    def trip(self, error: Exception) -> None:
        with self._lock:
            first = not self.open()
            self._down_until = time.monotonic() + settings.CACHE_RETRY_SECONDS
        if first:
            log.warning("The shared cache (Redis) failed: %s; running without it.", error)


circuit = _Circuit()


def _degrading(fallback):
    """Run the call on Redis; on a Redis failure (or while the circuit is open) give what a
    cache that keeps nothing gives: `fallback(*args, **kwargs)`."""

    def decorate(method):
        @functools.wraps(method)
        def call(self, *args, **kwargs):
            if circuit.open():
                return fallback(*args, **kwargs)
            try:
                return method(self, *args, **kwargs)
            except _redis_errors() as error:
                circuit.trip(error)
                return fallback(*args, **kwargs)

        return call

    return decorate


def _redis_errors() -> tuple[type[Exception], ...]:
    import redis

    return (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


def _default(key, default=None, *args, **kwargs):
    return default


def _nothing(*args, **kwargs):
    return None


def _false(*args, **kwargs):
    return False


def _empty(*args, **kwargs):
    return {}


def _no_key(key, *args, **kwargs):
    raise ValueError(f"Key '{key}' not found (the shared cache is unavailable).")


def _all_failed(data, *args, **kwargs):
    return list(data)


class ResilientRedisCache(RedisCache):
    """Django's Redis cache that degrades to a cache keeping nothing (see the module)."""

    get = _degrading(_default)(RedisCache.get)
    set = _degrading(_nothing)(RedisCache.set)
    add = _degrading(_false)(RedisCache.add)
    touch = _degrading(_false)(RedisCache.touch)
    delete = _degrading(_false)(RedisCache.delete)
    has_key = _degrading(_false)(RedisCache.has_key)
    get_many = _degrading(_empty)(RedisCache.get_many)
    set_many = _degrading(_all_failed)(RedisCache.set_many)
    delete_many = _degrading(_nothing)(RedisCache.delete_many)
    incr = _degrading(_no_key)(RedisCache.incr)
    clear = _degrading(_false)(RedisCache.clear)

    def read_or_raise(self, key: str, default: Any = None) -> Any:
        if circuit.open():
            raise CacheUnavailable
        try:
            return RedisCache.get(self, key, default)
        except _redis_errors() as error:
            circuit.trip(error)
            raise CacheUnavailable from error


def read_or_raise(key: str, default: Any = None) -> Any:
    """The default cache's value for `key`; CacheUnavailable when it cannot be read (a local
    cache, the embedded default's, always can)."""
    cache = caches["default"]
    if isinstance(cache, ResilientRedisCache):
        return cache.read_or_raise(key, default)
    return cache.get(key, default)
