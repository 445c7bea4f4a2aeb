"""The local mailbox of the embedded default (issue 20): email is kept, not printed; the page
shows what each player received; a reply written there goes through our SMTP receiver's own
handler, is processed like mail from outside, and plays the move."""

from __future__ import annotations

import pytest
from django.core import mail as django_mail
from django.test import Client

from games import selectors
from games.models import GameEvent
from localmail.models import LocalMail
from mailplay.models import InboundMessage
from tests.web.conftest import make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)  # the receiver stores from its own thread


@pytest.fixture(autouse=True)
def kept_locally(settings):
    settings.LOCAL_MAILBOX = True
    settings.EMAIL_BACKEND = "localmail.backend.EmailBackend"
    settings.NOTIFY_ACTIVE_MINUTES = 0  # no holding: the your-turn emails go out at once


@pytest.fixture
def game():
    people = [make_user("lena"), make_user("max")]
    return start_game(people, seats=3), people


@pytest.mark.usefixtures("game")
def test_email_is_kept_whole_in_the_mailbox_and_listed_per_player():
    assert LocalMail.objects.count() >= 2 and not django_mail.outbox
    page = Client().get("/mailbox/").content.decode()
    assert "lena@example.com" in page and "max@example.com" in page
    mine = Client().get("/mailbox/?to=lena@example.com").content.decode()
    listed = mine.split('id="mails-title"')[1].split("</ol>")[0]
    assert "lena@example.com" in listed and "max@example.com" not in listed
    kept = _first_mail_to("lena@example.com")
    shown = Client().get(f"/mailbox/{kept.pk}/?to=lena@example.com").content.decode()
    assert kept.subject in shown and "play+" in shown  # the reply address, as a mail program
    html = Client().get(f"/mailbox/{kept.pk}/html/")
    assert html["Content-Security-Policy"].startswith("sandbox")  # the email's HTML, caged


def _first_mail_to(address: str) -> LocalMail:
    return next(row for row in LocalMail.objects.order_by("id") if address in row.recipients)


def test_a_reply_from_the_mailbox_plays_the_move_through_the_receiver(game):
    table, (lena, _max) = game
    kept = _first_mail_to("lena@example.com")
    prompt = selectors.game_prompt(table, lena)
    before = LocalMail.objects.count()
    response = Client().post(
        f"/mailbox/{kept.pk}/reply/", {"sender": "lena@example.com", "text": "2"}
    )
    assert response.status_code == 302 and response["Location"].startswith("/mailbox/?to=")
    inbound = InboundMessage.objects.get()
    assert inbound.via == "smtp" and inbound.outcome == "applied"  # the receiver's own path
    assert b"> " in inbound.raw  # written like a mail program's reply: the original quoted
    event = GameEvent.objects.filter(game=table, seat=0, type="decision").latest("seq")
    assert event.payload["option"] == prompt["options"][1]["id"]
    answer = LocalMail.objects.order_by("-id").first()
    assert LocalMail.objects.count() > before and "lena@example.com" in answer.recipients
    assert answer.subject.startswith("Re: ")  # our answer to her reply, in her mailbox


def test_a_reply_to_a_forged_address_is_refused_at_rcpt_and_nothing_is_stored(game):
    kept = _first_mail_to("lena@example.com")
    LocalMail.objects.filter(pk=kept.pk).update(
        raw=bytes(kept.raw).replace(b"Reply-To: play+", b"Reply-To: nobody+")
    )
    response = Client().post(
        f"/mailbox/{kept.pk}/reply/", {"sender": "lena@example.com", "text": "1"}, follow=True
    )
    page = response.content.decode()
    assert "refused the reply" in page and "550" in page
    assert InboundMessage.objects.count() == 0


def test_only_a_recipient_may_answer_and_an_empty_reply_is_explained(game):
    kept = _first_mail_to("lena@example.com")
    stranger = Client().post(
        f"/mailbox/{kept.pk}/reply/", {"sender": "max@example.com", "text": "1"}, follow=True
    )
    assert "Only a recipient of this email can answer it." in stranger.content.decode()
    empty = Client().post(
        f"/mailbox/{kept.pk}/reply/", {"sender": "lena@example.com", "text": "  "}, follow=True
    )
    assert "Write something to send" in empty.content.decode()
    assert InboundMessage.objects.count() == 0


def test_the_mailbox_is_not_there_outside_the_embedded_default(settings, game):
    settings.LOCAL_MAILBOX = False
    assert Client().get("/mailbox/").status_code == 404
    kept = _first_mail_to("lena@example.com")
    assert Client().get(f"/mailbox/{kept.pk}/").status_code == 404
    refused = Client().post(f"/mailbox/{kept.pk}/reply/", {"sender": "lena@example.com"})
    assert refused.status_code == 404 and InboundMessage.objects.count() == 0
