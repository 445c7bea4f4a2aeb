"""Celery tasks: thin wrappers that take ids and call the services in games.advancing.

Tasks are acknowledged late and rejected when their worker dies, so a killed worker's task
runs again; the services make a rerun a no-op when the work was already done.
"""

from __future__ import annotations

from celery import shared_task

from games import advancing, clock, services
from notifications import services as notifications

RELIABLE = {"acks_late": True, "reject_on_worker_lost": True}
SWEEP_BATCH = 2000


@shared_task(**RELIABLE)
def advance_game(game_id: int) -> bool:
    return advancing.game_advance(game_id)


@shared_task(**RELIABLE)
def expire_step(step_id: int) -> bool:
    return advancing.step_expire(step_id)


@shared_task(**RELIABLE)
def tick() -> dict[str, int]:
    """Every minute: expire due steps, advance games a lost task left behind, write the
    reminders and digests due, and send the emails due. Work is claimed from the database,
    never from long task ETAs."""
    # Expiring and advancing go out as tasks, so every worker shares a large backlog; each
    # task locks its game and checks the work is still due, so a repeat from the next tick
    # is harmless. (In the embedded default they run right here.)
    due = advancing.due_steps(SWEEP_BATCH)
    for step_id in due:
        expire_step.delay(step_id)
    stuck = advancing.stuck_games(SWEEP_BATCH)
    for game_id in stuck:
        advance_game.delay(game_id)
    reminded = sum(
        advancing.step_remind(step_id) for step_id in advancing.steps_to_remind(SWEEP_BATCH)
    )
    digests = notifications.send_digests(clock.now())
    sent = notifications.send_due()
    return {
        "expiring": len(due),
        "advancing": len(stuck),
        "reminded": reminded,
        "digests": digests,
        "sent": sent,
    }


@shared_task(**RELIABLE)
def prune_idempotency_records() -> int:
    """Hourly: forget Idempotency-Key responses older than IDEMPOTENCY_KEY_HOURS."""
    return services.idempotency_records_prune()
