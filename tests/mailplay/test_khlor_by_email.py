"""A Khlor game played by email (issue 46): each email that asks shows the valley as text and
numbers every option; replying with a number plays that option, to the game's end. Our answer
to a reply that is asked again at once (the egg steps after a placement) shows the table too."""

from __future__ import annotations

import random

from django.core import mail

from games.models import Game, GameEvent
from mailplay import services
from notifications.mail_tokens import reply_address
from notifications.models import Notification
from tests.mailplay.conftest import options_of, reply
from tests.players import url

MAX_REPLIES = 80  # a 2-player game asks one player about 30 questions


def _asking(user, game, prompt_id: str) -> tuple[str, str, bool]:
    """The text of the email that asks `prompt_id` (a your-turn email, or our answer to the
    previous reply when the player is asked again at once), its reply address, and whether it
    is such an answer."""
    address = reply_address(user.pk, game.pk, prompt_id)
    for email in Notification.objects.filter(recipient=user).order_by("-id"):
        if email.reply_to == address:
            return email.body_text, address, False
    for sent in reversed(mail.outbox):  # asked again at once: our answer to the reply asks
        if address in sent.reply_to:
            return sent.body, address, True
    raise AssertionError(f"no email asks {prompt_id}")


def test_a_khlor_game_played_to_its_end_by_replies(make_player):
    rng = random.Random(46)
    alice = make_player("alice")
    created = alice.post("/api/v1/games/", {"game": "khlor", "seats": 2, "bots": ["standard"]})
    assert created.status_code == 201, created.content
    game = Game.objects.get(public_id=created.json()["id"])
    replies = answers_asking = 0
    while (prompt := alice.get(url(game, "prompt")).json()["prompt"]) is not None:
        text, address, in_answer = _asking(alice.user, game, prompt["id"])
        answers_asking += in_answer
        if replies == 0:
            print("\n" + text[:3000])  # read the first as a player would
            assert "The circle of pieces:" in text
            assert "Where the game is" not in text  # Khlor has no phase to name
        # Every email that asks shows the table, our answer to a reply as well.
        assert "The valley (row 7 on top" in text and "Caught:" in text
        # Every option numbered in the prompt's order, with the engine's words.
        assert options_of(text) == [option["label"] for option in prompt["options"]]
        number = rng.randrange(len(prompt["options"])) + 1
        # A player replies to our email, so with its subject.
        subject = "Re: Khlor: your turn"
        _deliver(
            reply(to=address, sender="alice@example.com", text=str(number), subject=subject),
            address,
        )
        event = GameEvent.objects.filter(game=game, type="decision", seat=0).latest("seq")
        assert event.payload["option"] == prompt["options"][number - 1]["id"]
        replies += 1
        assert replies < MAX_REPLIES, "the game does not end"
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and replies > 10
    assert answers_asking > 0  # the lay and remove steps follow a placement at once
    assert Notification.objects.filter(recipient=alice.user, kind="game_over").exists()
    # Every email about the game names it Khlor, never Khôra (the other game's name).
    emails = Notification.objects.filter(recipient=alice.user, game=game)
    assert {email.kind for email in emails} >= {"game_started", "game_over"}
    for email in emails:
        assert email.subject.startswith("Khlor: "), email.subject
        assert "Khlor" in email.body_text and "Khôra" not in email.subject + email.body_text
    # Our answers to the replies too (their own footer names the server, as for Khôra's).
    assert [sent.subject for sent in mail.outbox if "Khôra" in sent.subject] == []
    assert any(
        " in the Khlor game “" in sent.body
        for sent in mail.outbox
        if sent.subject.startswith("Re:")
    )


def _deliver(raw: bytes, to: str) -> None:
    services.inbound_store(raw=raw, via="smtp", envelope_from="x@y", envelope_to=to)
