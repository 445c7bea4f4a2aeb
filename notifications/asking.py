"""The "your turn" emails a player's request calls for: queued by its transaction, written by
an email worker once it has committed. (A worker's own change, an advance or a deadline,
writes its emails in its transaction; so does a game's start, once per game.)

Writing such an email in the request cost more than the decision itself (what happened since
the player last looked, their language and preferences, the templates), so the request only
queues a `PendingAsk` row with its other writes: no extra round trip, and the ask is durable
the moment the decision is. On commit a task on the email queue writes the email from the
game as it is then, into the outbox, and deletes the row. An ask whose prompt was answered
in between is dropped: the player is at the table. If the process dies between the commit
and the task, the sweep finds the row (older than GAME_STUCK_SECONDS) and writes it then.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import prefetch_related_objects
from kombu.exceptions import OperationalError

from common import clock
from games.models import Game, PendingAsk, Seat
from games.selectors import engine_game, load_state
from notifications.kinds import asks
from notifications.selectors import FRESH_RELATIONS, language_of

log = logging.getLogger(__name__)


def pending_ask(game: Game, seat: Seat, prompt, defaults_played: list[str]) -> PendingAsk:
    """The row saying that `seat` is asked `prompt` after waiting on others."""
    return PendingAsk(
        game=game,
        position=seat.position,
        prompt=prompt.id,
        defaults_played=defaults_played,
        created_at=clock.now(),
    )


def queue(game: Game, asks: list[PendingAsk], batch) -> None:
    """Write `asks` with the caller's other writes (`batch`, which the caller flushes), and
    hand them to an email worker once the transaction commits. The same ask queued twice is
    one row."""
    batch.insert(PendingAsk, asks, ignore_conflicts=True)
    enqueue_write_asks(game)


def enqueue_write_asks(game) -> None:
    """The "your turn" emails the transaction queued, to the email worker once it commits."""
    game_id = game.pk
    transaction.on_commit(lambda: _send_write_asks(game_id))


def _send_write_asks(game_id: int) -> None:
    from notifications import tasks  # the tasks module imports this one

    try:
        tasks.write_asks.delay(game_id)
    except OperationalError:  # the broker is down: the sweep writes what stays queued
        log.warning("Could not enqueue write_asks(%r); the tick will pick it up.", game_id)


def write_asks(game_id: int) -> int:
    """Write the emails of the game's pending asks; return how many were written.

    The rows are locked in order, so two runs for the same game take turns: the second
    finds the first's emails (an ask told twice within a step gets its own cause) or no rows.
    """
    from notifications import game_emails as notify  # notify imports this module

    with transaction.atomic():
        asks = list(PendingAsk.objects.select_for_update().filter(game_id=game_id).order_by("id"))
        if not asks:
            return 0
        game = Game.objects.select_related("creator").get(pk=game_id)
        seats = list(game.seats.select_related("user").order_by("position"))
        prefetch_related_objects(seats, "user__profile", "user__notification_preference")
        for seat in seats:
            if seat.user is not None:
                setattr(seat.user, FRESH_RELATIONS, True)
        written = 0
        still_asked = _still_asked(game, seats, asks)
        if still_asked:
            rules, state = engine_game(game), load_state(game)
            step = game.steps.filter(closed_at=None).order_by("-number").first()
            pending = rules.pending(state)
            for ask in still_asked:
                seat = seats[ask.position]
                prompt = pending.get(ask.position)
                if step is None or prompt is None or prompt.id != ask.prompt:
                    continue
                row = notify.ask(
                    game=game,
                    seats=seats,
                    rules=rules,
                    state=state,
                    seat=seat,
                    step=step,
                    kind="your_turn",
                    prompt_id=ask.prompt,
                    defaults_played=ask.defaults_played,
                    asked_at=ask.created_at,
                )
                written += row is not None
        PendingAsk.objects.filter(pk__in=[ask.pk for ask in asks]).delete()
    return written


def _still_asked(game: Game, seats: list[Seat], asks: list[PendingAsk]) -> list[PendingAsk]:
    """The asks whose seat still owes their prompt, as the game's bookkeeping says (no
    replay needed to drop the rest), and whose player a bot does not play for now."""
    if game.status != Game.Status.ACTIVE:
        return []
    return [
        ask
        for ask in asks
        if ask.position < len(seats)
        and seats[ask.position].user is not None
        and not seats[ask.position].autoplay
        and seats[ask.position].pending_prompt == ask.prompt
    ]


def games_left_behind(limit: int) -> list[int]:
    """Games with asks older than GAME_STUCK_SECONDS: their task was lost (a worker died
    between the commit and the enqueue, the broker was down)."""
    before = clock.now() - timedelta(seconds=settings.GAME_STUCK_SECONDS)
    return list(
        PendingAsk.objects.filter(created_at__lt=before)
        .order_by("game_id")
        .values_list("game_id", flat=True)
        .distinct()[:limit]
    )


def recompose(row) -> None:
    """Compose an email that asks a prompt (game started, your turn, a reminder) again, in
    its recipient's language now and from the game as it is now: it was held back for an
    active player, or retried, while they switched language. The sender calls it on the row
    it has claimed, once it knows the seat still owes the prompt. Other kinds keep the
    language they were written in (news, already true when written)."""
    from notifications import emails
    from notifications import game_emails as notify  # notify imports this module

    if not asks(row.kind):
        return
    game = Game.objects.select_related("creator").get(pk=row.game_id)
    seats = list(game.seats.select_related("user").order_by("position"))
    seat = next((s for s in seats if s.user_id == row.recipient_id), None)
    step = game.steps.filter(closed_at=None).order_by("-number").first()
    rules, state = engine_game(game), load_state(game)
    pending = rules.pending(state)
    if seat is None or step is None or seat.position not in pending:
        return
    seat.user = row.recipient
    context = notify.asking_context(game, seats, rules, state, seat, pending, step)
    context["defaults_played"] = []  # what a deadline chose, told in the old language, is not kept
    rendered = emails.render(row.kind, user=row.recipient, context=context)
    row.subject, row.body_text, row.body_html = rendered.subject, rendered.text, rendered.html
    row.reply_to = context.get("reply_to", "")
    row.told_upto = context.get("told_upto")
    row.language = language_of(row.recipient)
    row.save(
        update_fields=["subject", "body_text", "body_html", "reply_to", "told_upto", "language"]
    )
