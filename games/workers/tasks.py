"""Celery tasks: thin wrappers that take ids and call the services in games.workers.advancing.

Tasks are acknowledged late and rejected when their worker dies, so a killed worker's task
runs again; the services make a rerun a no-op when the work was already done. Email tasks
run on their own queue (`email`, see settings), so a slow SMTP server never delays a game.
"""

from __future__ import annotations

import logging

from celery import shared_task

from common import clock
from common.reliability import RELIABLE, TRANSIENT, enqueue, retry_soon
from games import events, services
from games.absences import waiting
from games.workers import advancing, downtime

log = logging.getLogger(__name__)

SWEEP_BATCH = 2000


@shared_task(bind=True, **RELIABLE, name="games.tasks.advance_game")
def advance_game(self, game_id: int) -> bool:
    try:
        return services.game_advance(game_id)
    except TRANSIENT as error:
        return retry_soon(self, error)


@shared_task(bind=True, **RELIABLE, name="games.tasks.expire_step")
def expire_step(self, step_id: int) -> bool:
    try:
        return advancing.step_expire(step_id)
    except TRANSIENT as error:
        return retry_soon(self, error)


@shared_task(**RELIABLE, name="games.tasks.sweep")
def sweep() -> int:
    """Every few seconds: enqueue the advance of games a lost task left due (a worker killed
    mid-advance, Redis emptied, a failed database call), so none waits for the minute tick;
    then the apps above run their own sweep (the emails of asks a lost task left unwritten,
    the outbox: notifications.apps)."""
    stuck = advancing.stuck_games(SWEEP_BATCH)
    for game_id in stuck:
        enqueue(advance_game, game_id)
    return len(stuck) + sum(events.emit(events.Swept()))


@shared_task(**RELIABLE, name="games.tasks.tick")
def tick() -> dict[str, int]:
    """Every minute: after downtime extend the deadlines it swallowed, then expire due
    steps and advance games a lost task left behind; then the apps above run theirs (the
    reminders due, and the digests and the emails due handed to the email queue:
    notifications.apps). The tick never sends email itself, and one game's failure never
    stops the others (each path is isolated per game)."""
    outage = downtime.tick_ran(clock.now())
    # Holidays and pauses move the deadlines that wait for them before any is taken.
    waiting.spend_due(clock.now())
    # Expiring and advancing go out as tasks, so every worker shares a large backlog; each
    # task locks its game and checks the work is still due, so a repeat from the next tick
    # is harmless. (In the embedded default they run right here.)
    due = advancing.due_steps(SWEEP_BATCH)
    for step_id in due:
        enqueue(expire_step, step_id)
    stuck = advancing.stuck_games(SWEEP_BATCH)
    for game_id in stuck:
        enqueue(advance_game, game_id)
    counts = {
        "outage_seconds": round(outage.total_seconds()) if outage else 0,
        "expiring": len(due),
        "advancing": len(stuck),
    }
    for theirs in events.emit(events.Ticked()):
        counts.update(theirs)
    return counts


@shared_task(**RELIABLE, name="games.tasks.prune_idempotency_records")
def prune_idempotency_records() -> int:
    """Hourly: forget Idempotency-Key responses older than IDEMPOTENCY_KEY_HOURS."""
    return services.idempotency_records_prune()
