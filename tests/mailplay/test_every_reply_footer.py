"""Every email whose footer invites a reply ("say:") accepts one (issue 42).

The kinds are read from notifications.kinds, so a new kind is covered the day it is added:
each is written for a player of a real game as its writer writes it, and when its text invites
a reply, a reply with a "say:" line reaches the table and is answered. An email to someone who
plays no part in the game (an invitation to substitute) invites none.
"""

from __future__ import annotations

from django.core import mail

from chat.models import ChatMessage, ChatPreference
from chat.services import message_post
from common import clock
from mailplay import services as mail_services
from mailplay.models import InboundMessage
from notifications import chat_digests, emails, kinds
from notifications.game_emails import asked_now
from notifications.kinds import REMINDER_NAME
from notifications.services import notify
from tests.mailplay.conftest import reply
from tests.players import start_game

HINT = "reply to an email of the game with a line that starts with “say:”"


def _kinds() -> list[str]:
    """Every kind of email, from notifications.kinds (a reminder: reminder_24h)."""
    return ["reminder_24h" if kind.name == REMINDER_NAME else kind.name for kind in kinds.KINDS]


def _written(kind: str, user, game, bob):
    """The email of `kind` for `user`, written as its own writer writes it."""
    if kind == "digest":
        return emails.digest(user, asked=asked_now(user), news=[]), asked_now(user)[0]["reply_to"]
    if kind == "chat_digest":
        ChatPreference.objects.create(user=user, digest=True)
        message_post(game=game, user=bob.user, raw_text="Hello, table", via="web")
        row = chat_digests.write_chat_digest(user.pk, game.pk, clock.now())
        return row, row.reply_to
    context = {
        "game_id": game.public_id,
        "game_name": "Aegean Nights",
        "game_url": f"https://khora.example/games/{game.public_id}/",
        "players": ["alice", "bob", "bot"],
        "absence": {"player": "bob", "days": 3, "original": "bob", "invite_url": "x"},
        "scores": [],
    }
    row = notify(user=user, game=game, step=f"test-{kind}", kind=kind, context=context)
    return row, row.reply_to


def test_every_email_kind_that_invites_a_reply_accepts_it(make_player, settings):
    settings.CHAT_MESSAGES_PER_MINUTE = 100  # one message per kind, all within a second
    alice, bob, carol = make_player("alice"), make_player("bob"), make_player("carol")
    game = start_game([alice, bob], seats=3)
    kinds = _kinds()
    assert {"nudge", "pause_decided", "player_away", "bot_playing", "game_over"} <= set(kinds)
    inviting = []
    for kind in kinds:
        row, reply_to = _written(kind, alice.user, game, bob)
        text = row.text if kind == "digest" else row.body_text
        if HINT not in text:
            continue
        inviting.append(kind)
        assert reply_to, f"{kind}: its footer invites a reply, but it has no reply address"
        mail.outbox.clear()
        said = f"say: a word on the {kind} email"
        mail_services.inbound_store(
            raw=reply(to=reply_to, sender=alice.user.email, text=said),
            via="smtp",
            envelope_from=alice.user.email,
            envelope_to=reply_to,
        )
        inbound = InboundMessage.objects.latest("id")
        assert inbound.outcome == "said", f"{kind}: {inbound.outcome}"
        assert ChatMessage.objects.filter(game=game, text=said.removeprefix("say: ")).exists()
        (answer,) = mail.outbox
        assert answer.to == [alice.user.email] and answer.reply_to, kind
    assert {"nudge", "pause_decided", "player_away", "bot_playing", "game_over"} <= set(inviting)

    invite, reply_to = _written("substitute_invite", carol.user, game, bob)
    assert not reply_to and HINT not in invite.body_text, "carol plays no part: no reply"


def test_a_number_in_a_reply_to_an_email_that_asked_nothing_is_not_played(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    _, reply_to = _written("nudge", alice.user, game, bob)
    before = game.events.count()
    mail.outbox.clear()
    mail_services.inbound_store(
        raw=reply(to=reply_to, sender=alice.user.email, text="1"),
        via="smtp",
        envelope_from=alice.user.email,
        envelope_to=reply_to,
    )
    assert InboundMessage.objects.latest("id").outcome == "talk_only"
    assert game.events.count() == before
    (answer,) = mail.outbox
    assert "asked no question" in answer.body
    assert "What you are asked" in answer.body, "what she is asked now, to answer it"
