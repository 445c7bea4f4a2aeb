from celery import shared_task

from webhooks import delivering, recording


@shared_task(ignore_result=True)
def deliver_webhook(delivery_id: int, attempts: int) -> bool:
    return delivering.deliver(delivery_id, attempts)


@shared_task(ignore_result=True)
def hand_on_webhooks(owner_ids: list[int]) -> int:
    return delivering.hand_on_accounts(owner_ids)


@shared_task(ignore_result=True)
def record_webhook_events(event: dict) -> None:
    # The releases before the outbox queued a game's event itself: one left in the queue by
    # the deploy is still written and sent. (Nothing queues it now.)
    recording.record(event)


@shared_task(ignore_result=True)
def sweep_webhooks() -> int:
    return delivering.sweep()
