"""What a stream sends: Server-Sent Events read through the API's own selectors.

A game stream sends each log entry after the one the client last saw, exactly as
`GET games/{id}/log/` gives it to the same requester (redaction, narration, language), with
`id:` = its seq; then, for a seated player, a `prompt` event whenever their prompt changed
(no id: it is state, sent again on every connection); and `game_over` before it ends. A
player's stream (`me/stream/`) sends a `prompt` event per game whenever that game's prompt for
them changed, and `game_over` when one of their games ends; on every connection it first
sends the prompt of each of their games that waits for them, so a client that reconnects
misses nothing. A stream whose credential stops holding (`live.access`) sends `end` with the
reason, and closes.

Both are driven by notices from `live.hub` (never by polling the database), with a comment
line every `STREAM_HEARTBEAT_SECONDS`. Without Redis (the embedded default) the minute tick
runs in a process of its own whose commits cannot reach this one, so there a heartbeat also
reads the game again. A read the database cannot serve is tried again at the next heartbeat:
the stream stays open and loses nothing.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import SyncToAsync
from django.conf import settings
from django.db import InterfaceError, OperationalError, close_old_connections, connection
from rest_framework.renderers import JSONRenderer

from games import selectors
from games.api.serializers import LogEntryOutput
from games.models import Game
from live.access import ENDINGS, Reader
from live.hub import EVERYTHING, HUB, Subscription
from live.publish import auth_channel, game_channel, user_channel
from live.shared import SHARED, GameRead, shared_read

log = logging.getLogger(__name__)

RETRY_MS = 3000
HEARTBEAT = b": heartbeat\n\n"
OVER = (Game.Status.FINISHED, Game.Status.ABANDONED, Game.Status.CRASHED)
DATABASE_DOWN = (OperationalError, InterfaceError)


def sse(event: str, data: Any, event_id: int | None = None) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    body = JSONRenderer().render(data).decode()  # compact JSON: never a raw newline
    return f"{head}event: {event}\ndata: {body}\n\n".encode()


def ending(reason: str) -> bytes:
    return sse("end", {"reason": reason, "detail": ENDINGS[reason]})


class GameFeed:
    """A game as one reader follows it; `read()` returns what is new since the last call.

    Readers of one view (`position`: their seat, None for spectators) in one language share
    each read (`live.shared`); only a seated player's prompt is read for them alone."""

    def __init__(self, game: Game, user, position: int | None, lang: str, after: int):
        self.game_pk = game.pk
        self.public_id = game.public_id
        self.user = user
        self.position = position
        self.lang = lang
        self.after = after
        self.prompt_sent: bytes | None = None
        self.over = False

    def channels(self) -> list[str]:
        return [game_channel(self.public_id)]

    def key(self, number: int) -> tuple | None:
        """Whose reads this feed shares after notice `number` (None: not shared)."""
        return (self.game_pk, self.position, self.lang, self.after, number) if number else None

    def read(self, notices: set[tuple[str, str]] | None, number: int = 0) -> bytes:
        return self.told(SHARED.get(self.key(number), self._read_shared))

    def told(self, shared: GameRead) -> bytes:
        """What this reader is sent of a read: no database work but a seated player's prompt."""
        user_id = self.user.pk if self.user.is_authenticated else None
        seat = None if user_id is None else shared.seats.get(user_id)
        if seat != self.position:
            self.over = True
            return ending("seat_changed")
        out = [event for seq, event in shared.entries if seq > self.after]
        self.after = max(self.after, shared.last_seq)
        if self.position is not None:
            game = Game.objects.select_related("creator").get(pk=self.game_pk)
            prompt = selectors.game_prompt(game, self.user, self.lang, previews=True)
            message = sse("prompt", {"game": self.public_id, "prompt": prompt})
            if message != self.prompt_sent:
                out.append(message)
                self.prompt_sent = message
        if shared.ended:
            out.append(sse("game_over", {"game": self.public_id, "status": shared.status}))
            self.over = True
        return b"".join(out)

    def read_shared_in_pool(self) -> GameRead:
        """_read_shared in a pool thread, whose connection a failure closes (the next read
        opens a new one)."""
        try:
            return self._read_shared()
        except DATABASE_DOWN:
            connection.close()
            raise

    def _read_shared(self) -> GameRead:
        game = Game.objects.select_related("creator").get(pk=self.game_pk)
        entries, after = [], self.after
        while True:
            log = selectors.game_log(
                game, None, after, selectors.LOG_PAGE_MAX, lang=self.lang, viewer=self.position
            )
            for entry in log["events"]:
                after = entry["seq"]
                entries.append((after, sse("entry", LogEntryOutput(entry).data, after)))
            if log["next_after"] is None:
                break
        # Whose view each user gets: their first seat, as selectors.viewer_position says.
        seats = dict(
            game.seats.filter(user__isnull=False).order_by("-pk").values_list("user_id", "position")
        )
        return GameRead(tuple(entries), after, seats, game.status, game.status in OVER)


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

    def read(self, notices: set[tuple[str, str]] | None, number: int = 0) -> bytes:
        games = Game.objects.select_related("creator").filter(seats__user=self.user)
        changed = {payload for channel, payload in notices or () if payload}
        if self._first or notices is None or any(c == EVERYTHING for c, _p in notices):
            games = games.filter(status=Game.Status.ACTIVE)
        else:
            games = games.filter(public_id__in=changed)
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


