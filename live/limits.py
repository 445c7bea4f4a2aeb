"""How many streams may be open: per user, per client address, per process.

An open stream costs a coroutine, a socket and a share of every read; a client that opens a
thousand would starve everyone else. Each stream takes a lease on its user's and its client
address's count before it starts, and on this process's; over any limit the request is refused
with 429 and Retry-After (`STREAM_LIMIT_PER_USER`, `STREAM_LIMIT_PER_ADDRESS`,
`STREAM_LIMIT_PER_PROCESS`; 0 turns one off; a full process answers 503 instead, which the
proxy passes on to another process). The address is the one the throttles use
(`accounts.throttles.client_address`): X-Forwarded-For is believed only as far as
DJANGO_TRUSTED_PROXIES says, so a forged header makes no new client.

With Redis the user and address counts are shared by every stream process: a sorted set per
key whose members are the open streams, each scored with the moment its lease lapses. A
process renews its streams' leases every third of `STREAM_LEASE_SECONDS` in one round trip and
removes them when the streams close, so the leases of a process that died without closing
(SIGKILL, a lost host) lapse by themselves within `STREAM_LEASE_SECONDS`. If Redis cannot be
reached the shared counts are not enforced (the streams then hear no notices either, and the
process's own limit still holds). Without Redis every count is the process's own.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from dataclasses import dataclass

from django.conf import settings

from common.errors import DomainError
from live.hub import prefix

log = logging.getLogger(__name__)

# Drop the lapsed leases of a key, refuse if any key is at its limit, else add the stream to
# every key. Redis's own clock scores the leases, so processes on several hosts agree.
_ACQUIRE = """
local now = tonumber(redis.call('TIME')[1])
local ttl = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  local limit = tonumber(ARGV[2 + i])
  if limit > 0 and redis.call('ZCARD', key) >= limit then
    return i
  end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + ttl, ARGV[2])
  redis.call('EXPIRE', key, ttl * 2)
end
return 0
"""
# KEYS[i] holds member ARGV[i + 1]: push each lease's lapse to now + ttl (if still held).
_RENEW = """
local now = tonumber(redis.call('TIME')[1])
local ttl = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', now + ttl, ARGV[i + 1])
  redis.call('EXPIRE', key, ttl * 2)
end
return 0
"""

REFUSALS = {
    "user": "You already have {count} open event streams, the most one account may hold. "
    "Close one (or follow all your games on one me/stream/) and try again.",
    "address": "Your address already has {count} open event streams, the most one address may "
    "hold. Close one and try again.",
}


@dataclass(frozen=True)
class Lease:
    """One open stream's place in the counts it was admitted under."""

    member: str
    keys: tuple[str, ...]
    """The user's and the address's counts (in Redis, or this process's without it)."""

    def release(self) -> None:
        LEASES.release(self)


