"""The daily digest says what waits for the player now, read from the games at sending time:
most urgent first, deadlines on the player's own clock, each option with its answer link, and
nothing already answered. (The scheduling of digests: test_digests.py.)"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.test import Client

from accounts.models import Profile
from common import clock
from games import services as game_services
from games.models import Game, GameEvent
from mailplay import services as mail_services
from notifications import digests
from notifications.mail_tokens import read_answer_token, reply_address
from notifications.models import Notification, NotificationPreference
from tests.mailplay.conftest import reply
from tests.players import url

NOON = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)  # the games start then
SEND = NOON + timedelta(hours=1)  # 13:00 UTC: 15:00 in Kyiv, 08:00 in New York
REPLIES = "play@khora.example"
LINK = re.compile(r"https://khora\.example/mail/answer/([^/\s\"]+)/")
# Words of our own English chrome; none may be left in a Ukrainian digest.
ENGLISH = re.compile(
    r"\b(the|you|your|game|games|to|of|and|in|by|is|answer|send|number|open|news|stop|wait)\b",
    re.I,
)


@pytest.fixture(autouse=True)
def reply_box(settings):
    settings.MAILPLAY_REPLY_ADDRESS = REPLIES


def _digest_reader(player, *, language="en", time_zone="America/New_York", **preferences):
    """A player who gets "your turn" and "game started" news in the daily digest, at the hour
    SEND shows on their clock."""
    Profile.objects.filter(user=player.user).update(language=language, time_zone=time_zone)
    hour = {"America/New_York": 8, "Europe/Kyiv": 15}[time_zone]
    NotificationPreference.objects.create(
        user=player.user,
        your_turn="digest",
        game_started="digest",
        digest_hour=hour,
        **preferences,
    )
    return player


def _game(players, *, name: str, hours: int) -> Game:
    """A started 3-seat game (the third seat a bot) whose first step lasts `hours`."""
    creator, *others = players
    with clock.frozen_at(NOON):
        game = game_services.game_create(
            creator=creator.user,
            game_type="khora",
            seats=3,
            options={},
            step_hours=hours,
            name=name,
        )
        for player in others:
            game_services.game_join(public_id=game.public_id, user=player.user)
        game_services.game_start(public_id=game.public_id, user=creator.user, fill_with_bots=True)
    game.refresh_from_db()
    return game


def _answer(player, game) -> None:
    prompt = player.get(url(game, "prompt")).json()["prompt"]
    with clock.frozen_at(NOON + timedelta(minutes=30)):
        response = player.post(
            url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
        )
    assert response.status_code == 200, response.content


def _send_digests() -> None:
    with clock.frozen_at(SEND):
        digests.send_digests(SEND)


def _digest_of(player) -> Notification:
    return Notification.objects.get(recipient=player.user, kind="digest")


def _keep_game_over(player, game: Game, subject: str) -> Notification:
    """A "game over" row kept for the player's digest, as the games side writes it."""
    return Notification.objects.create(
        recipient=player.user,
        game=game,
        step="end",
        kind="game_over",
        status=Notification.Status.DIGEST,
        subject=subject,
        body_text="…",
        body_html="…",
        link=f"https://khora.example/games/{game.public_id}/",
    )


def _three_games(make_player):
    alice = _digest_reader(make_player("alice"))
    bob = make_player("bob")
    slow = _game([alice, bob], name="Slow Waters", hours=72)
    quick = _game([alice, bob], name="Quick Harbour", hours=12)
    urgent = _game([alice, bob], name="Urgent Straits", hours=24)
    return alice, quick, urgent, slow


def test_the_digest_lists_what_waits_now_most_urgent_first_and_not_what_was_answered(
    make_player,
):
    alice, quick, urgent, slow = _three_games(make_player)
    assert Notification.objects.filter(recipient=alice.user, status="digest").count() == 3
    _answer(alice, quick)  # after its "game started" row was kept for the digest

    _send_digests()

    digest = _digest_of(alice)
    text = digest.body_text
    print("\n" + digest.subject + "\n\n" + text)  # read it as a player would
    assert digest.subject == "Khôra: your daily summary: 2 games wait for your answer"
    assert "Quick Harbour" not in text and "Quick Harbour" not in digest.body_html
    assert text.index("“Urgent Straits”") < text.index("“Slow Waters”")  # 24 h before 72 h
    assert "2 of your Khôra games wait for your answer, the most urgent first." in text
    # Each deadline on alice's own clock (New York, EST: UTC-5).
    assert "Answer by Wednesday 2 January 2030 at 07:00 EST (America/New_York)." in text
    assert "Answer by Friday 4 January 2030 at 07:00 EST (America/New_York)." in text
    for game in (slow, urgent):
        prompt = alice.get(url(game, "prompt")).json()["prompt"]
        assert prompt["text"] in text
        assert reply_address(alice.user.pk, game.pk, prompt["id"]) in text
    # Its rows are carried, the answered game's too: there is nothing left to say about it.
    assert set(digest.items.values_list("game__name", flat=True)) == {
        "Slow Waters",
        "Quick Harbour",
        "Urgent Straits",
    }
    assert not Notification.objects.filter(recipient=alice.user, status="digest").exists()