class Follower:
    """A feed, the reader it serves, and what is left to do after a failed read."""

    def __init__(self, feed, reader: Reader):
        self.feed = feed
        self.reader = reader
        self.unread = False  # a read failed on the database: read again at the next chance

    def channels(self) -> list[str]:
        channels = self.feed.channels()
        if self.reader.user_id is not None:
            channels.append(auth_channel(self.reader.user_id))
        return channels

    def wait_seconds(self) -> float:
        """Until the next heartbeat, or sooner if the credential expires before it."""
        left = self.reader.seconds_left()
        heartbeat = settings.STREAM_HEARTBEAT_SECONDS
        return heartbeat if left is None else max(0.05, min(heartbeat, left + 0.05))

    def shareable(self, notices: set[tuple[str, str]], number: int) -> bool:
        """Whether this step is a spectator's read after a notice, which needs no database of
        its own: the read of its view is shared (`live.shared.shared_read`) and the rest is
        done on the loop."""
        return bool(
            isinstance(self.feed, GameFeed)
            and self.feed.position is None
            and notices
            and number
            and not self.unread
            and not self.reader.check_due()
            and not any(c == EVERYTHING or c.startswith("auth:") for c, _payload in notices)
        )

    def must_step(self, notices: set[tuple[str, str]]) -> bool:
        return bool(notices) or _reread_on_heartbeat() or self.unread or self.reader.check_due()

    def step(self, notices: set[tuple[str, str]] | None, number: int = 0) -> bytes:
        """Check the credential if anything says so, then read what is new (None: the first
        read). Runs where the database may be used (a pool thread, or the request's)."""
        try:
            return self._step(notices, number)
        except DATABASE_DOWN:
            log.warning("A stream's read failed on the database; it reads again later.")
            self.unread = True
            connection.close()  # the next read opens a new one (after a restart, say)
            return b""

    def _step(self, notices: set[tuple[str, str]] | None, number: int) -> bytes:
        reader, feed = self.reader, self.feed
        about_access = {
            (channel, payload)
            for channel, payload in notices or ()
            if channel == EVERYTHING or channel.startswith("auth:")
        }
        reason: str | None
        if any(reader.ended_by(payload) for _channel, payload in about_access):
            reason = "logged_out"
        elif about_access or reader.check_due():
            reason = reader.check()
        else:
            reason = None
        if reason:
            feed.over = True
            return ending(reason)
        news = None if notices is None else (notices - about_access)
        everything = any(channel == EVERYTHING for channel, _payload in about_access)
        if news is None or news or self.unread or everything or _reread_on_heartbeat():
            # Only a read for a notice is shared: after a failed read, Redis coming back or the
            # embedded default's heartbeat the notice number says nothing of what is new.
            shared = bool(news) and not self.unread and not everything
            self.unread = False
            return feed.read(None if everything else (news or None), number if shared else 0)
        return b""


