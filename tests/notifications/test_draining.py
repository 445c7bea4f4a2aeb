"""The sender drains what is due, owed kinds first, and never waits twice on a dead server."""

from __future__ import annotations

import socket
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail

from common import clock
from games.models import Game, Seat
from notifications import sending, services, tasks
from notifications.models import Notification
from tests.notifications.conftest import over_context, turn_context

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def row(user, game, step, kind="default_played", due=T0, **fields) -> Notification:
    """A pending row as `notify` writes it, due at `due`."""
    return Notification.objects.create(
        recipient=user,
        game=game,
        step=step,
        kind=kind,
        subject=f"{kind} {step}",
        body_text="t",
        body_html="<p>h</p>",
        next_attempt_at=due,
        **fields,
    )


def test_one_drain_sends_everything_due_not_just_a_hundred(make_user, game):
    alice = make_user("alice")
    for step in range(250):
        row(alice, game, str(step))
    with clock.frozen_at(T0):
        drained = sending.drain()
    assert (drained.sent, drained.more) == (250, False)
    assert len(mail.outbox) == 250


def test_owed_kinds_go_out_before_older_rows_of_other_kinds(make_user, game):
    alice, bob = make_user("alice"), make_user("bob")
    for step in range(5):  # due earlier, but nobody is owed them
        row(alice, game, f"default{step}", due=T0 - timedelta(minutes=10 - step))
    row(bob, game, "end", kind="game_over", due=T0)
    row(bob, game, "start", kind="game_started", due=T0 - timedelta(minutes=1))
    with clock.frozen_at(T0):
        assert services.send_due(limit=2) == 2
    assert [m.subject for m in mail.outbox] == ["game_started start", "game_over end"]
    with clock.frozen_at(T0):
        assert services.send_due() == 5


def test_a_drain_stops_at_its_budget_and_says_more_is_due(make_user, game):
    alice = make_user("alice")
    for step in range(3):
        row(alice, game, str(step))
    with clock.frozen_at(T0):
        drained = sending.drain(budget=0)
    assert (drained.sent, drained.more) == (0, True)
    with clock.frozen_at(T0):
        assert tasks.send_due_notifications() == 3  # the task drains to the end in-process


def test_rows_whose_seat_answered_are_superseded_in_one_statement_before_any_claim(
    make_user, game, django_assert_max_num_queries
):
    alice = make_user("alice")
    game.status = Game.Status.ACTIVE
    game.save()
    Seat.objects.create(game=game, position=0, user=alice, pending_prompt="p-now")
    for step in range(90):  # asked prompts alice has since answered
        row(alice, game, str(step), kind="your_turn", prompt=f"p{step}")
    for step in range(5):
        row(alice, game, f"r{step}", kind="reminder_2h", prompt=f"q{step}")
    row(alice, game, "now", kind="your_turn", prompt="p-now")
    with clock.frozen_at(T0), django_assert_max_num_queries(20):
        drained = sending.drain()
    assert (drained.sent, drained.superseded) == (1, 95)
    assert Notification.objects.filter(status="superseded").count() == 95


def test_a_crashed_games_prompts_are_never_announced(make_user, game):
    alice, bob = make_user("alice"), make_user("bob")
    game.status = Game.Status.CRASHED
    game.save()
    # The seats still say they owe their prompts: the game stopped where it crashed.
    Seat.objects.create(game=game, position=0, user=alice, pending_prompt="p1")
    Seat.objects.create(game=game, position=1, user=bob, pending_prompt="p2")
    turn = row(alice, game, "7", kind="your_turn", prompt="p1")
    reminder = row(bob, game, "7", kind="reminder_2h", prompt="p2")
    started = row(bob, game, "start", kind="game_started", prompt="p2")
    with clock.frozen_at(T0):
        assert services.send_one(started.pk) is False  # its own task, as well as the drain
        assert services.send_due() == 0
    assert mail.outbox == []
    for each in (turn, reminder, started):
        each.refresh_from_db()
        assert each.status == Notification.Status.SUPERSEDED


def test_after_the_server_hangs_up_every_send_pauses_and_rows_stay_pending(
    make_user, game, settings
):
    settings.EMAIL_BACKEND = "tests.notifications.backends.FailingBackend"
    settings.NOTIFY_PAUSE_SECONDS = 60
    alice = make_user("alice")
    first = row(alice, game, "1")
    second = row(alice, game, "2")
    with clock.frozen_at(T0):
        assert services.send_due() == 0
        assert sending.paused()
        assert services.send_one(second.pk) is False
        assert services.send_due() == 0
    first.refresh_from_db(), second.refresh_from_db()
    assert (first.attempts, second.attempts) == (1, 0), "one attempt found it down; no second"
    assert second.status == Notification.Status.PENDING
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    with clock.frozen_at(T0 + timedelta(seconds=59)):
        assert services.send_due() == 0
    with clock.frozen_at(T0 + timedelta(seconds=61)):
        assert services.send_due() == 2  # the pause and the first row's retry wait are over


