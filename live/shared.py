"""One read of a game for all its readers who see the same thing.

When a game changes, every stream of it in this process wakes with the same notice. Readers
who see the same view of it (the same seat, or spectators; one language) and had read up to the
same seq would each read and render the same entries: instead the first of them reads, and the
others wait for its result. A result is keyed by the notice number the reader took
(`live.hub`): it was computed after that notice arrived, so it holds the change the notice
announced, and a reader woken by a later notice asks again under the later number.

Results are kept for `KEEP_SECONDS` (readers of one notice arrive within milliseconds of each
other) and at most `KEEP_RESULTS` of them, oldest dropped first.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any

KEEP_SECONDS = 10.0
KEEP_RESULTS = 256


@dataclass(frozen=True)
class GameRead:
    """What a game's readers of one view learn from one read."""

    entries: tuple[tuple[int, bytes], ...]
    """(seq, the entry as an SSE event), in order, after the seq the read started from."""
    last_seq: int
    """The last seq read (the start when there was nothing new)."""
    seats: dict[int, int]
    """user id → the seat position whose view they get (a reader whose seat changed ends)."""
    status: str
    ended: bool


class SharedReads:
    def __init__(self):
        self._lock = threading.Lock()
        self._results: OrderedDict[Hashable, tuple[float, Future]] = OrderedDict()

    def get(self, key: Hashable | None, compute: Callable[[], Any]) -> Any:
        """compute()'s result, computed once for every caller of `key` (None: not shared)."""
        if key is None:
            return compute()
        now = time.monotonic()
        with self._lock:
            self._drop_old(now)
            kept = self._results.get(key)
            owner = kept is None
            if kept is None:
                future: Future = Future()
                self._results[key] = (now, future)
            else:
                future = kept[1]
        if owner:
            try:
                future.set_result(compute())
            except BaseException as error:
                with self._lock:  # a failed read (the database) is not kept: try again
                    self._results.pop(key, None)
                future.set_exception(error)
        return future.result()

    def _drop_old(self, now: float) -> None:
        while self._results:
            key, (made_at, _future) = next(iter(self._results.items()))
            if len(self._results) <= KEEP_RESULTS and now - made_at < KEEP_SECONDS:
                break
            del self._results[key]

    def clear(self) -> None:
        with self._lock:
            self._results.clear()


SHARED = SharedReads()

# The event loop's side: streams woken by one notice resume one after another in the same turn
# of the loop, before any read has finished, so each would send a read of its own to the pool
# (where all but one would wait for the first). Instead the first one's read is kept here as a
# future of the loop, and the others await it on the loop: one trip to the pool for all.
_in_flight: dict[Hashable, asyncio.Future] = {}


async def shared_read(key: Hashable, compute: Callable[[], Any], pool: Executor) -> Any:
    """compute()'s result for `key`, computed once in `pool` for every stream of this loop that
    asks while it runs (and kept in SHARED for those that ask later). A stream that leaves
    while it waits (its client hung up) leaves the read running for the others."""
    running = _in_flight.get(key)
    if running is None:
        loop = asyncio.get_running_loop()
        running = _in_flight[key] = loop.run_in_executor(pool, SHARED.get, key, compute)
        running.add_done_callback(lambda done: _finished(key, done))
    return await asyncio.shield(running)


def _finished(key: Hashable, done: asyncio.Future) -> None:
    _in_flight.pop(key, None)
    _seen(done)  # a failure every waiter left before is not "never retrieved"


def _seen(future: asyncio.Future) -> None:
    if not future.cancelled():
        future.exception()
