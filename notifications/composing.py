"""Emails composed after the commit that caused them, from the game as it is then: the "your
turn" emails a request queued (asking.py's `PendingAsk` rows, written here by the email
worker) and an asking email composed again in its recipient's language now (`recompose`,
which the outbox's sender calls through the hook NotificationsConfig.ready sets: the outbox
reads no game).

Above game_emails (whose `ask` and `asking_context` they use) and asking (the queue);
nothing of notifications but its tasks and its AppConfig imports this module.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import prefetch_related_objects

from games.models import Game, PendingAsk, Seat
from games.selectors import engine_game, load_state
from notifications import emails
from notifications import game_emails as notify
from notifications.kinds import asks
from notifications.selectors import FRESH_RELATIONS, language_of


def write_asks(game_id: int) -> int:
    """Write the emails of the game's pending asks; return how many were written.

    The rows are locked in order, so two runs for the same game take turns: the second
    finds the first's emails (an ask told twice within a step gets its own cause) or no rows.
    """
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


def recompose(row) -> None:
    """Compose an email that asks a prompt (game started, your turn, a reminder) again, in
    its recipient's language now and from the game as it is now: it was held back for an
    active player, or retried, while they switched language. The sender calls it on the row
    it has claimed, once it knows the seat still owes the prompt. Other kinds keep the
    language they were written in (news, already true when written)."""
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
