"""The fan-out of change notices to the streams open in this process.

A notice carries no game data, only a channel ("game:<id>", "user:<id>" or "auth:<id>") and a
short payload (for a user's channel, the id of the game that changed). With `REDIS_URL`
notices travel through Redis pub/sub: every process serving streams has one listener thread,
subscribed to the pattern of all this site's channels, which hands each notice to the streams
of this process that follow its channel. Without Redis (the embedded default) notices are
handed over inside the process that committed the change, which is the one serving the
streams there.

Every notice handed over gets a number from one counter of the process. A stream that takes
its notices learns the highest number among them: a read started after taking notice n sees
every change notice n announced, so streams woken by the same notice can share one read
(`live.shared`) keyed by that number.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import re
import threading
from collections import defaultdict
from collections.abc import Iterable

from django.conf import settings

log = logging.getLogger(__name__)

EVERYTHING = "*"
"""The channel of the notice `wake_all` gives: anything may have changed (Redis came back)."""


def prefix() -> str:
    """The Redis channels' prefix: the site's CACHE_KEY_PREFIX first, so that two sites (or
    test runs) sharing one Redis never wake each other's streams."""
    site = settings.CACHES.get("default", {}).get("KEY_PREFIX", "") or ""
    return f"{site}khora:live:"


def _glob_escaped(text: str) -> str:
    return re.sub(r"([\\*?\[\]])", r"\\\1", text)


class Subscription:
    """One stream's inbox: the (channel, payload) notices since it last looked.

    A stream served by a thread waits on a threading.Event; one served by the event loop
    (ASGI) binds its loop first and waits on a future of that loop, resolved from the listener
    thread through the loop (one call a loop for all its streams a notice wakes: `Hub`)."""

    def __init__(self, hub: Hub, channels: Iterable[str]):
        self.hub = hub
        self.channels = frozenset(channels)
        self._notices: set[tuple[str, str]] = set()
        self._number = 0
        self._lock = threading.Lock()
        self._woken = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._waiter: asyncio.Future | None = None
        self._pending = False  # (loop side) a wake-up came while nobody waited
        self.taken_number = 0
        """The highest notice number among those last taken (0: none yet)."""

    def bind_loop(self) -> None:
        self.loop = asyncio.get_running_loop()

    def record(self, channel: str, payload: str, number: int = 0) -> None:
        """Keep a notice (any thread); `notify` also wakes the stream."""
        with self._lock:
            self._notices.add((channel, payload))
            self._number = max(self._number, number)
        self._woken.set()

    def notify(self, channel: str, payload: str, number: int = 0) -> None:
        self.record(channel, payload, number)
        if self.loop is not None:
            _wake_on_loop(self.loop, [self])

    def wake(self) -> None:
        """On the loop: the stream waiting (or the next wait) returns."""
        self._pending = True
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    def take(self) -> set[tuple[str, str]]:
        # Clear the wake-ups before taking the notices: a notice arriving in between is
        # taken now and only causes one spurious wake-up, never a lost one.
        self._woken.clear()
        self._pending = False
        with self._lock:
            notices, self._notices = self._notices, set()
            self.taken_number = self._number if notices else 0
        return notices

    def wait(self, timeout: float) -> set[tuple[str, str]]:
        self._woken.wait(timeout)
        return self.take()

    async def wait_async(self, timeout: float) -> set[tuple[str, str]]:
        # A bare future and a timer, not asyncio.wait_for (a task per wait): an idle stream
        # costs the loop as little as possible per heartbeat.
        assert self.loop is not None, "bind_loop() first"
        if not self._pending:
            waiter = self._waiter = self.loop.create_future()
            timer = self.loop.call_later(timeout, _resolve, waiter)
            try:
                await waiter
            finally:
                timer.cancel()
                self._waiter = None
        return self.take()

    def close(self) -> None:
        self.hub.unsubscribe(self)


def _resolve(waiter: asyncio.Future) -> None:
    if not waiter.done():
        waiter.set_result(None)


def _wake_all(subscriptions: list[Subscription]) -> None:
    for subscription in subscriptions:
        subscription.wake()


def _wake_on_loop(loop: asyncio.AbstractEventLoop, subscriptions: list[Subscription]) -> None:
    # RuntimeError: the loop has closed, and its streams with it.
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(_wake_all, subscriptions)


