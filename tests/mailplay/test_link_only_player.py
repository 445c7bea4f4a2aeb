"""A player asked again at once by their own answer is never left without a way on (issue 42).

The one rule (notifications.holding.asked_again_away), channel by channel: every answer shows
the next question (an answer link's page with its links, our answer to a reply, the page, the
API's response); an email asks it too, written at once and never held, only when the answer
came from an answer link and the game's page is not open.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

from common import clock
from games.models import Game
from mailplay import services as mail_services
from notifications import attention
from notifications.models import Notification
from tests.mailplay.conftest import latest_email, reply
from tests.players import start_game, url

LINK = re.compile(r"https://khora\.example(/mail/answer/[^/\s\"<]+/)")


@pytest.fixture(autouse=True)
def hold_for_active_players(settings):
    settings.NOTIFY_ACTIVE_MINUTES = 5  # the hold is on, as in production: links skip it


def _alone_with_bots(make_player):
    """Alice and two bots: every answer of hers is followed by another question at once."""
    alice = make_player("alice")
    game = start_game([alice], seats=3)
    return alice, game


def _asks(user, prompt_id: str):
    return Notification.objects.filter(recipient=user, kind="your_turn", prompt=prompt_id)


def _prompt(player, game) -> dict:
    return player.get(url(game, "prompt")).json()["prompt"]


def test_a_link_only_player_plays_a_whole_game_from_their_inbox(make_player):
    """No page visit, no login: only the links of the emails the player received. Each
    answer's page also shows the next question with its links (not followed here)."""
    alice, game = _alone_with_bots(make_player)
    browser, used, answers = Client(), set(), 0
    while Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE:
        inbox = [message for message in mail.outbox if message.to == [alice.user.email]]
        links = next(
            (
                found
                for found in (LINK.findall(message.body) for message in reversed(inbox))
                if found and found[0] not in used
            ),
            None,
        )
        assert links, f"stalled after {answers} answers: no email with a new question"
        used.add(links[0])
        page = browser.post(links[-1])
        answers += 1
        assert page.status_code == 200 and "Answer taken" in page.content.decode()
        game.refresh_from_db()
        current = _prompt(alice, game) if game.status == Game.Status.ACTIVE else None
        if current is not None:
            # The page that took the answer carries the next question's own links.
            html = page.content.decode()
            assert html.count('href="https://khora.example/mail/answer/') == len(current["options"])
    assert answers > 20
    assert not Notification.objects.filter(recipient=alice.user, status="pending").exists()
    assert latest_email(alice.user).kind == "game_over"


def test_three_link_only_players_play_on_without_a_stall(make_player):
    """Three people, each answering only by the links of their own inbox: a player asked
    after waiting on the others is emailed at once too (answering by link, they are at no
    table: no hold), so someone always has a fresh question in their inbox."""
    players = [make_player(name) for name in ("ann", "ben", "cyd")]
    game = start_game(players)
    browser, used, answers = Client(), set(), 0
    while Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE and answers < 60:
        fresh = [
            found
            for message in reversed(mail.outbox)
            if (found := LINK.findall(message.body)) and found[0] not in used
        ]
        assert fresh, f"stalled after {answers} answers: nobody has a new question"
        used.add(fresh[0][0])
        assert browser.post(fresh[0][-1]).status_code == 200
        answers += 1
    held = Notification.objects.filter(game=game, status="pending", next_attempt_at__gt=clock.now())
    assert answers == 60 and not held.exists(), "nothing waits for a player at no table"


def _answer_first_prompt_by_link(alice) -> tuple:
    email = latest_email(alice.user)
    links = LINK.findall(email.body_text)
    return Client().post(links[0]), links


def test_by_link_the_next_question_comes_with_its_links_and_an_email_at_once(make_player):
    alice, game = _alone_with_bots(make_player)
    page, _ = _answer_first_prompt_by_link(alice)
    current = _prompt(alice, game)
    html = page.content.decode()
    assert "What you are asked now" in html and current["text"] in html
    assert html.count('href="https://khora.example/mail/answer/') == len(current["options"])
    ask = _asks(alice.user, current["id"]).get()
    assert ask.status == "sent", "written at once, never held for a player at no table"
    assert LINK.findall(ask.body_text), "the email carries its own answer links"


def test_by_link_with_the_game_page_open_no_email_is_written(make_player):
    alice, game = _alone_with_bots(make_player)
    attention.page_seen(game, alice.user.pk)  # the page polls in another tab
    _answer_first_prompt_by_link(alice)
    current = _prompt(alice, game)
    assert not _asks(alice.user, current["id"]).exists()


def test_by_reply_our_answer_asks_the_next_question_and_nothing_else_does(make_player):
    alice, game = _alone_with_bots(make_player)
    email = latest_email(alice.user)
    mail.outbox.clear()
    raw = reply(to=email.reply_to, sender=alice.user.email, text="1")
    mail_services.inbound_store(
        raw=raw, via="smtp", envelope_from="x@y", envelope_to=email.reply_to
    )
    current = _prompt(alice, game)
    (answer,) = [m for m in mail.outbox if m.to == [alice.user.email]]
    assert current["text"] in answer.body and LINK.findall(answer.body)
    assert answer.reply_to and answer.reply_to[0].startswith("play+")
    assert not _asks(alice.user, current["id"]).exists(), "the answer is that email"


def test_on_the_page_the_page_shows_the_next_question_and_no_email_is_written(make_player, client):
    alice, game = _alone_with_bots(make_player)
    client.force_login(alice.user)
    prompt = _prompt(alice, game)
    response = client.post(
        f"/games/{game.public_id}/decide/",
        {"prompt": prompt["id"], "option": prompt["default"]},
        follow=True,
    )
    current = _prompt(alice, game)
    assert current["text"] in response.content.decode()
    assert not _asks(alice.user, current["id"]).exists()


def test_over_the_api_the_response_carries_the_next_question_and_no_email_is_written(
    make_player,
):
    alice, game = _alone_with_bots(make_player)
    prompt = _prompt(alice, game)
    body = alice.post(
        url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
    ).json()
    current = _prompt(alice, game)
    assert body["prompt"] is None or body["prompt"]["id"] == current["id"]
    assert not _asks(alice.user, current["id"]).exists()
