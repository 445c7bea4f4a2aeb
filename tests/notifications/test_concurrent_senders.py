"""Several senders at once on PostgreSQL: every row is sent exactly once (SKIP LOCKED).

Outside CI this skips when the database is not PostgreSQL; with CI=true it fails instead.
"""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.core import mail
from django.db import connection

from notifications import services
from notifications.models import Notification

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SENDERS = 4
ROWS = 40


def run_at_once(works: list) -> list:
    """Run each callable in its own thread (and connection), all released together."""
    barrier = threading.Barrier(len(works))
    results: list = [None] * len(works)

    def run(index, work):
        try:
            barrier.wait()
            results[index] = work()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=item) for item in enumerate(works)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def pending_rows(users, game) -> list[Notification]:
    return Notification.objects.bulk_create(
        Notification(
            recipient=user,
            game=game,
            step=str(step),
            kind="your_turn",
            subject=f"turn {step} for {user.username}",
            body_text="text",
            body_html="<p>html</p>",
        )
        for user in users
        for step in range(ROWS // len(users))
    )


def test_senders_running_at_once_send_every_row_exactly_once(make_user, game, settings):
    settings.EMAIL_BACKEND = "tests.notifications.backends.SlowLocmemBackend"
    pending_rows([make_user(f"p{n}") for n in range(4)], game)
    counts = run_at_once([services.send_due] * SENDERS)
    assert sum(counts) == ROWS
    assert sum(1 for count in counts if count) > 1  # the work really was shared
    message_ids = Counter(message.message()["Message-ID"] for message in mail.outbox)
    assert len(message_ids) == ROWS and set(message_ids.values()) == {1}
    assert set(Notification.objects.values_list("status", flat=True)) == {"sent"}
    assert set(Notification.objects.values_list("attempts", flat=True)) == {1}


def test_each_rows_own_task_run_twice_and_the_sweeps_never_send_a_row_twice(
    make_user, game, settings
):
    # A task per row, delivered twice (acks_late), racing two beat sweeps.
    settings.EMAIL_BACKEND = "tests.notifications.backends.SlowLocmemBackend"
    rows = pending_rows([make_user("alice"), make_user("bob")], game)[:12]
    Notification.objects.exclude(pk__in=[row.pk for row in rows]).delete()
    tasks = [lambda pk=row.pk: services.send_one(pk) for row in rows]
    results = run_at_once(tasks + tasks + [services.send_due, services.send_due])
    assert results[: 2 * len(rows)].count(True) + sum(results[-2:]) == len(rows)
    message_ids = Counter(message.message()["Message-ID"] for message in mail.outbox)
    assert len(message_ids) == len(rows) and set(message_ids.values()) == {1}
    assert set(Notification.objects.values_list("attempts", flat=True)) == {1}
