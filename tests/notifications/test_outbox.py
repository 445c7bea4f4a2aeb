"""The outbox: one row per cause, written with the caller's transaction, sent once, retried."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.db import IntegrityError, transaction

from common import clock
from games.models import Game
from notifications import services, tasks
from notifications.models import Notification
from tests.notifications.conftest import turn_context

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def notify_turn(user, game, step="7", kind="your_turn"):
    return services.notify(user=user, game=game, step=step, kind=kind, context=turn_context(game))


def test_a_second_notify_for_the_same_cause_is_a_no_op_and_the_callers_transaction_commits(
    make_user, game
):
    alice = make_user("alice")
    with transaction.atomic():
        first = notify_turn(alice, game)
        second = notify_turn(alice, game)
        Game.objects.filter(pk=game.pk).update(step_hours=7)  # the caller carries on writing
    assert first is not None and second is None
    assert Notification.objects.count() == 1
    game.refresh_from_db()
    assert game.step_hours == 7


def test_a_duplicate_that_slips_past_the_check_hits_the_constraint_inside_a_savepoint(
    make_user, game, monkeypatch
):
    # Two callers racing both see "not written yet"; the constraint must refuse the second
    # without poisoning the caller's transaction.
    alice = make_user("alice")
    notify_turn(alice, game)
    monkeypatch.setattr(services, "_already_written", lambda cause: False)
    with transaction.atomic():
        assert notify_turn(alice, game) is None
        Game.objects.filter(pk=game.pk).update(step_hours=9)
    game.refresh_from_db()
    assert game.step_hours == 9 and Notification.objects.count() == 1


def test_the_same_kind_for_another_step_game_or_player_is_a_new_notification(make_user, game):
    alice, bob = make_user("alice"), make_user("bob")
    other = Game.objects.create(creator=alice, rules_version="test", num_seats=2)
    written = [
        notify_turn(alice, game, step="7"),
        notify_turn(alice, game, step="8"),
        notify_turn(bob, game, step="7"),
        notify_turn(alice, other, step="7"),
        notify_turn(alice, game, step="7", kind="reminder_24h"),
        notify_turn(alice, game, step="7", kind="reminder_2h"),
    ]
    assert all(written) and Notification.objects.count() == 6


def test_the_database_allows_one_gameless_digest_per_user_and_day(make_user):
    alice = make_user("alice")
    fields = {"recipient": alice, "game": None, "step": "2025-03-01", "kind": "digest"}
    Notification.objects.create(**fields, subject="s", body_text="t", body_html="h")
    with pytest.raises(IntegrityError), transaction.atomic():
        Notification.objects.create(**fields, subject="s", body_text="t", body_html="h")


def test_immediately_sends_once_the_cause_commits_and_not_before(
    make_user, game, django_capture_on_commit_callbacks
):
    alice = make_user("alice")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with transaction.atomic():
            row = notify_turn(alice, game)
            assert row.status == Notification.Status.PENDING
        assert mail.outbox == []  # nothing is sent before the cause commits
    assert len(callbacks) == 1
    assert len(mail.outbox) == 1
    row.refresh_from_db()
    assert row.status == Notification.Status.SENT and row.attempts == 1


def test_a_cause_rolled_back_leaves_no_notification_and_sends_nothing(
    make_user, game, django_capture_on_commit_callbacks
):
    alice = make_user("alice")
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        notify_turn(alice, game)
        transaction.set_rollback(True)
    assert Notification.objects.count() == 0 and mail.outbox == []


def test_off_writes_nothing(make_user, game):
    alice = make_user("alice", your_turn="off")
    assert notify_turn(alice, game) is None
    assert notify_turn(alice, game, kind="reminder_2h") is not None  # only that family is off
    assert Notification.objects.filter(kind="your_turn").count() == 0


def test_digest_stores_the_row_for_the_digest_and_never_sends_it_alone(
    make_user, game, django_capture_on_commit_callbacks
):
    alice = make_user("alice", reminder="digest")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        row = notify_turn(alice, game, kind="reminder_24h")
    assert row.status == Notification.Status.DIGEST and callbacks == []
    assert services.send_due() == 0 and mail.outbox == []


def test_a_user_without_an_email_address_gets_nothing(make_user, game):
    assert notify_turn(make_user("mute", email=""), game) is None
    assert Notification.objects.count() == 0


def test_send_notification_is_safe_to_run_twice(make_user, game):
    row = notify_turn(make_user("alice"), game)
    assert tasks.send_notification(row.pk) is True
    assert tasks.send_notification(row.pk) is False
    assert len(mail.outbox) == 1


def test_send_due_notifications_sends_what_is_pending(make_user, game):
    notify_turn(make_user("alice"), game)
    notify_turn(make_user("bob"), game)
    assert tasks.send_due_notifications() == 2
    assert tasks.send_due_notifications() == 0
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.com", "bob@example.com"]


def test_send_due_respects_its_limit(make_user, game):
    for name in ("a", "b", "c"):
        notify_turn(make_user(name), game)
    assert services.send_due(limit=2) == 2
    assert services.send_due(limit=2) == 1


def test_a_failing_server_is_retried_with_growing_waits_then_the_row_fails(
    make_user, game, settings
):
    settings.EMAIL_BACKEND = "tests.notifications.backends.FailingBackend"
    with clock.frozen_at(T0):
        row = notify_turn(make_user("alice"), game)
    waits = []
    moment = T0
    for attempt in range(1, settings.NOTIFY_MAX_ATTEMPTS):
        with clock.frozen_at(moment):
            assert services.send_due() == 0
        row.refresh_from_db()
        assert row.status == Notification.Status.PENDING and row.attempts == attempt
        assert "SMTPServerDisconnected: the test server hung up" in row.last_error
        waits.append(row.next_attempt_at - moment)
        with clock.frozen_at(row.next_attempt_at - timedelta(seconds=1)):
            assert services.send_due() == 0  # not due yet: the attempt count stays
        row.refresh_from_db()
        assert row.attempts == attempt
        moment = row.next_attempt_at
    assert waits == [timedelta(minutes=1), timedelta(minutes=2), timedelta(minutes=4)]
    with clock.frozen_at(moment):
        assert services.send_due() == 0
    row.refresh_from_db()
    assert row.status == Notification.Status.FAILED and row.attempts == 4
    with clock.frozen_at(moment + timedelta(days=1)):
        assert services.send_due() == 0  # a failed row is never tried again
    row.refresh_from_db()
    assert row.attempts == 4 and row.sent_at is None


def test_a_retry_that_succeeds_keeps_the_message_id(make_user, game, settings):
    settings.EMAIL_BACKEND = "tests.notifications.backends.FailingBackend"
    with clock.frozen_at(T0):
        row = notify_turn(make_user("alice"), game)
        services.send_due()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    later = T0 + timedelta(minutes=5)
    with clock.frozen_at(later):
        assert services.send_due() == 1
        assert services.send_due() == 0
    row.refresh_from_db()
    assert row.status == Notification.Status.SENT and row.sent_at == later and row.attempts == 2
    assert mail.outbox[0].message()["Message-ID"] == f"<{row.uuid}@khora.example>"


def test_backoff_doubles_and_never_exceeds_a_day(settings):
    settings.NOTIFY_RETRY_SECONDS = 60
    assert [services.backoff(n).total_seconds() for n in (1, 2, 3, 4)] == [60, 120, 240, 480]
    assert services.backoff(40) == timedelta(hours=24)
