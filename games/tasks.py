"""Celery tasks: thin wrappers that take ids and call the services in games.advancing.

Tasks are acknowledged late and rejected when their worker dies, so a killed worker's task
runs again; the services make a rerun a no-op when the work was already done. Email tasks
run on their own queue (`email`, see settings), so a slow SMTP server never delays a game.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from kombu.exceptions import OperationalError

from games import advancing, asking, clock, downtime, services

log = logging.getLogger(__name__)

RELIABLE = {"acks_late": True, "reject_on_worker_lost": True}
SWEEP_BATCH = 2000
DATABASE_RETRY_SECONDS = 2  # a database restart or a dropped connection heals in seconds


@shared_task(bind=True, **RELIABLE)
def advance_game(self, game_id: int) -> bool:
    try:
        return advancing.game_advance(game_id)
    except advancing.TRANSIENT as error:
        return _retry_soon(self, error)


@shared_task(bind=True, **RELIABLE)
def expire_step(self, step_id: int) -> bool:
    try:
        return advancing.step_expire(step_id)
    except advancing.TRANSIENT as error:
        return _retry_soon(self, error)


def _retry_soon(task, error: Exception) -> bool:
    """The database failed (not the game): try again in seconds, not at the next sweep."""
    if task.request.is_eager:
        log.warning("%s failed on the database (%s); the sweep retries it", task.name, error)
        return False
    raise task.retry(exc=error, countdown=DATABASE_RETRY_SECONDS, max_retries=30)


@shared_task(bind=True, **RELIABLE)
def write_asks(self, game_id: int) -> int:
    """Write the "your turn" emails a game's change queued (on the email queue)."""
    try:
        return asking.write_asks(game_id)
    except advancing.TRANSIENT as error:
        return _retry_soon(self, error)


@shared_task(**RELIABLE)
def sweep() -> int:
    """Every few seconds: enqueue the advance of games a lost task left due (a worker killed
    mid-advance, Redis emptied, a failed database call), and the emails of asks a lost task
    left unwritten, so none waits for the minute tick."""
    stuck = advancing.stuck_games(SWEEP_BATCH)
    for game_id in stuck:
        _enqueue(advance_game, game_id)
    unwritten = asking.games_left_behind(SWEEP_BATCH)
    for game_id in unwritten:
        _enqueue(write_asks, game_id)
    from notifications import sending
    from notifications import tasks as email  # imports this app's services

    # An email due for a while (its hold for an active player ended, a retry, a lost task or
    # a failed enqueue, a pause over) is not left for the minute tick.
    if sending.oldest_due_since(settings.GAME_SWEEP_SECONDS):
        _enqueue(email.send_due_notifications)
    return len(stuck) + len(unwritten)


@shared_task(**RELIABLE)
def tick() -> dict[str, int]:
    """Every minute: after downtime extend the deadlines it swallowed, then expire due
    steps, advance games a lost task left behind, write the reminders due, and hand the
    digests and the emails due to the email queue. The tick never sends email itself, and
    one game's failure never stops the others (each path is isolated per game)."""
    outage = downtime.tick_ran(clock.now())
    # Holidays and pauses move the deadlines that wait for them before any is taken.
    from absences.waiting import spend_due

    spend_due(clock.now())
    # Expiring and advancing go out as tasks, so every worker shares a large backlog; each
    # task locks its game and checks the work is still due, so a repeat from the next tick
    # is harmless. (In the embedded default they run right here.)
    due = advancing.due_steps(SWEEP_BATCH)
    for step_id in due:
        _enqueue(expire_step, step_id)
    stuck = advancing.stuck_games(SWEEP_BATCH)
    for game_id in stuck:
        _enqueue(advance_game, game_id)
    reminded = sum(
        advancing.step_remind(step_id) for step_id in advancing.steps_to_remind(SWEEP_BATCH)
    )
    from chat import tasks as chat_tasks
    from notifications import tasks as email  # imports this app's services

    _enqueue(email.send_daily_digests)
    _enqueue(chat_tasks.send_chat_digests)
    _enqueue(email.send_due_notifications)
    return {
        "outage_seconds": round(outage.total_seconds()) if outage else 0,
        "expiring": len(due),
        "advancing": len(stuck),
        "reminded": reminded,
    }


def _enqueue(task, *args) -> None:
    try:
        task.delay(*args)
    except OperationalError:  # the broker is down: the work stays due for the next sweep
        log.warning("Could not enqueue %s%r; the next sweep will.", task.name, args)


@shared_task(**RELIABLE)
def prune_idempotency_records() -> int:
    """Hourly: forget Idempotency-Key responses older than IDEMPOTENCY_KEY_HOURS."""
    return services.idempotency_records_prune()