def test_each_option_is_a_signed_answer_link_for_its_player_game_prompt_and_option(make_player):
    alice, quick, urgent, slow = _three_games(make_player)
    _send_digests()
    text = _digest_of(alice).body_text
    html = _digest_of(alice).body_html
    tokens = LINK.findall(text)
    expected = []
    for game in (quick, urgent, slow):  # the digest's order: 12, 24 and 72 hours
        prompt = alice.get(url(game, "prompt")).json()["prompt"]
        expected += [
            (alice.user.pk, game.public_id, prompt["id"], option["id"], prompt["deadline"])
            for option in prompt["options"]
        ]
    found = [read_answer_token(token) for token in tokens]
    assert [
        (t.user_id, t.game_public_id, t.prompt_id, t.option_id, t.deadline.isoformat())
        for t in found
    ] == [(u, g, p, o, d.replace("Z", "+00:00")) for u, g, p, o, d in expected]
    assert LINK.findall(html) == tokens  # the HTML links the same options

    # The link opens the confirmation page of that option, and its button plays it once.
    target = found[-1]
    browser = Client()
    page = browser.get(f"/mail/answer/{tokens[-1]}/").content.decode()
    option = alice.get(url(slow, "prompt")).json()["prompt"]["options"][-1]
    assert "Confirm your answer" in page and option["label"] in page
    assert GameEvent.objects.filter(game=slow, seat=0, type="decision").count() == 0
    with clock.frozen_at(SEND):
        assert (
            browser.post(f"/mail/answer/{tokens[-1]}/").status_code == 200
        )  # the answer is taken; no one is logged in
    event = GameEvent.objects.get(game=slow, seat=0, type="decision")
    assert (event.payload["prompt"], event.payload["option"]) == (
        target.prompt_id,
        target.option_id,
    )


def test_deadlines_read_on_each_players_own_clock_and_in_their_language(make_player):
    alice = _digest_reader(make_player("alice"), time_zone="America/New_York")
    oksana = _digest_reader(make_player("oksana"), language="uk", time_zone="Europe/Kyiv")
    _game([alice, oksana], name="Aegean Nights", hours=24)  # deadline 2 Jan 2030, 12:00 UTC

    _send_digests()

    assert "Answer by Wednesday 2 January 2030 at 07:00 EST (America/New_York)." in (
        _digest_of(alice).body_text
    )
    ukrainian = _digest_of(oksana)
    print("\n" + ukrainian.subject + "\n\n" + ukrainian.body_text)
    assert "Відповідайте до: середа, 2 січня 2030 о 14:00 EET (Europe/Kyiv)." in (
        ukrainian.body_text
    )
    assert (
        ukrainian.subject == "Khôra: щоденне зведення: гра «Aegean Nights» чекає на вашу відповідь"
    )


def test_a_ukrainian_digest_has_no_english_of_its_own(make_player):
    oksana = _digest_reader(make_player("oksana"), language="uk", time_zone="Europe/Kyiv")
    bob = make_player("bob")
    first = _game([oksana, bob], name="Егейські ночі", hours=24)
    _game([bob, oksana], name="", hours=48)  # unnamed: "bob vs 1 bot, <day>", in Ukrainian
    # News kept for the digest too: bob's game ended (its row as the games side wrote it).
    _keep_game_over(oksana, first, "Khôra: гру «Егейські ночі» завершено, ваше місце — 1 з 3")

    _send_digests()

    digest = _digest_of(oksana)
    print("\n" + digest.subject + "\n\n" + digest.body_text)
    assert "bob проти 1 бота, " in digest.body_text
    assert "Новини від минулого зведення:" in digest.body_text
    assert digest.subject == "Khôra: щоденне зведення: на вашу відповідь чекають 2 гри"
    for part in (digest.subject, digest.body_text, re.sub(r"<[^>]+>", " ", digest.body_html)):
        words = re.sub(r"https?://\S+|mailto:\S+|[\w.+-]+@[\w.-]+|Khôra|EET|UTC", "", part)
        assert not ENGLISH.findall(words), (ENGLISH.findall(words), part)


