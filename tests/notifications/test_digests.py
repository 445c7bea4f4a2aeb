"""The daily digest's schedule and its news: at the player's local hour, at most once a local
day, when something was kept for it. (What it lists as waiting for an answer, read from the
games at sending time: test_digest_waits_now.py.)"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from django.core import mail

from accounts.login_links import target_of
from common import clock
from games.models import Game
from notifications import digests, services, tasks
from notifications.models import Notification
from notifications.tokens import read_unsubscribe_token
from tests.notifications.conftest import over_context, turn_context

# 4 March 2025: 08:00 in Paris is 07:00 UTC; 08:00 in Tokyo is 23:00 UTC the day before.
PARIS_8 = datetime(2025, 3, 4, 7, 0, tzinfo=UTC)
LOGIN_LINK = re.compile(r"https://khora\.example/login/link/\S+?/(?=\s|\")")


def game_links(text: str) -> list[str]:
    """The login links to a game's page in an email (the footer's lead to the preferences)."""
    return [
        link for link in LOGIN_LINK.findall(text) if (target_of(link) or "").startswith("/games/")
    ]


def news_rows(user, game, steps=("3", "4")) -> list[Notification]:
    """ "The default was played for you" notices kept for the digest: news, not questions."""
    rows = [
        services.notify(
            user=user,
            game=game,
            step=f"default{step}",
            kind="default_played",
            context=turn_context(game, defaults_played=["Keep Lyceum"]),
        )
        for step in steps
    ]
    assert all(row.status == Notification.Status.DIGEST for row in rows)
    return rows


def turn_rows(user, game, steps=("3",)) -> list[Notification]:
    """ "Your turn" rows kept for the digest. The test game asks nobody anything now (it has no
    seats), so for the digest they are prompts answered since."""
    return [
        services.notify(
            user=user, game=game, step=step, kind="your_turn", context=turn_context(game)
        )
        for step in steps
    ]


def test_the_digest_waits_for_the_local_hour_then_lists_the_news(make_user, game):
    alice = make_user("alice", time_zone="Europe/Paris", your_turn="digest", game_over="digest")
    turn_rows(alice, game, steps=("3", "4"))
    services.notify(user=alice, game=game, step="end", kind="game_over", context=over_context(game))
    assert digests.send_digests(PARIS_8 - timedelta(minutes=1)) == 0  # 07:59 in Paris
    assert Notification.objects.filter(kind="digest").count() == 0

    assert digests.send_digests(PARIS_8 + timedelta(minutes=10)) == 1
    digest = Notification.objects.get(kind="digest")
    assert (digest.recipient, digest.game, digest.step) == (alice, None, "2025-03-04")
    assert set(digest.items.values_list("status", flat=True)) == {"digested"}
    assert digest.items.count() == 3
    assert services.send_due() == 1
    message = mail.outbox[0]
    assert message.subject == "Khôra: your daily summary (1 update)"
    # The "your turn" rows were answered since: not listed, and nothing waits now.
    assert "your turn" not in message.body
    assert "Nothing waits for your answer right now." in message.body
    assert "News since your last summary:" in message.body
    assert "  - Khôra: “Aegean Nights” is over: you placed 2 of 3" in message.body
    (link,) = game_links(message.body)
    assert target_of(link) == f"/games/{game.public_id}/"  # opened logged in
    html = message.alternatives[0][0]
    assert f'<a href="{link}">Khôra: “Aegean Nights” is over: you placed 2 of 3</a>' in html
    token = message.message()["List-Unsubscribe"].rsplit("/", 2)[-2]
    assert read_unsubscribe_token(token) == (alice.pk, "digest")
    assert message.reply_to == []  # nothing to answer


def test_rows_of_prompts_answered_since_and_no_news_send_nothing(make_user, game):
    alice = make_user("alice", time_zone="Europe/Paris", your_turn="digest")
    rows = turn_rows(alice, game, steps=("3", "4"))
    assert digests.send_digests(PARIS_8) == 0
    assert not Notification.objects.filter(kind="digest").exists()
    for row in rows:
        row.refresh_from_db()
        assert (row.status, row.digest) == (Notification.Status.DIGESTED, None)


def test_at_most_one_digest_per_local_day(make_user, game):
    alice = make_user("alice", time_zone="Europe/Paris", your_turn="digest")
    news_rows(alice, game, steps=("3",))
    assert digests.send_digests(PARIS_8) == 1
    news_rows(alice, game, steps=("4",))  # arrives during the same digest hour
    assert digests.send_digests(PARIS_8 + timedelta(minutes=30)) == 0
    assert Notification.objects.get(step="default4").status == Notification.Status.DIGEST
    assert digests.send_digests(PARIS_8 + timedelta(days=1)) == 1  # tomorrow's digest has it
    assert Notification.objects.get(step="default4").status == Notification.Status.DIGESTED
    assert list(
        Notification.objects.filter(kind="digest").order_by("step").values_list("step", flat=True)
    ) == ["2025-03-04", "2025-03-05"]


def test_each_player_gets_the_digest_at_their_own_hour_and_their_own_date(make_user, game):
    paris = make_user("paris", time_zone="Europe/Paris", your_turn="digest")
    tokyo = make_user("tokyo", time_zone="Asia/Tokyo", your_turn="digest", digest_hour=8)
    early = make_user("early", time_zone="Europe/Paris", your_turn="digest", digest_hour=6)
    for user in (paris, tokyo, early):
        news_rows(user, game, steps=("3",))
    tokyo_8 = datetime(2025, 3, 3, 23, 0, tzinfo=UTC)  # 08:00 on 4 March in Tokyo
    assert digests.send_digests(tokyo_8) == 1
    assert digests.send_digests(datetime(2025, 3, 4, 5, 0, tzinfo=UTC)) == 1  # 06:00 Paris
    assert digests.send_digests(PARIS_8) == 1
    sent = Notification.objects.filter(kind="digest")
    assert {(row.recipient.username, row.step) for row in sent} == {
        ("tokyo", "2025-03-04"),
        ("early", "2025-03-04"),
        ("paris", "2025-03-04"),
    }


def test_nobody_gets_an_empty_digest(make_user, game):
    make_user("alice", time_zone="Europe/Paris", your_turn="digest")
    assert digests.send_digests(PARIS_8) == 0
    assert Notification.objects.count() == 0


def test_rows_of_a_kind_turned_off_since_are_dropped_not_sent(make_user, game):
    alice = make_user("alice", your_turn="digest", game_over="digest")
    (notice,) = news_rows(alice, game, steps=("3",))
    services.notify(user=alice, game=game, step="end", kind="game_over", context=over_context(game))
    alice.notification_preference.game_over = "off"
    alice.notification_preference.save()
    assert digests.send_digests(datetime(2025, 3, 4, 8, 0, tzinfo=UTC)) == 1
    digest = Notification.objects.get(kind="digest")
    assert list(digest.items.all()) == [notice]
    assert "is over" not in digest.body_text
    assert "the default was played" in digest.body_text
    assert not Notification.objects.filter(status=Notification.Status.DIGEST).exists()


def test_a_digest_of_several_games_links_each_game(make_user, game):
    alice = make_user("alice", your_turn="digest")
    other = Game.objects.create(creator=alice, rules_version="test", num_seats=2)
    news_rows(alice, game, steps=("3",))
    news_rows(alice, other, steps=("3",))
    digests.send_digests(datetime(2025, 3, 4, 8, 0, tzinfo=UTC))
    body = Notification.objects.get(kind="digest").body_text
    targets = {target_of(link) for link in game_links(body)}
    assert targets == {f"/games/{game.public_id}/", f"/games/{other.public_id}/"}


def test_the_digest_task_reads_the_clock(make_user, game):
    alice = make_user("alice", your_turn="digest")
    news_rows(alice, game, steps=("3",))
    with clock.frozen_at(datetime(2025, 3, 4, 8, 5, tzinfo=UTC)):
        assert tasks.send_daily_digests() == 1
        assert tasks.send_due_notifications() == 1
    assert mail.outbox[0].subject == "Khôra: your daily summary (1 update)"
