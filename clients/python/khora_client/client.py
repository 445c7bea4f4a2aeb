"""KhoraClient: log in, list and create games, read the view and prompt, decide (with an
Idempotency-Key, retried on 429 and 5xx after `Retry-After`), and follow a game's event stream
(Server-Sent Events), reconnecting with `Last-Event-ID` so that no entry is missed or repeated.

The standard library only: `urllib` for requests, a socket read line by line for streams.
"""

from __future__ import annotations

import contextlib
import json
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]
RETRY_STATUSES = {429, 500, 502, 503, 504}


class ApiError(Exception):
    """A problem+json answer: `status`, `code` (stable, e.g. "stale_prompt") and the body."""

    def __init__(self, status: int, body: JSON):
        self.status = status
        self.code = str(body.get("code", "error"))
        self.body = body
        super().__init__(f"{status} {self.code}: {body.get('detail', '')}")


@dataclass(frozen=True)
class Event:
    """One Server-Sent Event: `event` (entry, prompt, game_over), its JSON `data`, its `id`."""

    event: str
    data: JSON
    id: int | None


class KhoraClient:
    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        timeout: float = 30.0,
        retries: int = 5,
        max_wait: float = 60.0,
    ):
        self.api = base_url.rstrip("/") + "/api/v1/"
        self.token = token
        self.timeout = timeout
        self.retries = retries
        self.max_wait = max_wait

    # --- accounts -------------------------------------------------------------------------

    def login(self, username: str, password: str) -> str:
        body = self._call("POST", "auth/token/", {"username": username, "password": password})
        self.token = str(body["token"])
        return self.token

    def sign_up(self, username: str, email: str, password: str) -> str:
        body = self._call(
            "POST", "accounts/", {"username": username, "email": email, "password": password}
        )
        self.token = str(body["token"])
        return self.token

    # --- games ----------------------------------------------------------------------------

    def games(self, list_filter: str = "mine") -> list[JSON]:
        """Every game of the list (`mine`, `open` or `awaiting`), all pages."""
        games: list[JSON] = []
        page: str | None = f"games/?filter={urllib.parse.quote(list_filter)}"
        while page:
            body = self._call("GET", page)
            games += body["results"]
            page = body["next"]
        return games

    def create_game(self, seats: int, *, step_hours: int = 48, **fields: Any) -> JSON:
        return self._call("POST", "games/", {"seats": seats, "step_hours": step_hours, **fields})

    def join(self, game_id: str) -> JSON:
        return self._call("POST", f"games/{game_id}/join/", {})

    def start(self, game_id: str, *, fill_with_bots: bool = False) -> JSON:
        return self._call("POST", f"games/{game_id}/start/", {"fill_with_bots": fill_with_bots})

    def game(self, game_id: str) -> JSON:
        """Status, seats, round, phase, your view and prompt, the deadline, the scores."""
        return self._call("GET", f"games/{game_id}/")

    def prompt(self, game_id: str) -> JSON | None:
        return self._call("GET", f"games/{game_id}/prompt/")["prompt"]

    def log(self, game_id: str, after: int = 0, limit: int = 500) -> JSON:
        return self._call("GET", f"games/{game_id}/log/?after={after}&limit={limit}")

    def decide(
        self, game_id: str, prompt_id: str, option: str, *, idempotency_key: str | None = None
    ) -> JSON:
        """Answer a prompt. Retries reuse one Idempotency-Key: the server applies it once."""
        key = idempotency_key or str(uuid.uuid4())
        return self._call(
            "POST",
            f"games/{game_id}/decisions/",
            {"prompt": prompt_id, "option": option},
            headers={"Idempotency-Key": key},
        )

    # --- streams --------------------------------------------------------------------------

    def stream(
        self, game_id: str, after: int | None = 0, *, reconnect_wait: float = 1.0
    ) -> Iterator[Event]:
        """A game's events as they come, for ever (until game_over): reconnects by itself
        with Last-Event-ID after a dropped connection. `after`: the seq to start after
        (None: only what comes next)."""
        last_id = after
        path = f"games/{game_id}/stream/"
        while True:
            try:
                for event in self._sse(path, last_id):
                    if event.id is not None:
                        last_id = event.id
                    yield event
                    if event.event == "game_over":
                        return
            except OSError:  # cut off (URLError is one): go on from the last id we saw
                pass
            time.sleep(reconnect_wait)

    def my_stream(self, *, reconnect_wait: float = 1.0) -> Iterator[Event]:
        """Prompts and game ends in all your games; reconnects by itself."""
        while True:
            with contextlib.suppress(OSError):  # cut off (URLError is one): connect again
                yield from self._sse("me/stream/", None)
            time.sleep(reconnect_wait)

    def _sse(self, path: str, last_id: int | None) -> Iterator[Event]:
        headers = {"Accept": "text/event-stream"}
        if last_id is not None:
            headers["Last-Event-ID"] = str(last_id)
        request = self._request("GET", path, None, headers)
        try:
            response = urllib.request.urlopen(request, timeout=self.timeout)
        except urllib.error.HTTPError as error:
            raise _api_error(error) from None
        with response:
            fields: dict[str, str] = {}
            for raw in response:
                line = raw.decode("utf-8").rstrip("\r\n")
                if line:
                    if not line.startswith(":"):
                        name, _, value = line.partition(":")
                        fields[name] = value.removeprefix(" ")
                    continue
                if "event" in fields and "data" in fields:
                    event_id = int(fields["id"]) if fields.get("id", "").isdigit() else None
                    yield Event(fields["event"], json.loads(fields["data"]), event_id)
                fields = {}

    # --- the requests ---------------------------------------------------------------------

    def _request(
        self, method: str, path: str, body: JSON | None, headers: dict[str, str]
    ) -> urllib.request.Request:
        url = path if path.startswith("http") else self.api + path
        data = None if body is None else json.dumps(body).encode()
        all_headers = {"Accept": "application/json", **headers}
        if data is not None:
            all_headers["Content-Type"] = "application/json"
        if self.token:
            all_headers["Authorization"] = f"Bearer {self.token}"
        return urllib.request.Request(url, data=data, method=method, headers=all_headers)

    def _call(
        self,
        method: str,
        path: str,
        body: JSON | None = None,
        headers: dict[str, str] | None = None,
    ) -> Any:
        """One API call; 429 and 5xx are tried again (after Retry-After, else backing off)."""
        for attempt in range(self.retries + 1):
            request = self._request(method, path, body, headers or {})
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    raw = response.read()
                    return json.loads(raw) if raw else None
            except urllib.error.HTTPError as error:
                if error.code not in RETRY_STATUSES or attempt == self.retries:
                    raise _api_error(error) from None
                time.sleep(self._wait(error.headers.get("Retry-After"), attempt))
        raise AssertionError("unreachable")

    def _wait(self, retry_after: str | None, attempt: int) -> float:
        if retry_after and retry_after.strip().isdigit():
            return min(float(retry_after), self.max_wait)
        return min(0.5 * 2**attempt, self.max_wait)


def _api_error(error: urllib.error.HTTPError) -> ApiError:
    try:
        body = json.loads(error.read() or b"{}")
    except ValueError:
        body = {}
    return ApiError(error.code, body if isinstance(body, dict) else {})
