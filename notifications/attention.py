"""Where a player reads a game just now, as far as the "your turn" emails need to know.

Three facts, kept in the shared cache (hints: lost, an email is only held as before):

- the game's page is open: the page and its poll (every few seconds) say so;
- the player's last answer came from an email (an answer link or a reply): such a player is
  not at a table that will show the next question, so their next "your turn" is never held;
- a reply is being answered: our answer to it lists what the player is asked now, so no
  other email asks the same in its transaction.

Times are the site's clock (common.clock), so a test's frozen clock moves them as it moves
everything else.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator

from django.core.cache import cache

from common import clock

# The page polls every 6 s (web.views.game.POLL_SECONDS): two polls missed, and a little
# more, mean the page was closed (or the computer slept).
PAGE_OPEN_SECONDS = 15
# An answer's channel counts for the emails its answer calls for, written within minutes.
ANSWER_SECONDS = 3600
FROM_MAIL = ("link", "reply")

_replying: contextvars.ContextVar[tuple[int, int] | None] = contextvars.ContextVar(
    "notifications_replying", default=None
)


def _key(what: str, game, user_id: int) -> str:
    # The game's public id, not its row id: rows ids start again in a new database (a test
    # run) while the shared cache keeps what it knew.
    return f"khora:attention:{what}:{game.public_id}:{user_id}"


def page_seen(game, user_id: int) -> None:
    """The player's page of the game was shown (or polled) now."""
    cache.set(_key("page", game, user_id), clock.now().timestamp(), PAGE_OPEN_SECONDS * 4)


def page_open(game, user_id: int) -> bool:
    seen = cache.get(_key("page", game, user_id))
    return seen is not None and clock.now().timestamp() - seen <= PAGE_OPEN_SECONDS


def answered(game, user_id: int, channel: str) -> None:
    """The player's answer came through `channel` ("page", "api", "link", "reply")."""
    cache.set(_key("answer", game, user_id), channel, ANSWER_SECONDS)


def away_from_table(game, user_id: int | None, through: str = "") -> bool:
    """True when the player's last answer came from an email (`through` that channel alone,
    when given) and their page is not open: an email asking them is due at once, never held
    for an answer at the table. A seat without a person (user_id None, a bot's) never is."""
    if user_id is None:
        return False
    channel = cache.get(_key("answer", game, user_id))
    came = channel == through if through else channel in FROM_MAIL
    return came and not page_open(game, user_id)


@contextlib.contextmanager
def replying(game, user_id: int) -> Iterator[None]:
    """While a reply of this player is applied: our answer asks what they are asked now."""
    token = _replying.set((game.pk, user_id))
    try:
        yield
    finally:
        _replying.reset(token)


def reply_tells(game, user_id: int | None) -> bool:
    """Whether a reply of this player is being applied (`replying`); never for a seat without
    a person (user_id None)."""
    if user_id is None:
        return False
    return _replying.get() == (game.pk, user_id)
