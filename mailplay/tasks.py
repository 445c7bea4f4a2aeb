"""Celery tasks: they take ids and call services; each is safe to run twice."""

from celery import shared_task

from common.reliability import RELIABLE
from mailplay import services


@shared_task(**RELIABLE)
def process_inbound(inbound_id: int) -> str | None:
    return services.inbound_process(inbound_id)


@shared_task(**RELIABLE)
def send_inbound_reply(inbound_id: int) -> bool:
    return services.reply_send(inbound_id)


@shared_task(**RELIABLE)
def sweep() -> dict[str, int]:
    """Every minute (the beat): mail left pending by a lost task, answers not yet sent."""
    return services.sweep()
