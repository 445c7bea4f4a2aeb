"""Replying to a game's email with a line that starts with "say:" or a quote mark talks at the
table; a number above it is played first; quoted text and signatures are still not read."""

from __future__ import annotations

from django.core import mail

from chat.models import ChatMessage
from games.models import GameEvent
from mailplay import services
from mailplay.models import InboundMessage
from tests.mailplay.conftest import latest_email, reply
from tests.players import start_game, url


def _deliver(raw: bytes, to: str) -> InboundMessage | None:
    return services.inbound_store(raw=raw, via="smtp", envelope_from="x@y", envelope_to=to)


def _game(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    return alice, bob, game


def _decisions(game, seat) -> int:
    return GameEvent.objects.filter(game=game, seat=seat, type="decision").count()


def test_every_email_footer_explains_the_marker(make_player):
    alice, _, _ = _game(make_player)
    email = latest_email(alice.user)
    for body in (email.body_text, email.body_html):
        assert "starts with “say:” or a quote mark" in body


def test_a_message_only_reply_talks_and_plays_nothing(make_player):
    alice, bob, game = _game(make_player)
    email = latest_email(alice.user)
    mail.outbox.clear()
    raw = reply(
        to=email.reply_to,
        sender="alice@example.com",
        text="say: Bob, shall we share the temple? I have 2 ideas.\n-- \nAlice, phone 555 1234",
        quote=email.body_text,
    )
    _deliver(raw, email.reply_to)
    said = ChatMessage.objects.get()
    assert said.text == "Bob, shall we share the temple? I have 2 ideas."
    assert said.via == "email" and said.author == alice.user and said.channel == "players"
    assert _decisions(game, 0) == 0  # the 2 in the message is not an answer
    assert InboundMessage.objects.get().outcome == "said"
    answer = mail.outbox[-1].body
    assert "Said at the table:" in answer and "shall we share the temple?" in answer
    assert "We found no option number" not in answer
    assert "555 1234" not in said.text
    listed = bob.get(url(game, "chat")).json()["messages"]
    assert [m["text"] for m in listed] == [said.text]


def test_a_number_and_a_message_do_both_the_number_first(make_player):
    alice, _, game = _game(make_player)
    email = latest_email(alice.user)
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    mail.outbox.clear()
    raw = reply(
        to=email.reply_to,
        sender="alice@example.com",
        text="2\n“Taking the second one, sorry Bob”",
        quote=email.body_text,
    )
    _deliver(raw, email.reply_to)
    event = GameEvent.objects.filter(game=game, seat=0, type="decision").get()
    assert event.payload["option"] == prompt["options"][1]["id"]
    said = ChatMessage.objects.get()
    assert said.text == "Taking the second one, sorry Bob"
    assert said.created_at >= event.created_at  # the number first
    assert InboundMessage.objects.get().outcome == "applied"
    answer = mail.outbox[-1].body
    assert "Taken: 2." in answer and "Said at the table:" in answer


def test_a_refused_message_is_explained_and_the_number_still_played(make_player, settings):
    settings.CHAT_MESSAGE_MAX_CHARS = 10
    alice, _, game = _game(make_player)
    email = latest_email(alice.user)
    mail.outbox.clear()
    raw = reply(to=email.reply_to, sender="alice@example.com", text="1\nsay: far too long here")
    _deliver(raw, email.reply_to)
    assert _decisions(game, 0) == 1
    assert not ChatMessage.objects.exists()
    answer = mail.outbox[-1].body
    assert "Your message was not posted at the table: A message is at most 10 characters." in (
        " ".join(answer.split())
    )


def test_a_message_to_an_answered_prompt_is_still_said(make_player):
    alice, _, _ = _game(make_player)
    email = latest_email(alice.user)
    _deliver(reply(to=email.reply_to, sender="alice@example.com", text="1"), email.reply_to)
    mail.outbox.clear()
    _deliver(
        reply(to=email.reply_to, sender="alice@example.com", text='"Done, your move Bob"'),
        email.reply_to,
    )
    assert ChatMessage.objects.get().text == "Done, your move Bob"
    assert "no longer open" not in mail.outbox[-1].body


def test_a_stranger_cannot_talk_with_a_players_token(make_player):
    alice, _, _ = _game(make_player)
    to = latest_email(alice.user).reply_to
    _deliver(reply(to=to, sender="mallory@example.com", text="say: hi"), to)
    assert not ChatMessage.objects.exists()
