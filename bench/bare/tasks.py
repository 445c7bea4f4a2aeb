"""The reference task of bench/advance_latency.py: one small row, written by a worker.

Found by the worker's autodiscovery under bench.settings only (the product never installs
bench.bare). Same delivery options as the product's tasks, so the broker hop is the same.
"""

from celery import shared_task

from bench.bare.models import BareDecision
from common.reliability import RELIABLE


@shared_task(**RELIABLE)
def write_reference_row(token: str) -> None:
    BareDecision.objects.create(prompt=token, option="reference")
