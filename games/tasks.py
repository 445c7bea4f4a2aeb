"""Celery tasks: thin wrappers that take ids and call the services in games.advancing.

Tasks are acknowledged late and rejected when their worker dies, so a killed worker's task
runs again; the services make a rerun a no-op when the work was already done.
"""

from __future__ import annotations

from celery import shared_task

from games import advancing, clock
from notifications import services as notifications

RELIABLE = {"acks_late": True, "reject_on_worker_lost": True}
SWEEP_BATCH = 500


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
    expired = sum(advancing.step_expire(step_id) for step_id in advancing.due_steps(SWEEP_BATCH))
    advanced = sum(
        advancing.game_advance(game_id) for game_id in advancing.stuck_games(SWEEP_BATCH)
    )
    reminded = sum(
        advancing.step_remind(step_id) for step_id in advancing.steps_to_remind(SWEEP_BATCH)
    )
    digests = notifications.send_digests(clock.now())
    sent = notifications.send_due()
    return {
        "expired": expired,
        "advanced": advanced,
        "reminded": reminded,
        "digests": digests,
        "sent": sent,
    }