def test_a_digest_of_one_game_can_be_answered_by_replying_with_a_number(make_player):
    alice, bob = _digest_reader(make_player("alice")), make_player("bob")
    game = _game([alice, bob], name="Aegean Nights", hours=24)
    prompt = alice.get(url(game, "prompt")).json()["prompt"]

    _send_digests()

    digest = _digest_of(alice)
    address = reply_address(alice.user.pk, game.pk, prompt["id"])
    assert digest.reply_to == address
    (sent,) = [m for m in mail.outbox if m.subject == digest.subject]
    assert sent.reply_to == [address]
    assert "reply to this email with the number of your choice" in digest.body_text
    assert "To answer by email, send" not in digest.body_text  # the Reply-To says it all

    raw = reply(to=address, sender="alice@example.com", text="2", quote=digest.body_text)
    with clock.frozen_at(SEND):
        mail_services.inbound_store(raw=raw, via="smtp", envelope_to=address)
    event = GameEvent.objects.get(game=game, seat=0, type="decision")
    assert event.payload["option"] == prompt["options"][1]["id"]


def test_a_digest_of_several_games_has_no_reply_to_and_says_where_to_write(make_player):
    alice, quick, urgent, slow = _three_games(make_player)
    _send_digests()
    digest = _digest_of(alice)
    assert digest.reply_to == ""
    (sent,) = [m for m in mail.outbox if m.subject == digest.subject]
    assert sent.reply_to == []
    assert "a reply to it could not tell which one you answer" in digest.body_text
    for game in (quick, urgent, slow):
        prompt = alice.get(url(game, "prompt")).json()["prompt"]
        address = reply_address(alice.user.pk, game.pk, prompt["id"])
        assert f"To answer by email, send the number of your choice to {address}" in (
            digest.body_text
        )
        assert f'<a href="mailto:{address}">' in digest.body_html


def test_nothing_is_sent_when_everything_kept_was_answered_and_nothing_else_happened(
    make_player,
):
    alice, bob = _digest_reader(make_player("alice")), make_player("bob")
    game = _game([alice, bob], name="Aegean Nights", hours=24)
    _answer(alice, game)

    _send_digests()

    assert not Notification.objects.filter(kind="digest").exists()
    assert Notification.objects.get(recipient=alice.user).status == "digested"


def test_news_comes_after_what_waits_and_an_answered_game_is_only_news(make_player):
    alice, bob = _digest_reader(make_player("alice"), game_over="digest"), make_player("bob")
    waiting = _game([alice, bob], name="Still Open", hours=24)
    over = _game([alice, bob], name="Long Done", hours=24)
    _answer(alice, over)
    _keep_game_over(alice, over, "Khôra: “Long Done” is over: you placed 1 of 3")

    _send_digests()

    text = _digest_of(alice).body_text
    assert _digest_of(alice).subject == (
        "Khôra: your daily summary: “Still Open” waits for your answer"
    )
    assert text.index("“Still Open”") < text.index("News since your last summary:")
    assert "  - Khôra: “Long Done” is over: you placed 1 of 3" in text
    assert text.count("Long Done") == 1
    assert waiting.public_id not in text  # named, never by its id alone


def test_with_your_turn_emails_off_only_the_games_kept_rows_asked_about_are_listed(make_player):
    alice = _digest_reader(make_player("alice"))
    NotificationPreference.objects.filter(user=alice.user).update(
        your_turn="off", game_started="off"
    )
    bob = make_player("bob")
    unannounced = _game([alice, bob], name="Never Announced", hours=12)
    NotificationPreference.objects.filter(user=alice.user).update(game_started="digest")
    _game([alice, bob], name="Announced Start", hours=24)

    _send_digests()

    text = _digest_of(alice).body_text
    assert "“Announced Start”" in text
    assert "Never Announced" not in text
    assert alice.get(url(unannounced, "prompt")).json()["prompt"] is not None  # it does wait
