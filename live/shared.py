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

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
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

    def ready(self, key: Hashable) -> Any | None:
        """The result kept for `key` if it is computed already (without waiting), else None."""
        with self._lock:
            kept = self._results.get(key)
        if kept is None or not kept[1].done() or kept[1].exception() is not None:
            return None
        return kept[1].result()

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
