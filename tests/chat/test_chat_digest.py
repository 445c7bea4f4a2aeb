"""The chat digest: off by default; when chosen, at most one email per game an hour with what
was said since the player last looked; its own unsubscribe link turns it off."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client

from chat import services as chat_services
from chat.models import ChatPreference
from common import clock
from games.workers.tasks import tick
from notifications import chat_digests as digests
from notifications.kinds import CHAT_DIGEST
from notifications.models import Notification
from notifications.tokens import unsubscribe_token
from tests.players import assert_problem, start_game


@pytest.fixture(autouse=True)
def mail_in_memory(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.NOTIFY_ACTIVE_MINUTES = 0


def chat_digests(user):
    return list(Notification.objects.filter(recipient=user, kind=CHAT_DIGEST).order_by("id"))


def test_off_by_default_and_the_preference_api(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    game = start_game([ann, ben])
    assert ann.get("/api/v1/me/chat/").json() == {"digest": False}
    for n in range(3):
        chat_services.message_post(game=game, user=ben.user, raw_text=f"hi {n}", via="api")
    tick()  # the minute tick enqueues the chat digests (run in process here)
    assert chat_digests(ann.user) == []
    response = ann.client.patch("/api/v1/me/chat/", {"digest": True}, format="json")
    assert response.status_code == 200 and response.json() == {"digest": True}
    assert ann.get("/api/v1/me/chat/").json() == {"digest": True}
    kept = ann.client.patch("/api/v1/me/chat/", {}, format="json")
    assert kept.status_code == 200 and kept.json() == {"digest": True}
    assert_problem(
        ann.client.patch("/api/v1/me/chat/", {"digest": "yes"}, format="json"),
        400,
        "invalid_input",
    )


def test_at_most_one_per_game_an_hour_with_what_is_new(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    game = start_game([ann, ben])
    chat_services.digest_choose(user=ann.user, digest=True)
    start = clock.now() + timedelta(minutes=1)
    with clock.frozen_at(start):
        chat_services.message_post(game=game, user=ben.user, raw_text="opening <i>", via="api")
        chat_services.message_post(game=game, user=ann.user, raw_text="ann's own", via="api")
        chat_services.message_post(game=game, user=ben.user, raw_text="second", via="api")
        sent_before = len(mail.outbox)
        assert digests.send_chat_digests(clock.now()) == 1
    (first,) = chat_digests(ann.user)
    assert "ben wrote:\n> second" in first.body_text
    assert "opening" not in first.body_text  # ann spoke after it
    assert "ann's own" not in first.body_text
    assert first.subject.startswith("Khôra: said at the table in")
    assert len(mail.outbox) == sent_before + 1
    assert chat_digests(ben.user) == []  # ben did not choose it
    for minutes in (10, 40, 59):
        with clock.frozen_at(start + timedelta(minutes=minutes)):
            chat_services.message_post(game=game, user=ben.user, raw_text=f"m{minutes}", via="api")
            digests.send_chat_digests(clock.now())
    assert len(chat_digests(ann.user)) == 1
    with clock.frozen_at(start + timedelta(minutes=61)):
        assert digests.send_chat_digests(clock.now()) == 1
    second = chat_digests(ann.user)[1]
    assert all(f"ben wrote:\n> m{m}" in second.body_text for m in (10, 40, 59))
    assert "second" not in second.body_text  # told in the first
    with clock.frozen_at(start + timedelta(minutes=200)):
        assert digests.send_chat_digests(clock.now()) == 0  # nothing new: nothing sent


def test_its_unsubscribe_link_turns_it_off(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    game = start_game([ann, ben])
    chat_services.digest_choose(user=ann.user, digest=True)
    chat_services.message_post(game=game, user=ben.user, raw_text="hello", via="api")
    digests.send_chat_digests(clock.now() + timedelta(seconds=1))
    (row,) = chat_digests(ann.user)
    token = unsubscribe_token(ann.user.pk, CHAT_DIGEST)
    assert f"/notifications/unsubscribe/{token}/" in row.body_text
    Client().post(f"/notifications/unsubscribe/{token}/")
    assert ChatPreference.objects.get(user=ann.user).digest is False
    # Only the chat digest: "your turn" emails stay as they were.
    assert ann.get("/api/v1/me/preferences/").json()["your_turn"] == "immediately"
