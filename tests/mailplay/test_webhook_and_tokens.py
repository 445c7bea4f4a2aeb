"""The hosted providers' inbound webhook (django-anymail), reply tokens and reading replies."""

from __future__ import annotations

import hashlib
import hmac
import json
import time

import pytest
from django.core import mail
from django.test import Client

from games.models import GameEvent
from mailplay import reading
from mailplay.models import InboundMessage
from notifications.mail_tokens import read_reply_token, reply_address, reply_token, token_of_address
from notifications.models import Notification, SuppressedAddress
from tests.mailplay.conftest import latest_email, reply
from tests.players import start_game

SIGNING_KEY = "mailgun-test-signing-key"
MAILGUN_URL = "/mail/provider/mailgun/inbound/"


@pytest.fixture
def mailgun(settings):
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}
    settings.ANYMAIL_WEBHOOK_PROVIDER = "mailgun"


def _mailgun_post(raw: bytes, recipient: str, key: str = SIGNING_KEY):
    timestamp, token = str(int(time.time())), "a" * 50
    signature = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256)
    return Client().post(
        MAILGUN_URL,
        {
            "body-mime": raw.decode(),
            "recipient": recipient,
            "sender": "alice@example.com",
            "timestamp": timestamp,
            "token": token,
            "signature": signature.hexdigest(),
        },
    )


def test_a_reply_posted_by_a_provider_is_played_like_one_received_over_smtp(make_player, mailgun):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    to = latest_email(alice.user).reply_to
    raw = reply(to=to, sender="alice@example.com", text="1", message_id="<hook@client.example>")
    mail.outbox.clear()

    assert _mailgun_post(raw, to).status_code == 200
    assert _mailgun_post(raw, to).status_code == 200  # the provider retried

    row = InboundMessage.objects.get()
    assert (row.via, row.outcome, row.message_id) == ("webhook", "applied", "<hook@client.example>")
    assert GameEvent.objects.filter(game=game, seat=0, type="decision").count() == 1
    assert len(mail.outbox) == 1 and "Taken: 1." in mail.outbox[0].body


def test_a_post_without_the_providers_signature_is_refused_and_nothing_is_stored(
    make_player, mailgun
):
    alice = make_player("alice")
    to = reply_address(alice.user.pk, 1, "p0-1")
    response = _mailgun_post(reply(to=to, sender="alice@example.com"), to, key="forged")
    assert response.status_code == 400
    assert not InboundMessage.objects.exists()


def test_a_provider_nobody_chose_has_no_webhook(make_player, settings):
    settings.ANYMAIL_WEBHOOK_PROVIDER = ""
    alice = make_player("alice")
    to = reply_address(alice.user.pk, 1, "p0-1")
    assert _mailgun_post(reply(to=to, sender="alice@example.com"), to).status_code == 404
    postmark = Client().post(
        "/mail/provider/postmark/inbound/", {}, content_type="application/json"
    )
    assert postmark.status_code == 404
    assert not InboundMessage.objects.exists()


def test_reply_tokens_round_trip_fit_an_address_and_resist_changes(settings):
    settings.MAILPLAY_REPLY_ADDRESS = "play@khora.example"
    address = reply_address(123456, 987654, "p3-118")
    local = address.split("@")[0]
    assert len(local) <= 64, "RFC 5321: a local part has at most 64 octets"
    token = token_of_address(address)
    assert read_reply_token(token) == (123456, 987654, "p3-118")
    assert read_reply_token(token.upper()) == (123456, 987654, "p3-118"), "case-insensitive"
    assert token_of_address(address.upper()) == token
    assert token_of_address("someone@khora.example") is None
    assert token_of_address(address.replace("khora.example", "other.example")) is None
    for changed in (
        reply_token(123457, 987654, "p3-118")[:-16] + token[-16:],  # another player, same MAC
        token.replace("p3-118", "p3-119"),
        token[:-1] + ("a" if token[-1] != "a" else "b"),
    ):
        assert read_reply_token(changed) is None


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("2", [2]),
        ("2 5", [2, 5]),
        ("2, 5\n", [2, 5]),
        ("I'll take 3 please", [3]),
        ("\n\n  4  \n\nthanks!", [4]),
        ("3\n\nOn Mon, 23 Nov 2026 at 10:00, Khôra <play@x> wrote:\n> 1. a\n> 2. b", [3]),
        ("3\nOn Mon, 23 Nov 2026 at 10:00, Khôra\n<play@x> wrote:\n> 1. a", [3]),
        ("1\n-- \nAnn Smith, 12 High Street", [1]),
        ("Sent from my iPhone 15\n", []),
        ("2\n________________________________\nFrom: Khôra\nSent: 23 Nov\n1. a", [2]),
        ("> 4\nno number above the quote", []),
        ("Which is best?", []),
        ("3.5 drachmas?", []),
    ],
)
def test_only_the_players_own_text_is_read_for_numbers(text, numbers):
    assert reading.numbers_in(reading.fresh_text(text)) == numbers


def test_an_html_reply_loses_its_quote_and_markup():
    html = (
        "<div>5&nbsp;</div><br><div class='gmail_quote'><div>On Mon wrote:</div>"
        "<blockquote>2. Keep it</blockquote></div>"
    )
    assert reading.numbers_in(reading.fresh_text(reading.html_to_text(html))) == [5]


def _tracking_post(event: str, recipient: str, severity: str | None = None):
    timestamp, token = str(int(time.time())), "b" * 50
    signature = hmac.new(SIGNING_KEY.encode(), f"{timestamp}{token}".encode(), hashlib.sha256)
    event_data = {"event": event, "recipient": recipient, "timestamp": float(timestamp)}
    if severity:
        event_data["severity"] = severity
    body = {
        "signature": {"timestamp": timestamp, "token": token, "signature": signature.hexdigest()},
        "event-data": event_data,
    }
    return Client().post(
        "/mail/provider/mailgun/tracking/", json.dumps(body), content_type="application/json"
    )


def test_a_hard_bounce_or_a_complaint_stops_game_email_to_that_address(make_player, mailgun):
    alice, bob, cyd = make_player("alice"), make_player("bob"), make_player("cyd")
    assert _tracking_post("failed", "Alice@Example.com", severity="permanent").status_code == 200
    assert _tracking_post("complained", "bob@example.com").status_code == 200
    assert _tracking_post("failed", "cyd@example.com", severity="temporary").status_code == 200

    assert set(SuppressedAddress.objects.values_list("email", "reason")) == {
        ("alice@example.com", "bounced"),
        ("bob@example.com", "complained"),
    }
    start_game([alice, bob, cyd])
    assert set(Notification.objects.values_list("recipient__username", flat=True)) == {"cyd"}


def test_email_can_go_out_through_a_provider_by_settings_alone(make_player, settings):
    settings.EMAIL_BACKEND = "anymail.backends.test.EmailBackend"  # anymail's own test ESP
    alice, bob = make_player("alice"), make_player("bob")
    mail.outbox.clear()
    start_game([alice, bob], seats=3)
    sent = {message.to[0]: message for message in mail.outbox}
    assert set(sent) == {"alice@example.com", "bob@example.com"}
    message = sent["alice@example.com"]
    assert message.anymail_status.status == {"sent"}
    assert message.reply_to == [latest_email(alice.user).reply_to]
