"""Services the workers run: advancing a game, expiring a step, and the minute tick's sweeps.

Each is safe to run twice or concurrently: it locks the game row, checks that the work is
still due, does it, and commits. A rerun after a crash or a duplicate task finds nothing due.
"""

from __future__ import annotations

import dataclasses
import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q

from games import clock, notify
from games.models import Game, GameStep, Seat
from games.state_store import engine_game, load_state
from games.writer import GameWriter

log = logging.getLogger(__name__)

STUCK_AFTER = timedelta(minutes=1)  # a game due an advance this long was lost by its task


def game_advance(game_id: int) -> bool:
    """Sample chance and let bots play until a player is asked; False if nothing was due."""
    try:
        with transaction.atomic():
            game = _locked(Game.objects.filter(pk=game_id))
            if game is None or game.status != Game.Status.ACTIVE or not game.needs_advance:
                return False
            writer = GameWriter(game)
            writer.run_automatic()
            if game.advance_failures:
                game.advance_failures = 0
                game.save(update_fields=["advance_failures"])
            writer.commit()
        return True
    except Exception:
        # The engine refused the log or raised: record it (outside the rolled-back
        # transaction) and let other games go on. After a few failures the game is crashed.
        log.exception("Advancing game %s failed", game_id)
        _record_failure(game_id)
        return False


def _record_failure(game_id: int) -> None:
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            return
        game.advance_failures += 1
        fields = ["advance_failures"]
        if game.advance_failures >= settings.GAME_ADVANCE_MAX_FAILURES:
            game.status = Game.Status.CRASHED
            game.needs_advance = False
            fields += ["status", "needs_advance"]
            log.error("Game %s is crashed after %s failed advances", game_id, game.advance_failures)
        game.save(update_fields=fields)


def step_expire(step_id: int) -> bool:
    """The deadline passed: take every late seat's default answers, recorded as automatic."""
    with transaction.atomic():
        step = GameStep.objects.filter(pk=step_id).select_related("game").first()
        if step is None:
            return False
        game = _locked(Game.objects.filter(pk=step.game_id))
        step.refresh_from_db()
        now = clock.now()
        if (
            game is None
            or game.status != Game.Status.ACTIVE
            or step.closed_at is not None
            or step.expired_at is not None
            or step.deadline > now
        ):
            return False
        writer = GameWriter(game)
        late = [s for s in writer.seats if not s.is_bot and s.position in writer.pending_seats()]
        for seat in late:
            _answer_with_defaults(writer, seat.position, step.key)
            seat.missed_deadlines += 1
            if seat.missed_deadlines >= settings.GAME_BOT_AFTER_MISSES:
                seat.autoplay = True
            seat.waiting = True  # the game went on without them: their next prompt is news
        Seat.objects.bulk_update(late, ["missed_deadlines", "autoplay", "waiting"])
        step.expired_at = now
        step.save(update_fields=["expired_at"])
        writer.run_automatic()
        writer.commit()
    return True


def _answer_with_defaults(writer: GameWriter, position: int, step_key: str) -> None:
    """Defaults for the seat's whole chain of prompts in this step (e.g. every die)."""
    while writer.rules.step_key(writer.state) == step_key:
        writer.sample_chance()
        prompt = writer.rules.pending(writer.state).get(position)
        if prompt is None:
            return
        event = writer.rules.decide(writer.state, position, prompt.id, prompt.default)
        writer.append(dataclasses.replace(event, auto=True))


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
            written, held_back = notify.remind(
                game=game, seats=seats, rules=rules, state=load_state(game), step=step, now=now
            )
        if not held_back:  # quiet hours kept no one waiting: done with this rung
            hours = notify.due_rung_hours(step, now)
            if hours is not None:
                step.reminded_hours = hours
                step.save(update_fields=["reminded_hours"])
        return written


def due_steps(limit: int) -> list[int]:
    now = clock.now()
    return list(
        GameStep.objects.filter(
            closed_at__isnull=True,
            expired_at__isnull=True,
            deadline__lte=now,
            game__status=Game.Status.ACTIVE,
        )
        .order_by("deadline")
        .values_list("id", flat=True)[:limit]
    )


def stuck_games(limit: int) -> list[int]:
    return list(
        Game.objects.filter(
            status=Game.Status.ACTIVE,
            needs_advance=True,
            updated_at__lte=clock.now() - STUCK_AFTER,
        )
        .order_by("updated_at")
        .values_list("id", flat=True)[:limit]
    )


def _locked(games) -> Game | None:
    """The game row, locked; None if another worker holds it (it is doing this work)."""
    return games.select_for_update(skip_locked=True).first()
