"""The Prometheus metrics: what the processes count as they work, and what is read from the
database and the broker when /metrics is scraped.

Under gunicorn (several worker processes) and beside the stream and worker processes of one
machine, prometheus-client's multiprocess mode keeps each process's values in files under
PROMETHEUS_MULTIPROC_DIR, and a scrape of any web process adds them all up
(deploy/systemd/ gives every process the same directory). Without that variable (the embedded
default, the tests) the values live in this process.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator

from django.conf import settings
from django.db.models import Count, Min
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead

from common import clock
from live.hub import HUB
from notifications.models import Notification
from operations.health import QUEUES
from webhooks.models import Delivery

REQUESTS = Counter(
    "khora_http_requests", "Requests answered, by view and status.", ["view", "method", "status"]
)
REQUEST_SECONDS = Histogram(
    "khora_http_request_duration_seconds",
    "Time to answer a request (a stream: until its headers).",
    ["view"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
DECISIONS = Counter(
    "khora_decisions", "Decisions accepted, and refused by their code.", ["outcome", "code"]
)
TASKS = Counter("khora_tasks", "Celery tasks run, by name and outcome.", ["task", "outcome"])
TASK_SECONDS = Histogram(
    "khora_task_duration_seconds",
    "Time a Celery task ran (games.tasks.advance_game: a game's advance latency).",
    ["task"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60),
)
OPEN_STREAMS = Gauge(
    "khora_open_streams", "Event streams open in the stream processes.", multiprocess_mode="livesum"
)


def multiprocess() -> bool:
    return bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))


def exposition() -> bytes:
    """The text a scrape gets: every process's counts, then the site's state read now."""
    site = CollectorRegistry(auto_describe=False)
    site.register(SiteCollector())
    if multiprocess():
        processes = CollectorRegistry()
        MultiProcessCollector(processes)
        return generate_latest(processes) + generate_latest(site)
    return generate_latest(REGISTRY) + generate_latest(site)


class SiteCollector:
    """Read at each scrape, a few indexed queries: the outbox, the webhook backlog, the
    queues."""

    def collect(self) -> Iterator[Metric]:
        yield from self._outbox()
        yield from self._webhooks()
        yield from self._queues()

    def _outbox(self) -> Iterator[Metric]:
        now = clock.now()
        due = GaugeMetricFamily(
            "khora_outbox_due", "Emails due to be sent now, by kind.", labels=["kind"]
        )
        oldest = GaugeMetricFamily(
            "khora_outbox_oldest_due_seconds",
            "How long the oldest email due has waited, by kind.",
            labels=["kind"],
        )
        rows = (
            Notification.objects.filter(
                status=Notification.Status.PENDING, next_attempt_at__lte=now
            )
            .values("kind")
            .annotate(count=Count("id"), oldest=Min("next_attempt_at"))
        )
        for row in rows:
            due.add_metric([row["kind"]], row["count"])
            oldest.add_metric([row["kind"]], (now - row["oldest"]).total_seconds())
        emails = GaugeMetricFamily(
            "khora_emails",
            "Emails in the outbox, by status (sent, failed, ...).",
            labels=["status"],
        )
        for by_status in Notification.objects.values("status").annotate(count=Count("id")):
            emails.add_metric([by_status["status"]], by_status["count"])
        yield from (due, oldest, emails)

    def _webhooks(self) -> Iterator[Metric]:
        deliveries = GaugeMetricFamily(
            "khora_webhook_deliveries", "Webhook deliveries, by outcome.", labels=["status"]
        )
        for row in Delivery.objects.values("status").annotate(count=Count("id")):
            deliveries.add_metric([row["status"]], row["count"])
        yield deliveries

    def _queues(self) -> Iterator[Metric]:
        from celery import current_app

        if not settings.REDIS_URL or current_app.conf.task_always_eager:
            return
        import redis

        lengths = GaugeMetricFamily(
            "khora_celery_queue_length", "Tasks waiting in each Celery queue.", labels=["queue"]
        )
        client = redis.Redis.from_url(
            settings.CELERY_BROKER_URL, socket_timeout=0.5, socket_connect_timeout=0.5
        )
        try:
            for queue in QUEUES:  # kombu's Redis transport: one list per queue, named as it
                lengths.add_metric([queue], client.llen(queue))
        finally:
            client.close()
        yield lengths


# -- the stream processes ---------------------------------------------------------------------


def follow_open_streams(every: float = 5.0) -> threading.Event:
    """In a stream process: keep khora_open_streams at the count of its open streams. Returns
    the event that stops it."""
    stop = threading.Event()

    def run() -> None:
        while not stop.is_set():
            OPEN_STREAMS.set(HUB.open_streams())
            stop.wait(every)

    threading.Thread(target=run, daemon=True, name="khora-stream-gauge").start()
    return stop


def process_exited(pid: int) -> None:
    """A process of the multiprocess directory is gone: its live gauges stop counting."""
    if multiprocess():
        mark_process_dead(pid)
