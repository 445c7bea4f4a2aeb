"""Services the workers run: advancing a game, expiring a step, and the sweeps of the ticks.
(The reminders before a deadline are the emails' own: notifications.reminders.)

Each is safe to run twice or concurrently: it locks the game row (waiting for a request or
another worker that holds it, never skipping it), checks that the work is still due, does it,
and commits. A rerun after a crash or a duplicate task finds nothing due.

A game whose own work raises (its log no longer replays, the engine refuses it) must never
hold up the others: every per-game path goes through `isolated`, which counts the failure on
the game and crashes it after `GAME_ADVANCE_MAX_FAILURES`. A lost connection, a restart or
a lock timeout is not the game's fault: it is not counted, and the work stays due.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta
from typing import TypeVar

from django.conf import settings
from django.db import transaction

from common import clock
from common.reliability import TRANSIENT
from games.absences import owing, waiting
from games.models import Game, GameStep, Seat
from games.write import thinking
from games.write.writer import GameWriter

log = logging.getLogger(__name__)

Result = TypeVar("Result")

# Thoughts in a row found stale (the game moved on while its bot thought) before the advance
# leaves the game to the task its mover enqueued (or to the sweep) rather than think again.
STALE_THOUGHTS_LIMIT = 3


def stuck_after() -> timedelta:
    """A game due an advance this long was lost by its task (a worker died, Redis emptied)."""
    return timedelta(seconds=settings.GAME_STUCK_SECONDS)


def isolated(game_id: int, work: Callable[[], Result], default: Result) -> Result:
    """Run one game's work; if the game itself fails, count it and return `default`."""
    try:
        return work()
    except TRANSIENT:
        raise  # not the game's fault: the work stays due and is retried
    except Exception:
        log.exception("Work on game %s failed", game_id)
        record_failure(game_id)
        return default


def game_advance(game_id: int, *, slow_bots: bool = True) -> bool:
    """Sample chance and let bots play until a player is asked; False if nothing was due.
    `slow_bots=False`: stop at a slow bot's prompt and leave it to the advance task that the
    caller's own change asked for when its transaction commits (a caller whose transaction
    holds the game's lock for longer than this call: a slow bot must not think under it)."""
    return isolated(game_id, lambda: _advance(game_id, slow_bots), False)


def _advance(game_id: int, slow_bots: bool = True) -> bool:
    """Chance and fast bots are done under the game's lock, as every write. A slow bot thinks
    with no lock and no transaction (games.write.thinking); the lock is then taken again
    only to write its answer if it is still valid, with the chance and the fast bots that
    follow, and to commit; and so on while a slow bot is due next."""
    advanced, thought_of, stale = False, False, 0
    thought: thinking.Thought | None = None
    while True:
        with transaction.atomic():
            game = _locked(Game.objects.filter(pk=game_id))
            if game is None or game.status != Game.Status.ACTIVE or not game.needs_advance:
                return advanced
            writer = GameWriter(game)
            slow_due = writer.run_automatic(thought)
            if slow_due and not writer.appended():
                # Nothing to write before the slow bot: it has not thought yet, or the game
                # moved on while it thought (its answer was dropped). Think on, unlocked.
                if not slow_bots:
                    return advanced
                if thought_of:
                    stale += 1
                    if stale >= STALE_THOUGHTS_LIMIT:
                        log.info("Game %s kept moving while its bot thought; left due", game_id)
                        return advanced
            else:
                stale = 0
                _clear_failures(game)
                # While a slow bot is due next this loop goes on with it: no task is enqueued.
                writer.commit(enqueue=not slow_due)
                advanced = True
        if not slow_due or not slow_bots:
            # `slow_bots=False`: the game was due before this call, so the change that made it
            # due asked for the advance task on its commit (the caller's); that task thinks.
            return advanced
        thought, thought_of = thinking.think_ahead(game_id), True


