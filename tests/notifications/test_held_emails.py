"""A "your turn" held back for a player at the table: superseded by the answer itself, and
composed in the player's language when it is sent, not when it was written."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from django.core import mail

from accounts.models import Profile
from common import clock
from notifications import services as outbox
from notifications.models import Notification
from tests.integration.conftest import database_url
from tests.players import start_game, url

NOON = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


def answer(player, game) -> None:
    prompt = player.get(url(game, "prompt")).json()["prompt"]
    response = player.post(
        url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
    )
    assert response.status_code == 200, response.content


def held_turn(make_player, settings):
    """Ann answers at minute 1, ben at minute 2: ann is asked again while at the table, so her
    "your turn" is held until minute 7."""
    settings.NOTIFY_ACTIVE_MINUTES = 5
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    ann, ben = make_player("ann"), make_player("ben")
    with clock.frozen_at(NOON):
        game = start_game([ann, ben])  # two seats: each draft pick waits on the other
    for minute, answering in ((1, ann), (2, ben)):
        with clock.frozen_at(NOON + timedelta(minutes=minute)):
            answer(answering, game)
    held = Notification.objects.get(recipient=ann.user, kind="your_turn")
    assert held.status == "pending" and held.next_attempt_at == NOON + timedelta(minutes=7)
    return ann, ben, game, held


def test_the_answer_supersedes_the_held_email_in_its_own_transaction(make_player, settings):
    ann, _ben, game, held = held_turn(make_player, settings)
    with clock.frozen_at(NOON + timedelta(minutes=3)):
        answer(ann, game)
    held.refresh_from_db()
    # No sender ran: the decision's own write batch marked it.
    assert held.status == "superseded"


def test_a_held_email_goes_out_in_the_language_its_player_has_when_it_is_sent(
    make_player, settings
):
    ann, _ben, _game, held = held_turn(make_player, settings)
    assert held.language == "en" and held.subject.startswith("Khôra: your turn in")
    Profile.objects.filter(user=ann.user).update(language="uk")  # she switches while it waits
    mail.outbox.clear()
    with clock.frozen_at(held.next_attempt_at):
        assert outbox.send_due() == 1
    (sent,) = mail.outbox
    assert sent.subject.startswith("Khôra: ваш хід у грі"), sent.subject
    assert "your turn" not in sent.body.lower()
    held.refresh_from_db()
    assert held.status == "sent" and held.language == "uk" and held.subject == sent.subject


def test_an_email_in_the_players_language_is_sent_as_written(make_player, settings):
    ann, _ben, _game, held = held_turn(make_player, settings)
    with clock.frozen_at(held.next_attempt_at):
        assert outbox.send_due() == 1
    (sent,) = [m for m in mail.outbox if m.to == [ann.user.email] and "your turn" in m.subject]
    assert sent.subject == held.subject


@pytest.mark.postgres
def test_an_answer_never_waits_on_a_sender_holding_its_held_email(make_player, settings):
    ann, _ben, game, held = held_turn(make_player, settings)
    with psycopg.connect(database_url(), autocommit=False) as sender:
        # A sender has claimed the row and talks to the mail server (for at most 3 s here).
        sender.execute(
            "SELECT 1 FROM notifications_notification WHERE id = %s FOR UPDATE", [held.pk]
        )
        release = threading.Timer(3.0, sender.rollback)
        release.start()
        started = time.monotonic()
        with clock.frozen_at(NOON + timedelta(minutes=3)):
            answer(ann, game)
        waited = time.monotonic() - started
        release.join()
    assert waited < 1.0, f"the decision waited {waited:.1f} s on the sender's lock"
    held.refresh_from_db()
    assert held.status == "pending", "left to the sender, which holds it"
    with clock.frozen_at(held.next_attempt_at):
        assert outbox.send_due() == 0
    held.refresh_from_db()
    assert held.status == "superseded"


def test_a_player_at_the_table_is_not_emailed_after_each_move_of_a_strong_bot(
    make_player, settings, monkeypatch
):
    """A slow bot asked is someone the game waits on (so a player who left hears when asked
    again); one who answers on the page meanwhile has each such "your turn" dropped."""
    from games import services

    settings.NOTIFY_ACTIVE_MINUTES = 5
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.GAME_STRONG_BOT_SECONDS = 0.002  # the real search, with time for hardly a playout
    ann = make_player("ann")
    game = services.game_create(
        creator=ann.user, game_type="khora", seats=2, options={}, step_hours=48, bots=["strong"]
    )
    for _ in range(40):
        answer(ann, game)
    turns = Notification.objects.filter(recipient=ann.user, kind="your_turn")
    # She was asked again after the bot moved, and answered before each email was due.
    assert turns.filter(status="superseded").count() >= 1
    assert not turns.filter(status="sent").exists()
    assert not [m for m in mail.outbox if "your turn" in m.subject]