class Leases:
    def __init__(self):
        self._lock = threading.Lock()
        self._local: dict[str, set[str]] = {}
        self._held: dict[str, Lease] = {}
        self._keeper: threading.Thread | None = None
        self._redis = None
        self._scripts: tuple | None = None

    def acquire(self, user_id: int | None, address: str) -> Lease:
        """A lease for a new stream, or DomainError 429 naming the limit that was reached."""
        member = secrets.token_hex(8)
        wanted = [("address", address, settings.STREAM_LIMIT_PER_ADDRESS)]
        if user_id is not None:
            wanted.insert(0, ("user", str(user_id), settings.STREAM_LIMIT_PER_USER))
        keys = [self._key(scope, ident) for scope, ident, _limit in wanted]
        limits = [limit for _scope, _ident, limit in wanted]
        with self._lock:
            process = self._local.setdefault("process", set())
            limit = settings.STREAM_LIMIT_PER_PROCESS
            if limit and len(process) >= limit:
                raise process_full(limit)
            if not settings.REDIS_URL:
                for key, (scope, _ident, most) in zip(keys, wanted, strict=True):
                    if most and len(self._local.get(key, ())) >= most:
                        raise refusal(scope, most, settings.STREAM_LEASE_SECONDS)
                for key in keys:
                    self._local.setdefault(key, set()).add(member)
            process.add(member)
        lease = Lease(member, tuple(keys))
        if settings.REDIS_URL:
            over = self._acquire_shared(lease, limits)
            if over:
                self._forget(lease)
                scope, _ident, most = wanted[over - 1]
                raise refusal(scope, most, settings.STREAM_LEASE_SECONDS)
            with self._lock:
                self._held[member] = lease
            self._ensure_keeper()
        return lease

    def address_full(self, address: str) -> bool:
        """Whether the address holds its limit already: a refusal that costs no database work
        (the lease taken later is what counts; this only turns a flood away early)."""
        most = settings.STREAM_LIMIT_PER_ADDRESS
        if not most:
            return False
        key = self._key("address", address)
        if not settings.REDIS_URL:
            with self._lock:
                return len(self._local.get(key, ())) >= most
        try:
            return self._client().zcount(key, time.time(), "+inf") >= most
        except Exception:  # Redis is down: the lease decides (see the module)
            return False

    def release(self, lease: Lease) -> None:
        with self._lock:
            shared = self._held.pop(lease.member, None)
        self._forget(lease)
        if shared is not None:
            try:
                pipe = self._client().pipeline(transaction=False)
                for key in shared.keys:
                    pipe.zrem(key, lease.member)
                pipe.execute()
            except Exception:  # the lease lapses by itself
                log.warning("Could not release a stream's lease in Redis.", exc_info=True)

    def held(self) -> int:
        with self._lock:
            return len(self._local.get("process", ()))

    def _forget(self, lease: Lease) -> None:
        with self._lock:
            for key in ["process", *lease.keys]:
                members = self._local.get(key)
                if members is not None:
                    members.discard(lease.member)
                    if not members and key != "process":
                        del self._local[key]

    def _key(self, scope: str, ident: str) -> str:
        return f"{prefix()}streams:{scope}:{ident}"

    def _client(self):
        import redis

        # Kept per address: a process has one, but tests point REDIS_URL elsewhere for a while.
        if self._redis is None or self._redis[0] != settings.REDIS_URL:
            client = redis.Redis.from_url(
                settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2
            )
            self._redis = (settings.REDIS_URL, client)
        return self._redis[1]

    def _acquire_shared(self, lease: Lease, limits: list[int]) -> int:
        try:
            script = self._client().register_script(_ACQUIRE)
            args = [settings.STREAM_LEASE_SECONDS, lease.member, *limits]
            return int(script(keys=list(lease.keys), args=args))
        except Exception:  # Redis is down: no shared count (see the module)
            log.warning("Could not count a stream's lease in Redis.", exc_info=True)
            return 0

    def renew(self) -> None:
        """Push every held lease's lapse forward (the keeper calls it)."""
        with self._lock:
            pairs = [(key, lease.member) for lease in self._held.values() for key in lease.keys]
        if not pairs:
            return
        script = self._client().register_script(_RENEW)
        for start in range(0, len(pairs), 1000):  # bounded scripts: Redis runs each atomically
            chunk = pairs[start : start + 1000]
            script(
                keys=[key for key, _member in chunk],
                args=[settings.STREAM_LEASE_SECONDS, *(member for _key, member in chunk)],
            )

    def release_all(self) -> None:
        """Give back every lease this process holds: at shutdown (khora_site/asgi.py), where a
        stream's own `finally` does not come; without this its clients, reconnecting to another
        process seconds later, would find their old places still taken."""
        with self._lock:
            held = list(self._held.values())
        for lease in held:
            self.release(lease)

    def _ensure_keeper(self) -> None:
        with self._lock:
            if self._keeper is not None and self._keeper.is_alive():
                return
            self._keeper = threading.Thread(
                target=self._keep, daemon=True, name="khora-stream-leases"
            )
            self._keeper.start()

    def _keep(self) -> None:
        while True:
            time.sleep(settings.STREAM_LEASE_SECONDS / 3)
            try:
                self.renew()
            except Exception:
                log.warning("Could not renew the streams' leases in Redis.", exc_info=True)


def refusal(scope: str, count: int, retry_after: int) -> DomainError:
    return DomainError(
        "too_many_streams",
        REFUSALS[scope].format(count=count),
        429,
        {"limit": scope, "max": count, "retry_after": retry_after},
    )


def process_full(count: int) -> DomainError:
    """503, not 429: the proxy passes a 503 on to another stream process, which may have room
    (deploy/nginx/), and a client that gets it anyway tries again after Retry-After."""
    return DomainError(
        "streams_busy",
        f"This server holds as many event streams as it can ({count}); try again in a few seconds.",
        503,
        {"limit": "process", "max": count, "retry_after": settings.STREAM_PROCESS_RETRY_SECONDS},
    )


def address_refusal() -> DomainError:
    most = settings.STREAM_LIMIT_PER_ADDRESS
    return refusal("address", most, settings.STREAM_LEASE_SECONDS)


LEASES = Leases()
