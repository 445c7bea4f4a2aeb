"""Writes of table talk: post, delete one's own, hide (creator, staff), mute for oneself.

Every client (the API, the game page, a reply by email) goes through these. None of them locks
or changes the game: chat is not part of its state, its log or its ETag.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from chat import selectors, text
from chat.models import ChatMessage, ChatMute, ChatPreference, ChatReadMark
from common import clock
from common.errors import DomainError
from games.models import Game
from games.services import IDEMPOTENCY_KEY_PATTERN, idempotency_cutoff

# Rate windows: (settings name, seconds, how the refusal says it)
_WINDOWS = (
    ("CHAT_MESSAGES_PER_MINUTE", 60, "a minute"),
    ("CHAT_MESSAGES_PER_DAY", 86400, "a day"),
)


class ChatThrottled(DomainError):
    """429: the player said too much too fast; `retry_after` seconds until one more counts."""

    def __init__(self, limit: int, span: str, retry_after: int):
        super().__init__(
            "chat_throttled",
            f"You may send at most {limit} messages {span}; wait {retry_after} s.",
            429,
            {"retry_after": retry_after},
        )
        self.retry_after = retry_after


@dataclass(frozen=True)
class Posted:
    message: ChatMessage
    replayed: bool = False  # an Idempotency-Key retry: the message written the first time


def message_post(
    *,
    game: Game,
    user,
    raw_text: object,
    via: str,
    idempotency_key: str | None = None,
) -> Posted:
    """Say something at the table, in the channel the user writes to."""
    if idempotency_key is not None and not IDEMPOTENCY_KEY_PATTERN.fullmatch(idempotency_key):
        raise DomainError(
            "invalid_idempotency_key",
            "An Idempotency-Key is 8 to 255 visible ASCII characters (no spaces); a UUID is ideal.",
            400,
        )
    message_text = text.clean(raw_text)
    found = selectors.access(game, user)
    if found.writes is None:
        raise _may_not_write(game, user)
    if idempotency_key:
        earlier = _remembered(game, user, idempotency_key, message_text)
        if earlier is not None:
            return Posted(earlier, replayed=True)
    _check_rate(user)
    message = ChatMessage(
        game=game,
        author=user,
        channel=found.writes,
        seat=found.seat,
        text=message_text,
        via=via,
        idempotency_key=idempotency_key or "",
    )
    try:
        with transaction.atomic():
            message.save()
    except IntegrityError:
        # The same key sent twice at once: the other request wrote it first.
        earlier = _remembered(game, user, idempotency_key or "", message_text)
        if earlier is None:
            raise
        return Posted(earlier, replayed=True)
    return Posted(message)


def _may_not_write(game: Game, user) -> DomainError:
    if user is None or not user.is_authenticated:
        return DomainError("not_authenticated", "Log in to talk at the table.", 401)
    if game.private:
        return DomainError(
            "chat_private", "This game is private: only its players talk at its table.", 403
        )
    return DomainError("permission_denied", "You may not talk at this table.", 403)


def _remembered(game: Game, user, key: str, message_text: str) -> ChatMessage | None:
    earlier = ChatMessage.objects.filter(game=game, author=user, idempotency_key=key).first()
    if earlier is None:
        return None
    if earlier.created_at < idempotency_cutoff():
        # Forgotten: the key is free again.
        ChatMessage.objects.filter(pk=earlier.pk).update(idempotency_key="")
        return None
    if earlier.text != message_text:
        raise DomainError(
            "idempotency_key_reused",
            "This Idempotency-Key was already used for a different message; "
            "send a new key for a new message.",
            422,
        )
    return earlier


def _check_rate(user) -> None:
    """Per player, across games, counted from the messages themselves: every process and every
    way in (web, API, email) shares one count, without a cache."""
    now = clock.now()
    for name, seconds, span in _WINDOWS:
        limit = getattr(settings, name)
        if not limit:
            continue
        window_start = now - timedelta(seconds=seconds)
        recent = ChatMessage.objects.filter(author=user, created_at__gt=window_start)
        moments = list(recent.order_by("-created_at").values_list("created_at", flat=True)[:limit])
        if len(moments) >= limit:
            # The oldest message that still counts leaves the window then.
            oldest = moments[-1]
            wait = (oldest + timedelta(seconds=seconds) - now).total_seconds()
            raise ChatThrottled(limit, span, max(1, math.ceil(wait)))


def _message_of(game: Game, message_id: int) -> ChatMessage:
    # An id past the column's range would overflow in the database driver: no such message.
    in_range = 0 < message_id < 2**63
    message = ChatMessage.objects.filter(game=game, pk=message_id).first() if in_range else None
    if message is None:
        raise DomainError("message_not_found", f"There is no message {message_id} here.", 404)
    return message


def message_delete(*, game: Game, user, message_id: int) -> ChatMessage:
    """The author takes their message back: it shows as deleted, its text no longer."""
    message = _message_of(game, message_id)
    if message.channel not in selectors.access(game, user).reads:
        raise DomainError("message_not_found", f"There is no message {message_id} here.", 404)
    if message.author_id != user.pk:
        raise DomainError("not_author", "Only its author may delete a message.", 403)
    if message.deleted_at is None:
        now = clock.now()
        ChatMessage.objects.filter(pk=message.pk).update(deleted_at=now, changed_at=now)
        message.deleted_at = message.changed_at = now
    return message


def message_hide(*, game: Game, user, message_id: int) -> ChatMessage:
    """The game's creator or staff hide a message from everyone."""
    message = _message_of(game, message_id)
    found = selectors.access(game, user)
    if message.channel not in found.reads:
        raise DomainError("message_not_found", f"There is no message {message_id} here.", 404)
    if not found.moderates:
        raise DomainError(
            "not_moderator", "Only the game's creator and staff may hide a message.", 403
        )
    if message.hidden_at is None:
        now = clock.now()
        ChatMessage.objects.filter(pk=message.pk).update(
            hidden_at=now, hidden_by=user, changed_at=now
        )
        message.hidden_at = message.changed_at = now
    return message