def record_failure(game_id: int) -> None:
    """Count a failure of the game's own work; after the limit the game is crashed."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE:
            return
        game.advance_failures += 1
        fields = ["advance_failures"]
        if game.advance_failures >= settings.GAME_ADVANCE_MAX_FAILURES:
            game.status = Game.Status.CRASHED
            game.needs_advance = False
            fields += ["status", "needs_advance"]
            log.error("Game %s is crashed after %s failures", game_id, game.advance_failures)
        game.save(update_fields=fields)


def _clear_failures(game: Game) -> None:
    if game.advance_failures:
        game.advance_failures = 0
        game.save(update_fields=["advance_failures"])


def step_expire(step_id: int) -> bool:
    """The deadline passed: take every late seat's default answers, recorded as automatic."""
    game_id = GameStep.objects.filter(pk=step_id).values_list("game_id", flat=True).first()
    if game_id is None:
        return False
    return isolated(game_id, lambda: _expire(step_id), False)


def _expire(step_id: int) -> bool:
    with transaction.atomic():
        step = GameStep.objects.filter(pk=step_id).first()
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
        pending = writer.rules.pending(writer.state)
        known = owing.circumstances(game, writer.seats, now)
        if waiting.step_waits(known, writer.seats, pending):
            return False  # paused, or a player away: the deadline moves on (games.absences.waiting)
        owe = owing.owing_positions(game, writer.seats, pending, now, known=known)
        owing_seats = [seat for seat in writer.seats if seat.position in owe]
        if waiting.start_automatic_holidays(game, step, owing_seats, now):
            return True  # the deadline moved on by the first hour of their holiday
        # A person's seat still asked takes its default; a bot playing an absent player's seat
        # answers for it once the defaults are in (GameWriter.run_automatic; a slow bot in the
        # advance task the commit enqueues, thinking outside the lock). A miss counts
        # only where an answer was owed: a seat with nothing it could do missed nothing.
        late = [
            s for s in writer.seats if s.position in pending and not s.is_bot and not s.autoplay
        ]
        for seat in late:
            standing = _answer_with_defaults(writer, seat.position, step.key)
            if seat.position in owe and not standing:
                seat.missed_deadlines += 1
            if seat.missed_deadlines >= settings.GAME_BOT_AFTER_MISSES and not seat.autoplay:
                seat.autoplay = True
                writer.bot_takes_over(seat)
            seat.waiting = True  # the game went on without them: their next prompt is news
        Seat.objects.bulk_update(late, ["missed_deadlines", "autoplay", "waiting"])
        writer.mark_expired(now)
        writer.run_automatic()
        _clear_failures(game)
        writer.commit()
    return True


def _answer_with_defaults(writer: GameWriter, position: int, step_key: str) -> bool:
    """Defaults for the seat's whole chain of prompts in this step (e.g. every die); a secret
    prompt a standing answer of the player fits takes it instead, as the player's decision
    (games.standing). True when that answered the prompt owed (no miss)."""
    first, standing = True, False
    while writer.rules.step_key(writer.state) == step_key:
        writer.sample_chance()
        prompt = writer.rules.pending(writer.state).get(position)
        if prompt is None:
            return standing
        if writer.standing.at_deadline(writer, position, prompt):
            standing, first = standing or first, False
            continue
        first = False
        writer.decide(position, prompt.id, prompt.default, auto=True)
        writer.defaults_played.setdefault(position, []).append(prompt.option(prompt.default))
    return standing


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
    """Games due an advance for longer than a task takes; each is claimed for another
    `stuck_after()` (its `updated_at` moves on), so a backlog is not enqueued over and over."""
    now = clock.now()
    with transaction.atomic():
        ids = list(
            Game.objects.filter(
                status=Game.Status.ACTIVE,
                needs_advance=True,
                updated_at__lte=now - stuck_after(),
            )
            .order_by("updated_at")
            .values_list("id", flat=True)[:limit]
        )
        Game.objects.filter(pk__in=ids, needs_advance=True).update(updated_at=now)
    return ids


def _locked(games) -> Game | None:
    """The game row, locked: waits while a request or another worker holds it (each holds it
    for one short transaction), so work due is never skipped. After the wait the caller
    checks that the work is still due."""
    return games.select_for_update().first()
