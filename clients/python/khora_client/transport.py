"""Sending a request: JSON in and out, problems as ApiError, and retries with backoff.

What is tried again, and why it is safe:

- 429 and 503: the server refused before doing anything (a throttle, a database that cannot
  serve, a full stream server); its Retry-After is waited when it gives one.
- 409 `waiting_for_chance`: an older server refuses a decision while it rolls or draws; the
  roll takes a moment, and the refusal applied nothing.
- No connection at all (refused, unknown host): the request never left.
- 502, 504 and a connection lost before the answer (a server killed mid-request): the request
  may have been applied, so only operations that are safe to repeat are tried again (reads,
  settings, and decisions and chat messages, which carry one Idempotency-Key for all tries:
  the server applies them once and answers a repeat with the first answer).

Everything else is raised at once. The standard library only: `urllib` for the requests (it
honours the usual proxy variables and verifies TLS as Python does by default).
"""

from __future__ import annotations

import email.utils
import http.client
import json
import logging
import random
import socket
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from khora_client.errors import ApiError, ConnectionFailed, KhoraError
from khora_client.operations import Operation
from khora_client.version import __version__

log = logging.getLogger("khora_client")

# Errors of a request that got no (whole) answer. URLError (refused, unknown host) is an
# OSError; http.client's RemoteDisconnected is too, IncompleteRead and BadStatusLine are not.
NETWORK_ERRORS: tuple[type[BaseException], ...] = (OSError, http.client.HTTPException)
# Statuses a server or proxy sends when it cannot serve now; 409 waiting_for_chance is
# treated apart (it is a refusal of the game, not of the server).
TRY_AGAIN = frozenset({429, 502, 503, 504})
NOT_APPLIED = frozenset({429, 503})  # refused before any work: safe for every operation


@dataclass(frozen=True)
class Retry:
    """How a request is tried again. Waits double from `backoff` up to `max_backoff`, each
    with random jitter (so that many clients cut off together do not come back together),
    or are the server's Retry-After. No try starts more than `within` seconds after the first
    nor past `attempts` tries; a Retry-After longer than `max_retry_after` (a daily chat limit,
    say) is not waited out: the refusal is raised with its `retry_after`."""

    attempts: int = 12
    within: float = 180.0
    backoff: float = 0.5
    max_backoff: float = 15.0
    max_retry_after: float = 120.0
    sleep: Callable[[float], None] = time.sleep
    jitter: Callable[[], float] = field(default_factory=lambda: random.Random().random)

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """The wait before try `attempt + 1` (`attempt` counts from 1)."""
        if retry_after is not None:
            return retry_after
        step = min(self.max_backoff, self.backoff * 2.0 ** (attempt - 1))
        return step / 2 + self.jitter() * step / 2

    def allows(self, attempt: int, began: float, wait: float) -> bool:
        return attempt < self.attempts and time.monotonic() + wait - began <= self.within


NO_RETRY = Retry(attempts=1)