def mute_set(*, game: Game, user, username: str, muted: bool) -> None:
    """Stop (or start again) seeing what `username` says at this table, for `user` only."""
    if user is None or not user.is_authenticated:
        raise DomainError("not_authenticated", "Log in to mute someone.", 401)
    selectors.require_reader(game, user)
    other = get_user_model().objects.filter(username=username).first()
    said_here = other is not None and (
        ChatMessage.objects.filter(game=game, author=other).exists()
        or game.seats.filter(user=other).exists()
    )
    if other is None or not said_here:
        raise DomainError("player_not_found", f"Nobody called {username!r} is at this table.", 404)
    if other.pk == user.pk:
        raise DomainError("cannot_mute_yourself", "You cannot mute yourself.", 422)
    if muted:
        ChatMute.objects.get_or_create(game=game, user=user, muted=other)
    else:
        ChatMute.objects.filter(game=game, user=user, muted=other).delete()


def mark_read(*, game: Game, user, upto: int) -> None:
    """The user saw the table's messages up to id `upto` (the game page): emails leave them
    out. Read first, so that a page with nothing new writes nothing."""
    if not upto or user is None or not user.is_authenticated:
        return
    mark = ChatReadMark.objects.filter(game=game, user=user).first()
    if mark is not None:
        if mark.seen_upto < upto:
            ChatReadMark.objects.filter(pk=mark.pk, seen_upto__lt=upto).update(
                seen_upto=upto, seen_at=clock.now()
            )
        return
    try:
        with transaction.atomic():
            ChatReadMark.objects.create(game=game, user=user, seen_upto=upto)
    except IntegrityError:
        pass  # another request of the same user wrote it at the same moment


def digest_choose(*, user, digest: bool) -> bool:
    """Whether `user` gets the chat digest (off by default)."""
    ChatPreference.objects.update_or_create(user=user, defaults={"digest": digest})
    return digest