class SilentSmtpServer:
    """Accepts connections and never says a word (not even the greeting)."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.accepted: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                self.accepted.append(self.listener.accept()[0])
            except OSError:
                return

    def close(self) -> None:
        self.listener.close()
        for each in self.accepted:
            each.close()


@pytest.fixture
def silent_smtp(settings):
    server = SilentSmtpServer()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = False
    yield server
    server.close()


def test_a_silent_server_costs_one_timeout_then_sends_return_at_once(
    make_user, game, silent_smtp, settings
):
    settings.EMAIL_TIMEOUT = 1
    alice = make_user("alice")
    rows = [row(alice, game, str(step), due=clock.now()) for step in range(20)]
    started = time.monotonic()
    assert services.send_due() == 0
    first = time.monotonic() - started
    started = time.monotonic()
    assert [services.send_one(each.pk) for each in rows] == [False] * 20
    assert services.send_due() == 0
    after = time.monotonic() - started
    assert 0.9 < first < 1.9, first
    assert after < 0.5, after
    assert Notification.objects.filter(attempts=1).count() == 1
    assert Notification.objects.filter(status="pending").count() == 20


def test_the_supersede_statement_touches_only_the_answered_asks_of_that_game(make_user, game):
    alice, bob = make_user("alice"), make_user("bob")
    other = Game.objects.create(creator=alice, rules_version="test", num_seats=2)
    held = row(alice, game, "7", kind="your_turn", prompt="p1", due=T0 + timedelta(minutes=5))
    reminder = row(alice, game, "7", kind="reminder_2h", prompt="p1")
    same_prompt_elsewhere = row(alice, other, "7", kind="your_turn", prompt="p1")
    bobs = row(bob, game, "7", kind="your_turn", prompt="p1")
    started = row(alice, game, "start", kind="game_started", prompt="p1")
    over = row(alice, game, "end", kind="game_over", **{"prompt": ""})
    sql, params = sending.superseding(game.pk, [(alice.pk, "p1"), (alice.pk, "p0")])
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(sql, params)
    status = {r.pk: r.status for r in Notification.objects.all()}
    assert status[held.pk] == status[reminder.pk] == "superseded"
    for kept in (same_prompt_elsewhere, bobs, started, over):
        assert status[kept.pk] == "pending"


def test_game_over_context_still_renders(make_user, game):
    # The outbox's own kinds are unchanged by the sender's split: a game over goes out whole.
    services.notify(
        user=make_user("alice"), game=game, step="end", kind="game_over", context=over_context(game)
    )
    services.notify(
        user=make_user("bob"), game=game, step="4", kind="your_turn", context=turn_context(game)
    )
    assert services.send_due() == 2
    assert Notification.objects.get(kind="game_over").language == "en"


def test_the_sweep_sends_a_row_whose_hold_ended_without_waiting_for_the_minute_tick(
    make_user, game, settings
):
    from games.workers import tasks as game_tasks

    settings.GAME_SWEEP_SECONDS = 4
    alice = make_user("alice")
    now = clock.now()
    ended = row(alice, game, "held", due=now - timedelta(seconds=5))  # its hold ended 5 s ago
    fresh = row(alice, game, "fresh", due=now - timedelta(seconds=1))  # its own task is on its way
    with clock.frozen_at(now):
        game_tasks.sweep()
    ended.refresh_from_db(), fresh.refresh_from_db()
    assert ended.status == "sent"
    # The drain the sweep started takes whatever is due then, the fresh row too.
    assert fresh.status == "sent"
    assert Notification.objects.filter(status="pending").count() == 0
    row(alice, game, "later", due=now - timedelta(seconds=1))
    with clock.frozen_at(now):
        game_tasks.sweep()  # nothing has waited a sweep period: no drain
    assert Notification.objects.get(step="later").status == "pending"


def test_a_drain_task_on_a_worker_hands_the_rest_to_a_new_task_at_the_back_of_the_queue(
    monkeypatch, db
):
    queued = []
    slices = iter([sending.Drained(sent=40, more=True), sending.Drained(sent=3)])
    monkeypatch.setattr(services, "drain", lambda budget: next(slices))
    monkeypatch.setattr(tasks.send_due_notifications, "delay", lambda: queued.append(1))
    assert tasks.send_due_notifications.run() == 40  # as a worker runs it (not eager)
    assert queued == [1], "more was due: a new task takes it after what is queued"
    assert tasks.send_due_notifications.run() == 3
    assert queued == [1], "nothing more: the chain ends"
