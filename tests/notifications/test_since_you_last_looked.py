"""Emails that ask something tell what happened since the player last looked: the engine's
lines for their seat only, after the later of their last email and their last answer."""

from engine.khora.catalog import card_name
from games.models import Game, GameEvent, Seat
from notifications import since
from notifications.models import Notification
from tests.notifications.test_game_emails import _answer
from tests.players import start_game


def _hands(game):
    return Game.objects.get(pk=game.pk).events.get(payload__kind="deal").payload["hands"]


def _email(user, kind):
    return Notification.objects.filter(recipient=user, kind=kind).latest("id")


def _history_block(text: str) -> str:
    return text.split("Since you last looked:", 1)[1].split("What you are asked", 1)[0]


def test_game_started_tells_the_setup_naming_only_the_recipients_own_cards(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    hands = _hands(game)
    for position, player in enumerate((alice, bob)):
        email = _email(player.user, "game_started")
        for body in (_history_block(email.body_text), email.body_html):
            assert "alice leads" in body and "bob leads" in body
            assert all(card_name(card, "en") in body for card in hands[position])
            for other, hand in enumerate(hands):
                if other != position:
                    assert not any(card_name(card, "en") in body for card in hand)
        assert "is dealt 5 politics cards" in email.body_text  # the others' hands, counted
        assert email.told_upto == Game.objects.get(pk=game.pk).last_seq


def test_the_next_email_starts_after_the_players_own_last_answer(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    _answer(alice, game)
    answered = GameEvent.objects.filter(game=game, seat=0, type="decision").latest("seq").seq
    seat = Seat.objects.get(game=game, position=0)
    assert since.looked_upto(game, seat) == answered  # the answer came after the first email
    _answer(bob, game)

    turn = _email(alice.user, "your_turn")
    told = _history_block(turn.body_text)
    assert "leads" not in told, "the setup was told in the first email"
    assert "Draft: bob has kept a card" in told
    assert "Draft: alice has kept" not in told, "her own answer is not news to her"
    assert "alice receives" in told
    # The next email starts where this one ended.
    assert since.looked_upto(game, seat) == turn.told_upto > answered


def test_a_long_history_is_cut_to_the_newest_lines_with_a_count(make_player, settings):
    settings.NOTIFY_HISTORY_LINES = 2
    alice, bob = make_player("alice"), make_player("bob")
    start_game([alice, bob], seats=3)
    email = _email(alice.user, "game_started")
    told = _history_block(email.body_text)
    assert "… and 5 more before these" in told
    assert [line for line in told.splitlines() if line.startswith("  - ")] == [
        "  - Bot 3 is dealt 5 politics cards",
        "  - Draft: Bot 3 has kept a card",
    ]
    assert "5 more before these" in email.body_html


def test_reminders_tell_what_happened_since_the_turn_email(make_player):
    from datetime import timedelta

    from common import clock
    from games.models import GameStep
    from games.workers import tasks
    from tests.notifications.test_game_emails import NOON

    alice, bob = make_player("alice"), make_player("bob")
    with clock.frozen_at(NOON):
        game = start_game([alice, bob])
        _answer(alice, game)
    deadline = GameStep.objects.get(game=game, closed_at=None).deadline
    with clock.frozen_at(deadline - timedelta(hours=2)):
        tasks.tick.delay().get()
    reminder = _email(bob.user, "reminder_2h")
    # Nothing new for bob since his game_started email but alice's sealed choice.
    assert "Since you last looked:\n  - Draft: alice has kept a card\n" in reminder.body_text
    assert not any(card_name(card, "en") in reminder.body_text for card in _hands(game)[0])
