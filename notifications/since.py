"""What happened since a player last looked: the history an email that asks something tells.

The rule: the lines after the later of (a) the log position the last email sent to this
player about this game told up to, and (b) the player's own last answer (an answer means they
looked at the game). Emails held back and dropped, kept for a digest, or failed were never
read as such, so they do not count. The lines are the engine's narration for the player's
seat only (`game_history` redacts for it), newest kept when there are too many.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connection

from games import selectors
from games.models import Game, GameEvent, Seat
from notifications.models import Notification

# Events read at most: past this, the email says how many more lines there were in a count.
EVENTS_READ = 400
_READ_AS_SENT = (Notification.Status.PENDING, Notification.Status.SENT)


def looked_upto(game: Game, seat: Seat) -> int:
    """The log seq after which everything is news to this seat's player."""
    q = connection.ops.quote_name
    with connection.cursor() as cursor:  # one query, written out: two ORM aggregates cost more
        cursor.execute(
            f"""SELECT
                (SELECT MAX(told_upto) FROM {q(Notification._meta.db_table)}
                 WHERE recipient_id = %s AND game_id = %s AND status IN (%s, %s)
                   AND told_upto IS NOT NULL),
                (SELECT MAX(seq) FROM {q(GameEvent._meta.db_table)}
                 WHERE game_id = %s AND seat = %s AND type = 'decision' AND NOT auto)""",
            [seat.user_id, game.pk, *_READ_AS_SENT, game.pk, seat.position],
        )
        emailed, answered = cursor.fetchone()
    return max(emailed or 0, answered or 0)


def since_last_looked(game: Game, seat: Seat, lang: str, names: list[str] | None = None) -> dict:
    """The `history` and `told_upto` entries of an email's context: the newest lines of what
    happened since the player last looked (at most NOTIFY_HISTORY_LINES), how many earlier
    ones were left out, and the log's end now (what this email tells up to). `names`: the
    seats' names when the caller has them (see selectors.seat_names)."""
    after = looked_upto(game, seat)
    # A player away for very long: read only the newest events; the older ones are counted
    # (one line each, an estimate: the email only says how many it leaves out).
    skipped = max(game.last_seq - after - EVENTS_READ, 0)
    history = selectors.game_history(
        game, seat.position, after + skipped, EVENTS_READ, lang, names=names
    )
    texts = [line["text"] for line in history["lines"] if line.get("text")]
    shown = settings.NOTIFY_HISTORY_LINES
    return {
        "history": {"lines": texts[-shown:], "earlier": max(len(texts) - shown, 0) + skipped},
        "told_upto": game.last_seq,
    }
