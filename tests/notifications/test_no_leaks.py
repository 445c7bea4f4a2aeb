"""An email says nothing its context did not carry: nothing is read from the game itself.

The games side passes a context already redacted for the recipient; these tests check that
the emails add nothing to it, whatever the game's hidden state.
"""

from __future__ import annotations

import re
from itertools import chain

import pytest
from django.core import mail

from engine.khora.catalog import card_name
from games import selectors
from notifications import services
from notifications.models import Notification
from tests.notifications.conftest import over_context, turn_context
from tests.players import Player, start_game

KINDS = ("game_started", "your_turn", "reminder_24h", "game_over")


def context_for(kind: str, game_id_from) -> dict:
    return over_context(game_id_from) if kind == "game_over" else turn_context(game_id_from)


@pytest.fixture
def secret_game(db, django_capture_on_commit_callbacks):
    """A started game with dealt hands: alice in seat 0, bob in seat 1, a bot in seat 2."""
    alice, bob = Player("alice"), Player("bob")
    with django_capture_on_commit_callbacks(execute=True):  # the deal happens in a task
        game = start_game([alice, bob], seats=3)
    hands = game.events.get(type="chance", payload__kind="deal").payload["hands"]
    return game, alice.user, bob.user, hands


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_context_gives_the_same_email_whatever_the_game_hides(
    secret_game, make_user, kind
):
    game, alice, _bob, _hands = secret_game
    empty = make_user("host").games_created.create(rules_version="test", num_seats=3)
    context = context_for(kind, game)  # the same words, handed over for both games
    step = f"leak-{kind}"
    in_play = services.notify(user=alice, game=game, step=step, kind=kind, context=context)
    in_lobby = services.notify(user=alice, game=empty, step=step, kind=kind, context=context)
    assert (in_play.subject, *without_login_tokens(in_play)) == (
        in_lobby.subject,
        *without_login_tokens(in_lobby),
    )


def without_login_tokens(row) -> tuple[str, str]:
    # Each email's login link carries its own random nonce (single use); the rest must match.
    token = re.compile(r"/login/link/[^/\s\"<]+/")
    return token.sub("/login/link/-/", row.body_text), token.sub("/login/link/-/", row.body_html)


@pytest.mark.parametrize("kind", KINDS)
def test_no_email_shows_another_seats_cards_or_another_players_address(secret_game, kind):
    game, alice, bob, hands = secret_game
    context = context_for(kind, game)
    # What the games side hands over for alice: her own cards, which she may see.
    context["prompt"] = {"text": "Keep one card.", "options": hands[0], "default": hands[0][0]}
    row = services.notify(user=alice, game=game, step=f"leak-{kind}", kind=kind, context=context)
    services.send_due()
    message = next(m for m in mail.outbox if m.subject == row.subject)
    everything = "\n".join(
        [message.subject, message.body, message.alternatives[0][0], message.message().as_string()]
    )
    if kind in ("your_turn", "reminder_24h"):
        assert all(card in everything for card in hands[0])  # her own cards: shown
    for card in chain(hands[1], hands[2]):
        assert card not in everything
    assert bob.email not in everything


def test_a_context_missing_a_field_leaves_it_out_rather_than_looking_it_up(make_user, game):
    alice = make_user("alice")
    bare = {"game_id": game.public_id, "game_url": "https://khora.example/g/"}
    row = services.notify(user=alice, game=game, step="1", kind="your_turn", context=bare)
    assert Notification.objects.get(pk=row.pk).body_text.count("Your options:\n\nThis step") == 1
    for absent in ("round", "phase", "bob", "bot", "drachma"):
        assert absent not in row.body_text.split("--")[0]


def test_the_history_an_email_tells_is_the_recipients_own_seats(secret_game):
    """The "since you last looked" lines are the engine's narration for the recipient's seat
    (the one choke point for hidden information), never another seat's or a spectator's."""
    game, alice, bob, hands = secret_game
    for position, user in ((0, alice), (1, bob)):
        email = Notification.objects.get(recipient=user, game=game, kind="game_started")
        told = email.body_text.split("Since you last looked:\n", 1)[1].split("\n\n", 1)[0]
        own = selectors.game_history(game, position, 0, 100)["lines"]
        assert [line.strip("- ").strip() for line in told.splitlines()] == [
            line["text"] for line in own
        ]
        for other, hand in enumerate(hands):
            names = [card_name(card, "en") for card in hand]
            everything = email.subject + email.body_text + email.body_html
            assert all(name in everything for name in names) == (other == position)
            assert any(name in everything for name in names) == (other == position)
