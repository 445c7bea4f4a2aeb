"""A reply by email in a game with a slow bot (`strong`): the reply is one transaction that
holds the game's lock, so the bot does not think inside it; the reply says the game waits for
the bot, which thinks in the advance task asked for on commit, and the player is emailed the
prompt that follows, as after any other player's move."""

from __future__ import annotations

from django.core import mail
from django.db import connection

from bots import levels
from bots.strong import StrongBot
from games import services as game_services
from games.models import Game, GameEvent
from mailplay import services
from tests.mailplay.conftest import reply


class Recorder:
    """The real `strong` level, recording whether it was asked inside a transaction."""

    def __init__(self):
        self.bot = StrongBot()
        self.level, self.slow = self.bot.level, self.bot.slow
        self.in_transaction: list[bool] = []

    def decide(self, knowledge, prompt, budget, rng):
        self.in_transaction.append(connection.in_atomic_block)
        return self.bot.decide(knowledge, prompt, budget, rng)


def _latest_question(address: str):
    """The newest email to `address` that a reply answers (a turn email or a reply's own
    answer carrying the next prompt): its reply address."""
    for message in reversed(mail.outbox):
        # An answer that asks nothing takes talk only ("say:"): its address names no prompt.
        asks = "play+" in ",".join(message.reply_to) and ".say." not in message.reply_to[0]
        if message.to == [address] and asks:
            return message.reply_to[0]
    return None


def test_a_game_against_a_strong_bot_is_played_by_email_the_bot_never_thinking_in_a_reply(
    make_player, monkeypatch, settings
):
    settings.GAME_STRONG_BOT_SECONDS = 0.002  # the real search, with time for hardly a playout
    strong = Recorder()
    monkeypatch.setitem(levels.LEVELS, "strong", strong)
    alice = make_player("alice")
    game = game_services.game_create(
        creator=alice.user, game_type="khora", seats=2, options={}, step_hours=48, bots=["strong"]
    )
    waited_for_the_bot, replies = 0, 0
    while Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE and replies < 400:
        to = _latest_question("alice@example.com")
        assert to is not None, "alice was not emailed her prompt"
        sent = len(mail.outbox)
        services.inbound_store(
            raw=reply(to=to, sender="alice@example.com", text="1"),
            via="smtp",
            envelope_from="alice@example.com",
            envelope_to=to,
        )
        replies += 1
        answer = next(m for m in mail.outbox[sent:] if m.subject.startswith("Re:"))
        assert "Taken: 1." in answer.body, answer.body
        if "Nothing is asked of you right now" in answer.body:  # the bot had not moved yet
            waited_for_the_bot += 1
    # Played to its end only by replies: after the bot moved she was emailed each time.
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    moves = GameEvent.objects.filter(game=game, seat=1, type="decision")
    assert moves.exists() and {move.payload["bot"] for move in moves} == {"strong"}
    # The bot thought for every move of its own, and never inside a transaction (a reply's
    # holds the game's lock); some replies were answered before the bot had moved.
    assert len(strong.in_transaction) >= moves.count() and not any(strong.in_transaction)
    assert waited_for_the_bot > 0
