"""Reads of table talk: who may read and write which channel, pages of messages, what an email
carries. Chat is read beside the game, never through the engine."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db.models import Count, Max

from chat.models import ChatMessage, ChatMute, ChatPreference, ChatReadMark
from common.errors import DomainError
from games.models import Game, Seat

PAGE_MAX = 200
PLAYERS, SPECTATORS = ChatMessage.Channel.PLAYERS, ChatMessage.Channel.SPECTATORS
# Once the game is over, its spectators' talk can no longer advise anyone.
OVER = (Game.Status.FINISHED, Game.Status.ABANDONED, Game.Status.CRASHED)


@dataclass(frozen=True)
class Access:
    reads: tuple[str, ...] = ()
    writes: str | None = None  # the channel this user's messages go to; None: may not write
    seat: int | None = None
    moderates: bool = False  # the game's creator and staff may hide messages
    user_id: int | None = None
    muted: frozenset[int] = field(default_factory=frozenset)


def access(game: Game, user) -> Access:
    """What `user` may do with this game's chat.

    Players read and write the players' channel, and read the spectators' once the game is
    over. In a game that is not private, spectators read the players' channel and talk in
    their own; a private game's table talk is its players' only. Staff read both channels
    and hide messages; the creator hides messages too.
    """
    signed_in = bool(user is not None and user.is_authenticated)
    seat = _seat(game, user) if signed_in else None
    staff = signed_in and user.is_staff
    moderates = signed_in and (staff or game.creator_id == user.pk)
    muted = _muted(game, user) if signed_in else frozenset()
    user_id = user.pk if signed_in else None
    common = Access(moderates=bool(moderates), user_id=user_id, muted=muted)
    if seat is not None:
        # A seated player (staff too) never reads spectators' advice during play.
        reads = (PLAYERS, SPECTATORS) if game.status in OVER else (PLAYERS,)
        return replace(common, reads=reads, writes=PLAYERS, seat=seat.position)
    if staff:
        writes = None if game.private else SPECTATORS
        return replace(common, reads=(PLAYERS, SPECTATORS), writes=writes)
    if game.private:
        return common
    return replace(common, reads=(PLAYERS, SPECTATORS), writes=SPECTATORS if signed_in else None)


def _seat(game: Game, user) -> Seat | None:
    cached = getattr(game, "_prefetched_objects_cache", {}).get("seats")
    if cached is not None:
        return next((seat for seat in cached if seat.user_id == user.pk), None)
    return game.seats.filter(user=user).first()


def _muted(game: Game, user) -> frozenset[int]:
    return frozenset(
        ChatMute.objects.filter(game=game, user=user).values_list("muted_id", flat=True)
    )


def require_reader(game: Game, user) -> Access:
    found = access(game, user)
    if not found.reads:
        raise DomainError(
            "chat_private",
            "This game is private: only its players read its table talk.",
            403,
        )
    return found


def visible(game: Game, found: Access):
    """The messages `found` may read, muted authors left out, oldest first."""
    messages = ChatMessage.objects.filter(game=game, channel__in=found.reads)
    if found.muted:
        messages = messages.exclude(author_id__in=found.muted)
    return messages.select_related("author").order_by("id")


def page(game: Game, user, *, after: int, limit: int) -> dict[str, Any]:
    """Messages after id `after`, at most `limit`, for the API."""
    found = require_reader(game, user)
    rows = list(visible(game, found).filter(id__gt=after)[: limit + 1])
    more = len(rows) > limit
    rows = rows[:limit]
    return {
        "messages": [message_dict(row, found) for row in rows],
        "next_after": rows[-1].pk if more else None,
        "can_post": found.writes is not None,
        "channel": found.writes,
        "muted": sorted(_usernames(found.muted)),
    }


def message_dict(message: ChatMessage, found: Access) -> dict[str, Any]:
    removed = message.removed
    return {
        "id": message.pk,
        "channel": message.channel,
        "author": message.author.username,
        "seat": message.seat,
        "text": None if removed else message.text,
        "created_at": message.created_at,
        "deleted": message.deleted_at is not None,
        "hidden": message.hidden_at is not None,
        "yours": message.author_id == found.user_id,
    }


def _usernames(user_ids) -> list[str]:
    from django.contrib.auth import get_user_model

    return list(get_user_model().objects.filter(pk__in=user_ids).values_list("username", flat=True))


def table(game: Game, user, limit: int | None = None) -> dict[str, Any]:
    """What the game page shows: the newest messages, who may be muted, what the user may do."""
    found = access(game, user)
    limit = limit or settings.CHAT_PAGE_MESSAGES
    rows = list(visible(game, found).order_by("-id")[:limit]) if found.reads else []
    rows.reverse()
    muted_names = sorted(_usernames(found.muted))
    others = []
    if found.user_id is not None and found.reads:
        authors = (
            ChatMessage.objects.filter(game=game, channel__in=found.reads)
            .exclude(author_id=found.user_id)
            .values_list("author__username", flat=True)
            .distinct()
        )
        others = sorted(set(authors) | set(muted_names))
    return {
        "access": found,
        "messages": [
            {**message_dict(row, found), "can_hide": found.moderates and not row.removed}
            for row in rows
        ],
        "others": [{"name": name, "muted": name in muted_names} for name in others],
        "newest": rows[-1].pk if rows else 0,
    }


def version(game: Game, user) -> tuple:
    """Everything the page's chat depends on, read without reading messages: it goes into the
    page's ETag, so a poll answers 204 until someone says something."""
    found = access(game, user)
    if not found.reads:
        return ()
    summary = ChatMessage.objects.filter(game=game, channel__in=found.reads).aggregate(
        newest=Max("id"), changed=Max("changed_at"), count=Count("id")
    )
    changed = summary["changed"].isoformat() if summary["changed"] else ""
    return (summary["newest"] or 0, changed, summary["count"], sorted(found.muted), found.reads)