class Hub:
    def __init__(self):
        self._by_channel: dict[str, set[Subscription]] = defaultdict(set)
        self._lock = threading.Lock()
        self._listener: threading.Thread | None = None
        self._numbers = itertools.count(1)
        self._subscribed = threading.Event()
        """Set while the listener is subscribed in Redis (cleared when it loses Redis)."""
        self.closing = False
        """The process is shutting down: every stream ends now (`close_all`)."""
        self._stopped = threading.Event()

    def subscribe(self, channels: Iterable[str]) -> Subscription:
        if settings.REDIS_URL:
            self._ensure_listener()
        subscription = Subscription(self, channels)
        with self._lock:
            for channel in subscription.channels:
                self._by_channel[channel].add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            for channel in subscription.channels:
                followers = self._by_channel.get(channel)
                if followers is not None:
                    followers.discard(subscription)
                    if not followers:
                        del self._by_channel[channel]

    def dispatch(self, channel: str, payload: str) -> None:
        with self._lock:
            followers = list(self._by_channel.get(channel, ()))
            number = next(self._numbers)
        self._hand_over(followers, channel, payload, number)

    def wake_all(self) -> None:
        """Every stream reads again: notices may have been lost (Redis reconnected)."""
        with self._lock:
            everyone = list({s for subs in self._by_channel.values() for s in subs})
            number = next(self._numbers)
        self._hand_over(everyone, EVERYTHING, "", number)

    def close_all(self) -> None:
        """The process is stopping: every stream ends its body now, so that its client
        reconnects at once (to another process) instead of being cut when the server's
        graceful shutdown runs out."""
        self.closing = True
        self.wake_all()

    @staticmethod
    def _hand_over(followers: list[Subscription], channel: str, payload: str, number: int):
        # One call into each event loop for all of its streams (a game's 500 spectators cost
        # the loop one wake-up, not 500).
        by_loop: dict[asyncio.AbstractEventLoop, list[Subscription]] = defaultdict(list)
        for subscription in followers:
            subscription.record(channel, payload, number)
            if subscription.loop is not None:
                by_loop[subscription.loop].append(subscription)
        for loop, subscriptions in by_loop.items():
            _wake_on_loop(loop, subscriptions)

    def open_streams(self) -> int:
        with self._lock:
            return len({s for subs in self._by_channel.values() for s in subs})

    def listening(self, wait: float) -> bool:
        """Whether notices reach this process (always without Redis); waits up to `wait`
        seconds for the listener to subscribe. A stream opened while they do not would hear of
        no change: it is refused (503) instead."""
        if not settings.REDIS_URL:
            return True
        self._ensure_listener()
        return self._subscribed.wait(wait)

    def _ensure_listener(self) -> None:
        with self._lock:
            if self._listener is not None and self._listener.is_alive():
                return
            self._listener = threading.Thread(
                target=self._listen,
                args=(settings.REDIS_URL, prefix()),
                daemon=True,
                name="khora-live-listener",
            )
            self._listener.start()
        # A stream must not read the database before the listener is subscribed, or a change
        # committed in between would reach it neither way.
        self._subscribed.wait(5)

    def stop(self) -> None:
        """The listener gives up at its next try (a hub made for a test, pointed at a Redis
        that is not there, would otherwise retry every second for the rest of the run)."""
        self._stopped.set()

    def _listen(self, url: str, channel_prefix: str) -> None:
        import redis

        first = True
        while not self._stopped.is_set():
            try:
                client = redis.Redis.from_url(url, socket_keepalive=True, socket_connect_timeout=2)
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.psubscribe(_glob_escaped(channel_prefix) + "*")
                pubsub.get_message(timeout=1)  # the subscription's confirmation
                self._subscribed.set()
                if not first:
                    self.wake_all()
                first = False
                for message in pubsub.listen():
                    if message.get("type") != "pmessage":
                        continue
                    channel = message["channel"].decode()[len(channel_prefix) :]
                    self.dispatch(channel, message["data"].decode())
            except Exception:  # Redis went away: reconnect, then every stream reads again
                self._subscribed.clear()
                log.warning("Live listener lost Redis; reconnecting.", exc_info=True)
                self._stopped.wait(1)


HUB = Hub()