def _reread_on_heartbeat() -> bool:
    return not settings.REDIS_URL


def stream_sync(follower: Follower, release) -> Iterator[bytes]:
    """For a server that gives each request a thread (WSGI: runserver, its tests)."""
    subscription = HUB.subscribe(follower.channels())
    try:
        yield f"retry: {RETRY_MS}\n\n".encode() + follower.step(None)
        while not follower.feed.over:
            notices = subscription.wait(follower.wait_seconds())
            if follower.must_step(notices):
                chunk = follower.step(notices, subscription.taken_number)
                yield chunk or HEARTBEAT
            else:
                yield HEARTBEAT
    finally:
        subscription.close()
        release()
        close_old_connections()


async def stream_async(follower: Follower, release) -> AsyncIterator[bytes]:
    """For the ASGI server: every open stream is a coroutine; reads run in a thread pool."""
    _let_the_request_thread_go()
    subscription: Subscription = HUB.subscribe(follower.channels())
    subscription.bind_loop()
    loop = asyncio.get_running_loop()

    def step(notices, number=0):
        # Not sync_to_async: Django keeps a database connection per async context, so every
        # stream would hold one of its own. A pool's threads run outside any context: each
        # keeps one connection, shared by all the streams it reads for.
        return loop.run_in_executor(_read_pool(), _step_in_pool, follower, notices, number)

    try:
        yield f"retry: {RETRY_MS}\n\n".encode() + await step(None)
        while not follower.feed.over and not HUB.closing:
            notices = await subscription.wait_async(follower.wait_seconds())
            if HUB.closing:
                break  # the process stops: the client reconnects with Last-Event-ID
            if follower.must_step(notices):
                number = subscription.taken_number
                if follower.shareable(notices, number):
                    chunk = await _spectator_step(follower, number)
                else:
                    chunk = await step(notices, number)
                yield chunk or HEARTBEAT
            else:
                yield HEARTBEAT
    finally:
        subscription.close()
        release()


async def _spectator_step(follower: Follower, number: int) -> bytes:
    feed = follower.feed
    try:
        read = await shared_read(feed.key(number), feed.read_shared_in_pool, _read_pool())
    except DATABASE_DOWN:
        log.warning("A stream's read failed on the database; it reads again later.")
        follower.unread = True
        return b""
    return feed.told(read)


def _let_the_request_thread_go() -> None:
    """Django runs each ASGI request's synchronous code (middleware, our views) on a thread of
    the request's own (asgiref's ThreadSensitiveContext), kept until the response ends: for a
    stream, hours of an idle thread each, 2,000 threads for 2,000 streams. The view has
    returned by now, and the body is asynchronous, so that thread's work is done: shut it down.
    The little synchronous work left at the end (closing the response) gets a fresh thread
    then, which the context shuts down when the request ends."""
    context = SyncToAsync.thread_sensitive_context.get(None)
    executor = SyncToAsync.context_to_thread_executor.pop(context, None) if context else None
    if executor is not None:
        executor.shutdown(wait=False)


_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _read_pool() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(settings.STREAM_READ_THREADS, "khora-stream-read")
        return _pool


def _step_in_pool(follower: Follower, notices, number: int) -> bytes:
    # The pool's thread keeps its connection for the next read (khora_site/asgi.py); one that
    # failed is closed by step().
    return follower.step(notices, number)
