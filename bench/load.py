"""A closed-loop HTTP load generator: N connections, each sending its next request as soon as
the previous answer arrives, for a fixed time.

Each connection is a thread with its own `http.client` connection (kept alive when the server
allows it). What to send comes from a `RequestSource`, which sees every answer, so a source can
follow a game from prompt to prompt. Only the request itself is timed.
"""

from __future__ import annotations

import http.client
import statistics
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Protocol
from urllib.parse import urlsplit

RETRIES = 3


@dataclass(frozen=True)
class Request:
    path: str
    body: bytes
    headers: dict[str, str]


class RequestSource(Protocol):
    def next(self) -> Request | None:
        """The next request, or None when the source has nothing left to send."""

    def answered(self, status: int, body: bytes) -> None:
        """The answer to the request `next` gave last."""

    def stop(self) -> None:
        """The run is over; keep whatever state the next run should resume from."""


@dataclass
class LoadResult:
    seconds: float
    latencies: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    retries: int = 0
    sources_dry: int = 0
    first_error: str = ""

    @property
    def requests(self) -> int:
        return len(self.latencies)

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def merge(self, other: LoadResult) -> LoadResult:
        return LoadResult(
            seconds=self.seconds + other.seconds,
            latencies=self.latencies + other.latencies,
            statuses=self.statuses + other.statuses,
            retries=self.retries + other.retries,
            sources_dry=self.sources_dry + other.sources_dry,
            first_error=self.first_error or other.first_error,
        )

    def summary(self) -> dict[str, float | int | dict | str]:
        ordered = sorted(self.latencies)
        return {
            "requests": self.requests,
            "seconds": round(self.seconds, 3),
            "requests_per_s": round(self.per_second, 1),
            "latency_ms": {
                "mean": _ms(statistics.fmean(ordered)) if ordered else None,
                "p50": _ms(_quantile(ordered, 0.50)),
                "p90": _ms(_quantile(ordered, 0.90)),
                "p99": _ms(_quantile(ordered, 0.99)),
                "max": _ms(ordered[-1]) if ordered else None,
            },
            "statuses": {str(code): count for code, count in sorted(self.statuses.items())},
            "retries": self.retries,
            "sources_dry": self.sources_dry,
            "first_error": self.first_error,
        }


def run(base_url: str, sources: list[RequestSource], seconds: float) -> LoadResult:
    """Drive every source on its own connection for `seconds`; returns the merged result."""
    parts = urlsplit(base_url)
    start = threading.Barrier(len(sources) + 1)
    results = [LoadResult(seconds=0.0) for _ in sources]
    threads = [
        threading.Thread(
            target=_drive, args=(parts.hostname, parts.port, source, start, seconds, result)
        )
        for source, result in zip(sources, results, strict=True)
    ]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    merged = LoadResult(seconds=0.0)
    for result in results:
        merged = merged.merge(result)
    merged.seconds = time.perf_counter() - began
    return merged


def _drive(host, port, source, start, seconds, result: LoadResult) -> None:
    connection = http.client.HTTPConnection(host, port, timeout=60)
    start.wait()
    deadline = time.perf_counter() + seconds
    try:
        while time.perf_counter() < deadline:
            request = source.next()
            if request is None:
                result.sources_dry += 1
                return
            began = time.perf_counter()
            status, body = _send(connection, request, result)
            result.latencies.append(time.perf_counter() - began)
            result.statuses[status] += 1
            if status >= 400 and not result.first_error:
                result.first_error = f"{status} {request.path}: {body[:300]!r}"
            source.answered(status, body)
    finally:
        source.stop()
        connection.close()


def _send(connection, request: Request, result: LoadResult) -> tuple[int, bytes]:
    # A connection the server closed between requests is reopened and the request sent again;
    # the decision endpoint's Idempotency-Key makes that resend safe.
    for attempt in range(RETRIES + 1):
        try:
            connection.request("POST", request.path, request.body, request.headers)
            response = connection.getresponse()
            return response.status, response.read()
        except (ConnectionError, http.client.HTTPException):
            connection.close()
            if attempt == RETRIES:
                raise
            result.retries += 1
    raise AssertionError("unreachable")


def _quantile(ordered: list[float], q: float) -> float | None:
    if not ordered:
        return None
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 2)
