"""Issue 52: webhook work goes to the `webhooks` queue, and no worker that serves the games'
queue consumes it, whatever --queues it was started with (the real processes:
tests/integration/test_webhook_outbox.py)."""

from __future__ import annotations

import pytest

from khora_site.celery import app, keep_webhooks_off_the_games_queue
from webhooks import tasks

GAMES = app.conf.task_default_queue


def test_every_webhook_task_goes_to_the_webhooks_queue_and_no_game_task_does():
    for name in tasks.__dict__:
        task = getattr(tasks, name)
        if hasattr(task, "apply_async"):
            assert app.amqp.router.route({}, task.name)["queue"].name == "webhooks", task.name
    assert app.amqp.router.route({}, "games.tasks.advance_game")["queue"].name == GAMES


@pytest.mark.parametrize(
    ("started_with", "consumed"),
    [
        (None, {"celery", "email"}),  # the small site's worker, started without --queues
        ("celery", {"celery"}),
        ("celery,webhooks", {"celery"}),
        ("celery,email,webhooks", {"celery", "email"}),
        ("webhooks", {"webhooks"}),
        ("email,webhooks", {"email", "webhooks"}),
    ],
)
def test_a_worker_serving_games_never_consumes_webhooks(started_with, consumed):
    queues = app.amqp.Queues(app.conf.task_queues)  # what a worker's --queues select from
    if started_with:
        queues.select(started_with.split(","))
    dropped = keep_webhooks_off_the_games_queue(queues, GAMES)
    assert set(queues.consume_from) == consumed
    assert dropped == ("webhooks" in (started_with or "webhooks") and GAMES in consumed)
