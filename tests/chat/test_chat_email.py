"""Table talk in email: never one email per message; what was said rides along in the next
email the player gets anyway ("said at the table since you last looked"), escaped in HTML."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail

from chat import services as chat_services
from common import clock
from games import selectors, services
from notifications.models import Notification
from tests.players import start_game


@pytest.fixture(autouse=True)
def mail_in_memory(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.NOTIFY_ACTIVE_MINUTES = 0


def answer_default(game, player):
    prompt = selectors.game_prompt(game, player.user)
    services.decisions_submit(
        public_id=game.public_id,
        user=player.user,
        decisions=[services.DecisionInput(prompt["id"], prompt["default"])],
    )


def test_twenty_messages_in_an_hour_send_nothing_then_ride_in_your_turn(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    game = start_game([ann, ben])
    answer_default(game, ann)  # ann keeps a card and waits for ben
    emails_to_ann = Notification.objects.filter(recipient=ann.user).count()
    sent_before = len(mail.outbox)
    start = clock.now()
    for n in range(20):  # one every three minutes: within the hour and the rate limits
        with clock.frozen_at(start + timedelta(minutes=3 * n, seconds=1)):
            chat_services.message_post(
                game=game, user=ben.user, raw_text=f"ben's message {n:02d} <b>", via="api"
            )
    assert Notification.objects.filter(recipient=ann.user).count() == emails_to_ann
    assert len(mail.outbox) == sent_before

    with clock.frozen_at(start + timedelta(minutes=61)):
        answer_default(game, ben)  # the draft moves on: ann is asked again
    your_turn = Notification.objects.get(recipient=ann.user, kind="your_turn")
    assert "Said at the table since you last looked" in your_turn.body_text
    for n in range(20):
        assert f"ben wrote:\n> ben's message {n:02d} <b>" in your_turn.body_text
        assert f"message {n:02d} &lt;b&gt;" in your_turn.body_html
    assert "<b>" not in your_turn.body_html.split("Said at the table")[1]
    # Ben wrote them: his own email does not read them back to him.
    bens = Notification.objects.filter(recipient=ben.user, kind="your_turn").first()
    assert bens is None or "Said at the table" not in bens.body_text


def test_what_an_email_told_is_not_told_again(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    game = start_game([ann, ben])
    chat_services.message_post(game=game, user=ben.user, raw_text="before", via="api")
    answer_default(game, ann)
    answer_default(game, ben)
    first = Notification.objects.get(recipient=ann.user, kind="your_turn")
    assert "ben wrote:\n> before" in first.body_text
    chat_services.message_post(game=game, user=ben.user, raw_text="after", via="api")
    answer_default(game, ann)
    answer_default(game, ben)
    second = (
        Notification.objects.filter(recipient=ann.user, kind="your_turn")
        .exclude(pk=first.pk)
        .first()
    )
    assert second is not None
    assert "> after" in second.body_text and "> before" not in second.body_text


XSS = [
    '<script>alert("x")</script>',
    '<img src=x onerror="alert(1)">',
    "javascript:alert(1)",
    'https://example.org/"><script>alert(2)</script>',
]


def test_markup_in_messages_is_text_in_the_html_email(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    game = start_game([ann, ben])
    for attack in XSS:
        chat_services.message_post(game=game, user=ben.user, raw_text=attack, via="api")
    chat_services.message_post(
        game=game, user=ben.user, raw_text="see https://example.org/map", via="api"
    )
    answer_default(game, ann)
    answer_default(game, ben)
    html = Notification.objects.get(recipient=ann.user, kind="your_turn").body_html
    talk = html.split("Said at the table")[1]
    assert "<script" not in talk and "<img" not in talk
    assert 'href="javascript' not in talk
    assert '<a href="https://example.org/map" rel="nofollow noopener noreferrer ugc"' in talk
    assert '<a href="https://example.org/&quot;&gt;' not in talk