def wants_digest(user) -> bool:
    return ChatPreference.objects.filter(user=user, digest=True).exists()


def looked_since(game: Game, user) -> int:
    """After which message id everything said is news to `user`: the newest message they saw
    on the game's page, and their own last message. An answer to a prompt does not count:
    made by email or over the API, it shows no table talk."""
    mark = ChatReadMark.objects.filter(game=game, user=user).values_list("seen_upto", flat=True)
    own = ChatMessage.objects.filter(game=game, author=user).aggregate(newest=Max("id"))
    return max(mark.first() or 0, own["newest"] or 0)


def since_last_looked(game: Game, user, told_at: Callable[[], datetime | None]) -> dict[str, Any]:
    """The `table_talk` of an email to `user` about `game`: what was said at the table since
    they last looked (their own words, muted players and removed messages left out), the newest
    CHAT_EMAIL_LINES, and how many earlier ones were left out. `told_at` gives when the last
    email about this game went to them (it carried what was said before it; notifications
    knows), read only when the user may read the table."""
    found = access(game, user)
    if not found.reads:
        return {"lines": [], "earlier": 0}
    after_id, after_moment = looked_since(game, user), told_at()
    news = visible(game, found).filter(id__gt=after_id, deleted_at=None, hidden_at=None)
    news = news.exclude(author_id=found.user_id)
    if after_moment is not None:
        news = news.filter(created_at__gt=after_moment)
    if found.seat is not None and game.status not in OVER:
        news = news.filter(channel=PLAYERS)  # never the spectators' advice during play
    shown = settings.CHAT_EMAIL_LINES
    total = news.count()
    rows = list(news.order_by("-id")[:shown])
    rows.reverse()
    lines = [
        {"author": row.author.username, "text": row.text, "spectator": row.channel == SPECTATORS}
        for row in rows
    ]
    return {"lines": lines, "earlier": max(total - shown, 0), "upto": rows[-1].pk if rows else 0}


def digest_candidates(since: datetime) -> list[tuple[int, int]]:
    """(user id, game id) of seated users who want the chat digest, in games where something
    was said since `since` (what is news to each is read when their digest is written)."""
    wanting = ChatPreference.objects.filter(digest=True).values_list("user_id", flat=True)
    games = (
        ChatMessage.objects.filter(created_at__gt=since, deleted_at=None, hidden_at=None)
        .values_list("game_id", flat=True)
        .distinct()
    )
    seats = Seat.objects.filter(user_id__in=wanting, game_id__in=games)
    return list(seats.values_list("user_id", "game_id").order_by("user_id", "game_id"))
