"""Reminders before a step's deadline, to the players who still owe a decision.

The minute tick (games.workers.tasks.tick, through games.events.Ticked) asks for the steps
with a reminder rung due; each is written under its game's isolation (one game's failure never
stops the others) and marked on the step (`reminded_hours`) once no player was held back by
quiet hours.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q

from common import clock
from games.models import Game, GameStep
from games.selectors import engine_game, load_state
from games.services import isolated
from notifications import game_emails


def steps_to_remind(limit: int) -> list[int]:
    """Open steps with a reminder rung due that not every late player has had yet."""
    now = clock.now()
    ids: list[int] = []
    for hours in sorted(settings.NOTIFY_REMINDER_HOURS):
        rung = timedelta(hours=hours)
        ids += (
            GameStep.objects.filter(
                closed_at__isnull=True,
                deadline__gt=now,
                deadline__lte=now + rung,  # the rung's time has come
                opened_at__lt=F("deadline") - rung,  # ...after the step opened
                game__status=Game.Status.ACTIVE,
            )
            .filter(Q(reminded_hours__isnull=True) | Q(reminded_hours__gt=hours))
            .exclude(pk__in=ids)
            .order_by("deadline")
            .values_list("id", flat=True)[: limit - len(ids)]
        )
    return ids


def step_remind(step_id: int) -> int:
    """Write the reminders due for one step; returns how many were written."""
    game_id = GameStep.objects.filter(pk=step_id).values_list("game_id", flat=True).first()
    if game_id is None:
        return 0
    return isolated(game_id, lambda: _remind(step_id), 0)


def _remind(step_id: int) -> int:
    with transaction.atomic():
        step = GameStep.objects.select_related("game").filter(pk=step_id).first()
        if step is None or step.closed_at is not None:
            return 0
        game = step.game
        seats = list(game.seats.select_related("user").order_by("position"))
        owing = [s for s in seats if s.pending_prompt and s.user_id and not s.autoplay]
        now = clock.now()
        written, held_back = 0, 0
        if owing:  # load the game only when someone still owes a decision
            rules = engine_game(game)
            written, held_back = game_emails.remind(
                game=game, seats=seats, rules=rules, state=load_state(game), step=step, now=now
            )
        if not held_back:  # quiet hours kept no one waiting: done with this rung
            hours = game_emails.due_rung_hours(step, now)
            if hours is not None:
                step.reminded_hours = hours
                step.save(update_fields=["reminded_hours"])
        return written
