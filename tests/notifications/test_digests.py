"""The daily digest: at the player's local hour, at most once a local day, everything waiting."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.core import mail

from games import clock
from games.models import Game
from notifications import services, tasks
from notifications.models import Notification
from notifications.tokens import read_unsubscribe_token
from tests.notifications.conftest import over_context, turn_context

# 4 March 2025: 08:00 in Paris is 07:00 UTC; 08:00 in Tokyo is 23:00 UTC the day before.
PARIS_8 = datetime(2025, 3, 4, 7, 0, tzinfo=UTC)


def waiting_rows(user, game, steps=("3", "4")) -> list[Notification]:
    rows = [
        services.notify(
            user=user, game=game, step=step, kind="your_turn", context=turn_context(game)
        )
        for step in steps
    ]
    assert all(row.status == Notification.Status.DIGEST for row in rows)
    return rows


def test_the_digest_waits_for_the_local_hour_then_combines_everything_waiting(make_user, game):
    alice = make_user("alice", time_zone="Europe/Paris", your_turn="digest", game_over="digest")
    waiting_rows(alice, game)
    services.notify(user=alice, game=game, step="end", kind="game_over", context=over_context(game))
    assert services.send_digests(PARIS_8 - timedelta(minutes=1)) == 0  # 07:59 in Paris
    assert Notification.objects.filter(kind="digest").count() == 0

    assert services.send_digests(PARIS_8 + timedelta(minutes=10)) == 1
    digest = Notification.objects.get(kind="digest")
    assert (digest.recipient, digest.game, digest.step) == (alice, None, "2025-03-04")
    assert set(digest.items.values_list("status", flat=True)) == {"digested"}
    assert digest.items.count() == 3
    assert services.send_due() == 1
    message = mail.outbox[0]
    assert message.subject == "Khôra: your daily summary (3 updates)"
    link = f"https://khora.example/games/{game.public_id}/"
    assert message.body.count("Khôra: your turn in “Aegean Nights” (round 2)") == 2
    assert "Khôra: “Aegean Nights” is over: you placed 2 of 3" in message.body
    assert message.body.count(link) == 3
    html = message.alternatives[0][0]
    assert html.count(f'<a href="{link}">') == 3
    token = message.message()["List-Unsubscribe"].rsplit("/", 2)[-2]
    assert read_unsubscribe_token(token) == (alice.pk, "digest")


def test_at_most_one_digest_per_local_day(make_user, game):
    alice = make_user("alice", time_zone="Europe/Paris", your_turn="digest")
    waiting_rows(alice, game, steps=("3",))
    assert services.send_digests(PARIS_8) == 1
    waiting_rows(alice, game, steps=("4",))  # arrives during the same digest hour
    assert services.send_digests(PARIS_8 + timedelta(minutes=30)) == 0
    assert Notification.objects.get(step="4").status == Notification.Status.DIGEST
    assert services.send_digests(PARIS_8 + timedelta(days=1)) == 1  # tomorrow's digest has it
    assert Notification.objects.get(step="4").status == Notification.Status.DIGESTED
    assert list(
        Notification.objects.filter(kind="digest").order_by("step").values_list("step", flat=True)
    ) == ["2025-03-04", "2025-03-05"]


def test_each_player_gets_the_digest_at_their_own_hour_and_their_own_date(make_user, game):
    paris = make_user("paris", time_zone="Europe/Paris", your_turn="digest")
    tokyo = make_user("tokyo", time_zone="Asia/Tokyo", your_turn="digest", digest_hour=8)
    early = make_user("early", time_zone="Europe/Paris", your_turn="digest", digest_hour=6)
    for user in (paris, tokyo, early):
        waiting_rows(user, game, steps=("3",))
    tokyo_8 = datetime(2025, 3, 3, 23, 0, tzinfo=UTC)  # 08:00 on 4 March in Tokyo
    assert services.send_digests(tokyo_8) == 1
    assert services.send_digests(datetime(2025, 3, 4, 5, 0, tzinfo=UTC)) == 1  # 06:00 Paris
    assert services.send_digests(PARIS_8) == 1
    digests = Notification.objects.filter(kind="digest")
    assert {(row.recipient.username, row.step) for row in digests} == {
        ("tokyo", "2025-03-04"),
        ("early", "2025-03-04"),
        ("paris", "2025-03-04"),
    }


def test_nobody_gets_an_empty_digest(make_user, game):
    make_user("alice", time_zone="Europe/Paris", your_turn="digest")
    assert services.send_digests(PARIS_8) == 0
    assert Notification.objects.count() == 0


def test_rows_of_a_kind_turned_off_since_are_dropped_not_sent(make_user, game):
    alice = make_user("alice", your_turn="digest", reminder="digest")
    waiting_rows(alice, game, steps=("3",))
    reminder = services.notify(
        user=alice, game=game, step="3", kind="reminder_2h", context=turn_context(game)
    )
    alice.notification_preference.your_turn = "off"
    alice.notification_preference.save()
    assert services.send_digests(datetime(2025, 3, 4, 8, 0, tzinfo=UTC)) == 1
    digest = Notification.objects.get(kind="digest")
    assert list(digest.items.all()) == [reminder]
    assert "your turn" not in digest.body_text
    assert not Notification.objects.filter(status=Notification.Status.DIGEST).exists()


def test_a_digest_of_several_games_lists_each_game(make_user, game):
    alice = make_user("alice", your_turn="digest")
    other = Game.objects.create(creator=alice, rules_version="test", num_seats=2)
    waiting_rows(alice, game, steps=("3",))
    waiting_rows(alice, other, steps=("3",))
    services.send_digests(datetime(2025, 3, 4, 8, 0, tzinfo=UTC))
    body = Notification.objects.get(kind="digest").body_text
    assert game.public_id in body and other.public_id in body


def test_the_digest_task_reads_the_clock(make_user, game):
    alice = make_user("alice", your_turn="digest")
    waiting_rows(alice, game, steps=("3",))
    with clock.frozen_at(datetime(2025, 3, 4, 8, 5, tzinfo=UTC)):
        assert tasks.send_daily_digests() == 1
        assert tasks.send_due_notifications() == 1
    assert mail.outbox[0].subject == "Khôra: your daily summary (1 update)"
