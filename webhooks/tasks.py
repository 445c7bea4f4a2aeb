from celery import shared_task

from webhooks import delivering, services


@shared_task(ignore_result=True)
def deliver_webhook(delivery_id: int, attempts: int) -> bool:
    return delivering.deliver(delivery_id, attempts)


@shared_task(ignore_result=True)
def record_webhook_events(event: dict) -> int:
    return len(services.deliveries_create(event))


@shared_task(ignore_result=True)
def sweep_webhooks() -> int:
    return delivering.sweep()