class Transport:
    """The connection details and the retry loop every operation goes through."""

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        timeout: float = 30.0,
        retry: Retry | None = None,
        language: str | None = None,
        user_agent: str | None = None,
    ):
        base = base_url.rstrip("/")
        self.api = base if base.endswith("/api/v1") else base + "/api/v1"
        self.token = token
        self.timeout = timeout
        self.retry = retry or Retry()
        self.language = language
        self.user_agent = user_agent or f"khora-client/{__version__} (Python urllib)"

    def url(self, path: str, query: Mapping[str, str | int | None] | None = None) -> str:
        pairs = {name: str(value) for name, value in (query or {}).items() if value is not None}
        return f"{self.api}/{path}" + (f"?{urllib.parse.urlencode(pairs)}" if pairs else "")

    def headers(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        headers = {"Accept": "application/json", "User-Agent": self.user_agent}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if self.language:
            headers["Accept-Language"] = self.language
        headers.update(extra or {})
        return headers

    def call(
        self,
        operation: Operation,
        *,
        params: Mapping[str, str | int] | None = None,
        query: Mapping[str, str | int | None] | None = None,
        body: Mapping[str, object] | None = None,
        idempotency_key: str | None = None,
    ) -> Any:
        """One operation, tried again as the module says; returns the decoded JSON (None for
        an empty answer)."""
        target = self.url(operation.url_path(**(params or {})), query)
        extra = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            extra["Content-Type"] = "application/json"
        began = time.monotonic()
        attempt = 0
        while True:
            attempt += 1
            try:
                return self._once(operation.method, target, data, self.headers(extra))
            except ApiError as refused:
                if not _worth_retrying(operation, refused):
                    raise
                wait = self.retry.delay(attempt, refused.retry_after)
                if (refused.retry_after or 0) > self.retry.max_retry_after or not (
                    self.retry.allows(attempt, began, wait)
                ):
                    raise
                what = str(refused)
            except NETWORK_ERRORS as error:
                if _bad_certificate(error):  # not a passing failure: never tried again
                    raise ConnectionFailed(f"{target}: {error!r}") from error
                if not (operation.repeatable or _never_sent(error)):
                    raise ConnectionFailed(
                        f"{operation.method} {target}: {error!r}; not tried again, as it may "
                        "have been applied"
                    ) from error
                wait = self.retry.delay(attempt)
                if not self.retry.allows(attempt, began, wait):
                    raise ConnectionFailed(
                        f"{operation.method} {target}: {error!r} after {attempt} tries"
                    ) from error
                what = repr(error)
            log.warning(
                "%s %s: %s; trying again in %.1f s (try %d)",
                operation.method,
                target,
                what,
                wait,
                attempt + 1,
            )
            self.retry.sleep(wait)

    def _once(self, method: str, url: str, data: bytes | None, headers: dict[str, str]) -> Any:
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as error:
            raise api_error(error) from None
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            raise KhoraError(f"{method} {url} answered with no JSON: {raw[:200]!r}") from None

    def open_stream(
        self, url: str, headers: Mapping[str, str], timeout: float
    ) -> http.client.HTTPResponse:
        """A stream's response, open (the caller reads and closes it); HTTPError, URLError and
        the others are the caller's to handle: a stream has its own way of going on."""
        request = urllib.request.Request(url, method="GET", headers=self.headers(headers))
        response: http.client.HTTPResponse = urllib.request.urlopen(request, timeout=timeout)
        return response


def api_error(error: urllib.error.HTTPError) -> ApiError:
    """The refusal as an ApiError, with the problem+json body when there is one."""
    try:
        body = json.loads(error.read() or b"{}")
    except (ValueError, OSError, http.client.HTTPException):  # an HTML page, a body cut off
        body = {}
    if not isinstance(body, dict):
        body = {}
    return ApiError(error.code, body, retry_after(error.headers, body))


def retry_after(headers: Any, body: Mapping[str, object]) -> float | None:
    """Retry-After in seconds: a number, an HTTP date, or the problem's `retry_after`."""
    value = headers.get("Retry-After") if headers is not None else None
    if value:
        value = value.strip()
        if value.isascii() and value.isdigit():
            return float(value)
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            when = None
        if when is not None:
            return max(0.0, when.timestamp() - time.time())
    seconds = body.get("retry_after")
    if isinstance(seconds, int | float) and not isinstance(seconds, bool):
        return float(seconds)
    return None


def _worth_retrying(operation: Operation, refused: ApiError) -> bool:
    if refused.status == 409:
        return refused.code == "waiting_for_chance"
    if refused.status in NOT_APPLIED:
        return True
    return refused.status in TRY_AGAIN and operation.repeatable


def _never_sent(error: BaseException) -> bool:
    """The connection itself failed: nothing of the request reached a server."""
    reason = error.reason if isinstance(error, urllib.error.URLError) else error
    return isinstance(reason, ConnectionRefusedError | socket.gaierror)


def _bad_certificate(error: BaseException) -> bool:
    reason = error.reason if isinstance(error, urllib.error.URLError) else error
    return isinstance(reason, ssl.SSLCertVerificationError)
