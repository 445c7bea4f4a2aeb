"""When a "your turn" email is written and when it goes out: the request's own player asked
again at once, the outbox's cause of an ask, and the hold for a player at the table.

A player asked after waiting on others hears "your turn" (notifications.game_emails); one asked
again straight from their own answer is told by that answer's channel, and by email at once
when that channel is an answer link (`asked_again_away`). A player who answered at a table
(the page, the API) in the last NOTIFY_ACTIVE_MINUTES is still there: their email waits that
long and is dropped if they answer first; one whose last answer came from an email is not at
a table, and never waits (notifications.attention).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings

from common import clock
from games import events
from games.models import Game, GameEvent, Seat
from notifications import attention
from notifications.models import Notification


def requester(written: events.GameWritten) -> Seat | None:
    """The person's seat whose request this change is (None: the server's own change)."""
    if written.requester is None:
        return None
    seat = next((s for s in written.seats if s.position == written.requester), None)
    return seat if seat is not None and seat.user_id and not seat.is_bot else None


def asked_again_away(written: events.GameWritten, pending: dict) -> list[Seat]:
    """The one rule for a player asked again at once by their own answer (the second die,
    Legislation's keep, "spend philosophy tokens?", straight away or after a roll or a draw
    the server made): every channel's answer shows the next question (the page, the API's
    response, our reply to a reply, an answer link's page with the question's links), and an
    email asks it too when that answer is not where the player goes on reading. An answer
    link's page is read once and closed, so its player's "your turn" is written at once,
    unless the game's page is open (attention); a reply is answered by an email that asks it;
    the page and an API client read on. Seats asked after waiting on others (`called`) hear
    of it as everyone does."""
    candidates = list(written.newly_asked)
    own = requester(written)
    if own is not None and written.channel == "link":
        candidates.append(own)
    return [
        seat
        for seat in dict.fromkeys(candidates)
        if seat.position in pending
        and not seat.autoplay
        and seat not in written.called
        and attention.away_from_table(written.game, seat.user_id, through="link")
        and not attention.reply_tells(written.game, seat.user_id)
    ]


def ask_cause(game: Game, seat: Seat, step_number: int, kind: str, prompt_id: str) -> str:
    """The outbox's cause for this ask: the step, or the step and prompt when the seat was
    already told about this step (asked again after waiting on others within it, as in
    Military's turn order). Without the prompt, that second ask would be a duplicate cause
    and the player would never hear of it."""
    first = str(step_number)
    told = Notification.objects.filter(recipient=seat.user, game=game, step=first, kind=kind)
    return f"{first}/{prompt_id}" if told.exists() else first


def hold_while_active(game: Game, seat: Seat, asked_at: datetime) -> datetime | None:
    """A player who had answered in the few minutes before being asked (web, API or email)
    is at the table: their "your turn" waits that long from the ask, and is not sent if they
    answer first. None: send it now."""
    window = timedelta(minutes=settings.NOTIFY_ACTIVE_MINUTES)
    if not window or attention.away_from_table(game, seat.user_id):
        return None  # their last answer came from an email, and no page of theirs is open
    last = (
        GameEvent.objects.filter(
            game=game, seat=seat.position, type="decision", auto=False, created_at__lte=asked_at
        )
        .order_by("-seq")
        .values_list("created_at", flat=True)
        .first()
    )
    if last is None or asked_at - last >= window:
        return None
    hold = asked_at + window
    return hold if hold > clock.now() else None
