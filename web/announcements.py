"""What the game page's live region says when the table comes back (issue 49): the moves of
others and the chance events since the table the browser had, in a line or two.

The table the browser shows names its own last event (`since` in its poll's address and in its
forms), so the table that replaces it can say what happened in between; a whole page says what
happened since the player's last visit. The lines are the engine's own, told to the viewer
through the history selector, so the announcement hides what the history hides.
"""

from __future__ import annotations

from games import selectors
from games.models import Game

NEWS_LINES = 2  # one or two sentences: the latest lines; the history below has the rest
LOOK_BACK = 12  # events read at most; more than that since the last look is told by the history


def since_from(raw: str | None, last_seq: int) -> int | None:
    """The event the browser's table ended with, from its form or poll; None when absent or
    not an event of this game (a forged or stale value only shortens what is said)."""
    if raw is None or not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
        return None
    since = int(raw)
    return since if since <= last_seq else None


def news(game: Game, viewer: int | None, since: int | None, lang: str) -> list[str]:
    """The latest lines since `since` that are not the viewer's own decisions."""
    if since is None or since >= game.last_seq:
        return []
    after = max(since, game.last_seq - LOOK_BACK)
    told = selectors.game_history(game, viewer, after=after, limit=LOOK_BACK, lang=lang)
    lines = [line["text"] for line in told["lines"] if line["by"] is None or line["by"] != viewer]
    return lines[-NEWS_LINES:]
