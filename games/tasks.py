"""Celery tasks: thin wrappers that take ids and call the services in games.advancing.

Tasks are acknowledged late and rejected when their worker dies, so a killed worker's task
runs again; the services make a rerun a no-op when the work was already done.
"""

from __future__ import annotations

from celery import shared_task

from games import advancing

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
    """Every minute: expire due steps, advance games a lost task left behind, send reminders
    and due emails. Work is claimed from the database, never from long task ETAs."""
    expired = sum(advancing.step_expire(step_id) for step_id in advancing.due_steps(SWEEP_BATCH))
    advanced = sum(
        advancing.game_advance(game_id) for game_id in advancing.stuck_games(SWEEP_BATCH)
    )
    return {"expired": expired, "advanced": advanced}
