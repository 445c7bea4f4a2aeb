"""Following a stream (Server-Sent Events) through restarts, as the server's documentation
asks of a client ("When a stream ends, and what to do", docs/api.md):

- the connection closes without an event (a stream server restarting, a network cut): wait the
  stream's `retry:` time and reconnect with `Last-Event-ID`, so no entry is missed or repeated;
- 429, 502, 503, 504, or no connection at all: wait (Retry-After, else a growing backoff) and
  reconnect; a proxy answers 502 or 503 while every stream server is restarting;
- `game_over`, or 204 on reconnecting: the game stream is over;
- `end` with a credential's reason: StreamEnded (reconnecting with that token would be 401);
  `end` with `seat_changed`: reconnect, to see the game as you now may;
- nothing at all for `read_timeout` seconds (the server writes every 15 s): the connection
  hangs, so it is dropped and made again;
- 400, 401, 404, 421, 422: ApiError, as nothing would change by trying again.
"""

from __future__ import annotations

import json
import logging
import time
import urllib.error
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, cast

from khora_client.errors import ConnectionFailed, KhoraError, StreamEnded
from khora_client.transport import NETWORK_ERRORS, TRY_AGAIN, Retry, Transport, api_error
from khora_client.types import LogEntry, Prompt, StreamEnd, StreamGameOver, StreamPrompt

log = logging.getLogger("khora_client")

# The reconnection time until the stream sets one with `retry:` (the server says 3000 ms).
RECONNECT_SECONDS = 3.0


@dataclass(frozen=True)
class Connected:
    """A connection opened. After a reconnection (`reconnected`) a game stream goes on after
    the last entry you got; `me/stream/` sends the prompt of every game waiting for you again,
    but not the ends of games that ended while it was cut off."""

    reconnected: bool


@dataclass(frozen=True)
class Heartbeat:
    """The server's comment line (every 15 s): the connection is alive, nothing changed."""


@dataclass(frozen=True)
class EntryEvent:
    """A log entry of the game, exactly as the log gives it to you."""

    seq: int
    entry: LogEntry


@dataclass(frozen=True)
class PromptEvent:
    """Your prompt in `game` changed (None: nothing waits for you there now). The same prompt
    may come more than once (on every connection): answer each prompt id once."""

    game: str
    prompt: Prompt | None


@dataclass(frozen=True)
class GameOver:
    """The game ended (`status`: finished, abandoned, ...)."""

    game: str
    status: str


@dataclass(frozen=True)
class SeatChanged:
    """You no longer play the seat the stream followed (a substitute took it, say); the stream
    reconnects and goes on as you now may see the game."""

    detail: str


@dataclass(frozen=True)
class UnknownEvent:
    """An event this version of the client does not know (a newer server's)."""

    event: str
    data: Any


StreamEvent = (
    Connected | Heartbeat | EntryEvent | PromptEvent | GameOver | SeatChanged | UnknownEvent
)


@dataclass
class _Raw:
    event: str  # "" for a comment line (the heartbeat)
    data: str
    id: str | None


class _Parser:
    """The event stream format (WHATWG HTML, "Server-sent events"), line by line; an event
    cut off by the end of the connection is dropped, as the standard says."""

    def __init__(self) -> None:
        self.reconnection = RECONNECT_SECONDS

    def events(self, readline: Callable[[], bytes]) -> Iterator[_Raw]:
        data: list[str] = []
        event = ""
        event_id: str | None = None
        while raw := readline():
            line = raw.decode("utf-8", "replace").rstrip("\n").rstrip("\r")
            if not line:
                if data:
                    yield _Raw(event or "message", "\n".join(data), event_id)
                data, event, event_id = [], "", None
                continue
            if line.startswith(":"):  # a comment: the heartbeat
                yield _Raw("", "", None)
                continue
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "event":
                event = value
            elif name == "data":
                data.append(value)
            elif name == "id" and "\0" not in value:
                event_id = value
            elif name == "retry" and value.isascii() and value.isdigit():
                self.reconnection = int(value) / 1000


def follow(
    transport: Transport,
    url: str,
    last_id: int | None,
    *,
    game_stream: bool,
    read_timeout: float,
    retry: Retry,
    give_up_after: float | None,
) -> Iterator[StreamEvent]:
    """The events of one stream, reconnecting as the module says, until it is over (a game
    stream) or the caller stops reading. `give_up_after`: seconds without a connection after
    which ConnectionFailed is raised (None: never; a bot should keep trying)."""
    parser = _Parser()
    failures = 0  # connection attempts in a row that did not open a stream
    down_since: float | None = None
    connections = 0
    while True:
        headers = {"Accept": "text/event-stream", "Cache-Control": "no-cache"}
        if last_id is not None:
            headers["Last-Event-ID"] = str(last_id)
        wait: float | None = None
        try:
            response = transport.open_stream(url, headers, read_timeout)
        except urllib.error.HTTPError as error:
            refused = api_error(error)
            if refused.status not in TRY_AGAIN:
                raise refused from None
            failures += 1
            wait = retry.delay(failures, refused.retry_after)
            why = str(refused)
        except NETWORK_ERRORS as error:
            failures += 1
            wait = retry.delay(failures)
            why = repr(error)
        if wait is not None:
            down_since = down_since or time.monotonic()
            if give_up_after is not None and time.monotonic() - down_since > give_up_after:
                raise ConnectionFailed(f"{url}: no stream for {give_up_after:.0f} s: {why}")
            wait = min(wait, retry.max_retry_after)
            log.warning("stream %s: %s; reconnecting in %.1f s", url, why, wait)
            retry.sleep(wait)
            continue
        failures, down_since = 0, None
        with response:
            if response.status == 204:  # a finished game with nothing left to send
                return
            if response.headers.get_content_type() != "text/event-stream":
                raise KhoraError(f"{url} answered {response.status} with no event stream")
            connections += 1
            yield Connected(reconnected=connections > 1)
            try:
                for raw in parser.events(response.readline):
                    event = _typed(raw, url)
                    if isinstance(event, EntryEvent):
                        last_id = event.seq
                    if event is not None:
                        yield event
                    if isinstance(event, GameOver) and game_stream:
                        return
                    if isinstance(event, SeatChanged):
                        break
                why = "the server closed the stream"
            except NETWORK_ERRORS as error:  # cut off, or silent for read_timeout
                why = repr(error)
        # Jitter: the clients a restart cut off together should not all come back at once.
        wait = parser.reconnection * (1 + retry.jitter() / 2)
        log.info("stream %s: %s; reconnecting in %.1f s", url, why, wait)
        retry.sleep(wait)


def _typed(raw: _Raw, url: str) -> StreamEvent | None:
    if not raw.event:
        return Heartbeat()
    try:
        data = json.loads(raw.data)
    except ValueError:
        log.warning("stream %s: %s event with no JSON, ignored: %.200s", url, raw.event, raw.data)
        return None
    if raw.event == "entry" and raw.id is not None and raw.id.isascii() and raw.id.isdigit():
        return EntryEvent(int(raw.id), cast(LogEntry, data))
    if raw.event == "prompt":
        prompt = cast(StreamPrompt, data)
        return PromptEvent(prompt["game"], prompt["prompt"])
    if raw.event == "game_over":
        over = cast(StreamGameOver, data)
        return GameOver(over["game"], over["status"])
    if raw.event == "end":
        end = cast(StreamEnd, data)
        if end["reason"] == "seat_changed":
            return SeatChanged(end["detail"])
        raise StreamEnded(end["reason"], end["detail"])
    return UnknownEvent(raw.event, data)
