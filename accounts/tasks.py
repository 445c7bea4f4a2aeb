"""Celery tasks of the accounts app."""

from celery import shared_task

from accounts.token_auth import expired_tokens_delete
from common.reliability import RELIABLE


@shared_task(**RELIABLE)
def prune_expired_tokens() -> int:
    """Hourly: delete expired API tokens (a request no longer cleans them up; a login deletes
    its own user's)."""
    return expired_tokens_delete()
