"""Telling open streams that a game changed, or that a user's credentials did, once the
change has committed."""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import transaction

from live.hub import HUB, prefix

log = logging.getLogger(__name__)
_client = threading.local()


def game_channel(public_id: str) -> str:
    return f"game:{public_id}"


def user_channel(user_id: int) -> str:
    return f"user:{user_id}"


def auth_channel(user_id: int) -> str:
    """Where the streams of a user hear that a token, session or the account itself changed:
    they check their credential again at once (live.access)."""
    return f"auth:{user_id}"


def game_changed(public_id: str, user_ids: list[int]) -> None:
    """After the transaction commits: the game's streams and its players' streams read again.
    Called by the game writer inside its transaction (outside one it publishes at once)."""
    notices = [(game_channel(public_id), "")]
    notices += [(user_channel(user_id), public_id) for user_id in user_ids]
    transaction.on_commit(lambda: publish(notices))


def credentials_changed(user_id: int, ended_session: str = "") -> None:
    """Now (a stream that checks before the commit finds the old row and is told again) and
    after the commit: the user's open streams check their credential. `ended_session`: the
    fingerprint of a session that logged out (live.access), whose streams end at once."""
    notices = [(auth_channel(user_id), ended_session)]
    publish(notices)
    transaction.on_commit(lambda: publish(notices))


def publish(notices: list[tuple[str, str]]) -> None:
    if not settings.REDIS_URL:
        for channel, payload in notices:
            HUB.dispatch(channel, payload)
        return
    try:
        channel_prefix = prefix()
        pipe = _redis().pipeline(transaction=False)
        for channel, payload in notices:
            pipe.publish(channel_prefix + channel, payload)
        pipe.execute()
    except Exception:  # the change has committed; a stream catches up at its next notice
        log.warning("Could not publish %r to Redis.", notices, exc_info=True)


def _redis():
    import redis

    # Kept per address: a process has one, but tests point REDIS_URL elsewhere for a while.
    kept = getattr(_client, "redis", None)
    if kept is None or kept[0] != settings.REDIS_URL:
        kept = _client.redis = (
            settings.REDIS_URL,
            redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2),
        )
    return kept[1]
