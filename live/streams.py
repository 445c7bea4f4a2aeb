"""What a stream sends: Server-Sent Events read through the API's own selectors.

A game stream sends each log entry after the one the client last saw, exactly as
`GET games/{id}/log/` gives it to the same requester (redaction, narration, language), with
`id:` = its seq; then, for a seated player, a `prompt` event whenever their prompt changed
(no id: it is state, sent again on every connection); and `game_over` before it ends. A
player's stream (`me/stream/`) sends a `prompt` event per game whenever that game's prompt for
them changed, and `game_over` when one of their games ends; on every connection it first
sends the prompt of each of their games that waits for them, so a client that reconnects
misses nothing.

Both are driven by notices from `live.hub` (never by polling the database), with a comment
line every `STREAM_HEARTBEAT_SECONDS`. Without Redis (the embedded default) the minute tick
runs in a process of its own whose commits cannot reach this one, so there a heartbeat also
reads the game again.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from rest_framework.renderers import JSONRenderer

from games import selectors
from games.api.serializers import LogEntryOutput
from games.models import Game
from live.hub import HUB, Subscription
from live.publish import game_channel, user_channel

RETRY_MS = 3000
HEARTBEAT = b": heartbeat\n\n"


def sse(event: str, data: Any, event_id: int | None = None) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    body = JSONRenderer().render(data).decode()  # compact JSON: never a raw newline
    return f"{head}event: {event}\ndata: {body}\n\n".encode()


class GameFeed:
    """A game as one requester follows it; `read()` returns what is new since the last call."""

    def __init__(self, game: Game, user, lang: str, after: int):
        self.game_pk = game.pk
        self.public_id = game.public_id
        self.user = user
        self.lang = lang
        self.after = after
        self.prompt_sent: bytes | None = None
        self.over = False

    def channels(self) -> list[str]:
        return [game_channel(self.public_id)]

    def read(self) -> bytes:
        game = Game.objects.select_related("creator").get(pk=self.game_pk)
        out = []
        while True:
            log = selectors.game_log(
                game, self.user, self.after, selectors.LOG_PAGE_MAX, lang=self.lang
            )
            for entry in log["events"]:
                out.append(sse("entry", LogEntryOutput(entry).data, entry["seq"]))
                self.after = entry["seq"]
            if log["next_after"] is None:
                break
        prompt = selectors.game_prompt(game, self.user, self.lang, previews=True)
        if selectors.viewer_position(game, self.user) is not None:
            message = sse("prompt", {"game": self.public_id, "prompt": prompt})
            if message != self.prompt_sent:
                out.append(message)
                self.prompt_sent = message
        if game.status in (Game.Status.FINISHED, Game.Status.ABANDONED, Game.Status.CRASHED):
            out.append(sse("game_over", {"game": self.public_id, "status": game.status}))
            self.over = True
        return b"".join(out)


class PlayerFeed:
    """All of a player's games: their prompts and the ends of their games."""

    def __init__(self, user, lang: str):
        self.user = user
        self.lang = lang
        self.prompts_sent: dict[str, bytes] = {}
        self.ended: set[str] = set()
        self.over = False  # a player's stream never ends by itself
        self._first = True

    def channels(self) -> list[str]:
        return [user_channel(self.user.pk)]

    def read(self, public_ids: set[str] | None = None) -> bytes:
        games = Game.objects.select_related("creator").filter(seats__user=self.user)
        if self._first or public_ids is None:
            games = games.filter(status=Game.Status.ACTIVE)
        else:
            games = games.filter(public_id__in=public_ids)
        self._first = False
        out = []
        for game in games.distinct().order_by("pk"):
            if game.status != Game.Status.ACTIVE:
                if game.public_id not in self.ended:
                    self.ended.add(game.public_id)
                    out.append(sse("game_over", {"game": game.public_id, "status": game.status}))
                continue
            prompt = selectors.game_prompt(game, self.user, self.lang, previews=True)
            message = sse("prompt", {"game": game.public_id, "prompt": prompt})
            known = self.prompts_sent.get(game.public_id)
            if message != known and (prompt is not None or known is not None):
                out.append(message)
                self.prompts_sent[game.public_id] = message
        return b"".join(out)


def _read(feed, notices: set[tuple[str, str]] | None) -> bytes:
    if isinstance(feed, PlayerFeed) and notices is not None:
        return feed.read({payload for _channel, payload in notices if payload})
    return feed.read()


def _reread_on_heartbeat() -> bool:
    return not settings.REDIS_URL


def stream_sync(feed) -> Iterator[bytes]:
    """For a server that gives each request a thread (WSGI: runserver, gunicorn threads)."""
    subscription = HUB.subscribe(feed.channels())
    try:
        yield f"retry: {RETRY_MS}\n\n".encode() + _read(feed, None)
        while not feed.over:
            notices = subscription.wait(settings.STREAM_HEARTBEAT_SECONDS)
            if notices or _reread_on_heartbeat():
                chunk = _read(feed, notices or None)
                yield chunk or HEARTBEAT
            else:
                yield HEARTBEAT
    finally:
        subscription.close()
        close_old_connections()


async def stream_async(feed) -> AsyncIterator[bytes]:
    """For the ASGI server: every open stream is a coroutine; reads run in a thread pool."""
    subscription: Subscription = HUB.subscribe(feed.channels())
    subscription.bind_loop()
    loop = asyncio.get_running_loop()

    def read(notices):
        # Not sync_to_async: Django keeps a database connection per async context, so every
        # stream would hold one of its own. A pool's threads run outside any context: each
        # keeps one connection, shared by all the streams it reads for.
        return loop.run_in_executor(_read_pool(), _read_and_release, feed, notices)

    try:
        yield f"retry: {RETRY_MS}\n\n".encode() + await read(None)
        while not feed.over:
            notices = await subscription.wait_async(settings.STREAM_HEARTBEAT_SECONDS)
            if notices or _reread_on_heartbeat():
                chunk = await read(notices or None)
                yield chunk or HEARTBEAT
            else:
                yield HEARTBEAT
    finally:
        subscription.close()


_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _read_pool() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(settings.STREAM_READ_THREADS, "khora-stream-read")
        return _pool


def _read_and_release(feed, notices) -> bytes:
    try:
        return _read(feed, notices)
    finally:
        close_old_connections()
