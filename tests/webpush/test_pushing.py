"""Issue 48: a player hears by push that it is their turn once per wait and device, never for
a prompt already answered, reading nothing but "your turn in <game>" and its link; a device
whose push service says it is gone is removed; preferences are honoured; failures are retried
and shown."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client

from common import clock
from games.workers.tasks import tick
from notifications.models import Notification
from tests.players import start_game, url
from tests.webpush.conftest import subscribe, unb64, vapid_key_of
from webpush import announcing, delivering, keys, tasks
from webpush.models import PushMessage, PushPreference, PushSubscription


def answer(player, game) -> None:
    prompt = player.get(url(game, "prompt")).json()["prompt"]
    response = player.post(
        url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
    )
    assert response.status_code in (200, 201), response.content


def test_each_wait_is_pushed_once_per_device_saying_only_your_turn_and_the_link(
    make_player, push_service, push_settings
):
    alice, bob = make_player("alice"), make_player("bob")
    service = push_service(201)
    phone = subscribe(alice, service)
    game = start_game([alice, bob])
    game.name = "Aegean Nights"
    game.save(update_fields=["name"])

    assert len(service.requests) == 1  # alice's first prompt; bob has no device
    headers, body = service.requests[0]
    assert headers["Content-Encoding"] == "aes128gcm" and int(headers["TTL"]) > 0
    assert vapid_key_of(headers) == keys.public_key()
    assert b"Your turn" not in body  # encrypted for the browser: the service reads nothing
    pushed = phone.read(body)
    assert pushed["url"] == f"/games/{game.public_id}/"
    assert pushed["body"].startswith("Your turn in ")
    assert set(pushed) == {"title", "body", "url", "tag"}

    # The same wait seen again (a rerun of the task, a second listener) pushes nothing more.
    message = PushMessage.objects.get()
    again = announcing.write(game.pk, "your_turn", [[alice.user.pk, message.prompt, message.cause]])
    assert again == [] and PushMessage.objects.count() == 1

    # Alice answers and waits for bob: nothing; bob's answer asks her again: one more push.
    answer(alice, game)
    assert len(service.requests) == 1
    answer(bob, game)
    assert len(service.requests) == 2
    second = phone.read(service.requests[1][1])
    assert second["body"] == "Your turn in Aegean Nights."
    assert PushMessage.objects.filter(status=PushMessage.Status.SENT).count() == 2


def test_a_push_whose_prompt_was_answered_before_it_went_out_is_never_sent(
    make_player, push_service, push_settings, monkeypatch
):
    alice, bob = make_player("alice"), make_player("bob")
    service = push_service(201)
    subscribe(alice, service)
    held: list = []  # the send task is late (a busy queue): the push waits in its row
    monkeypatch.setattr(tasks, "send_later", held.extend)
    game = start_game([alice, bob])
    [message_id] = held

    answer(alice, game)  # from the page, before the push went out
    assert delivering.send_one(message_id) is False
    assert PushMessage.objects.get(pk=message_id).status == PushMessage.Status.SUPERSEDED
    assert service.requests == []


@pytest.mark.parametrize("gone", [404, 410])
def test_a_subscription_its_push_service_says_is_gone_is_removed_and_named_on_the_page(
    make_player, push_service, push_settings, gone
):
    alice, bob = make_player("alice"), make_player("bob")
    subscribe(alice, push_service(gone))
    start_game([alice, bob])

    assert not PushSubscription.objects.exists() and not PushMessage.objects.exists()
    state = alice.get("/api/v1/me/push/").json()
    assert state["devices"] == [] and state["removed_device"]["label"]
    browser = Client()
    browser.force_login(alice.user)
    page = browser.get("/preferences/push/").content.decode()
    assert f"{state['removed_device']['label']} stopped answering" in page


def test_a_push_service_that_does_not_answer_is_tried_again_later_and_shown_as_stopped(
    make_player, push_service, push_settings
):
    push_settings.WEBPUSH_STOPPED_AFTER_FAILURES = 1
    alice, bob = make_player("alice"), make_player("bob")
    service = push_service("hang", 201)
    subscribe(alice, service)
    start_game([alice, bob])  # the first try hangs past the 1 s deadline

    message = PushMessage.objects.get()
    assert message.status == PushMessage.Status.PENDING and message.attempts == 1
    assert message.next_attempt_at - clock.now() > timedelta(seconds=30)  # backoff
    [device] = alice.get("/api/v1/me/push/").json()["devices"]
    assert device["stopped"] is True and device["last_error"]

    assert tasks.after_tick(None) == {"pushes_due": 0}  # not due yet
    PushMessage.objects.update(next_attempt_at=clock.now())
    # The minute tick hands it on; this time the service answers.
    assert tick()["pushes_due"] == 1
    message.refresh_from_db()
    assert message.status == PushMessage.Status.SENT and message.attempts == 2
    assert len(service.requests) == 2
    [device] = alice.get("/api/v1/me/push/").json()["devices"]
    assert device["stopped"] is False and device["last_success_at"]


def test_a_player_who_turned_your_turn_pushes_off_gets_none_and_still_gets_the_email(
    make_player, push_service, push_settings
):
    alice, bob = make_player("alice"), make_player("bob")
    service = push_service(201)
    subscribe(alice, service)
    response = alice.client.patch("/api/v1/me/push/", {"your_turn": False}, format="json")
    assert response.status_code == 200 and response.json()["your_turn"] is False
    start_game([alice, bob])

    assert service.requests == [] and not PushMessage.objects.exists()
    assert Notification.objects.filter(recipient=alice.user).exists()  # email as before
    assert PushPreference.objects.get(user=alice.user).game_over is True


def test_a_game_over_push_says_the_game_ended(make_player, push_service, push_settings):
    alice, bob = make_player("alice"), make_player("bob")
    service = push_service(201)
    phone = subscribe(alice, service)
    game = start_game([alice, bob])
    ids = announcing.write(game.pk, "game_over", [[alice.user.pk, "", "end"]])
    assert delivering.send_one(ids[0]) is True
    pushed = phone.read(service.requests[-1][1])
    assert "is over" in pushed["body"] and pushed["url"] == f"/games/{game.public_id}/"
    assert unb64(vapid_key_of(service.requests[-1][0]))[0] == 4  # an uncompressed P-256 key


def test_table_talk_is_pushed_to_the_other_players_who_chose_it_at_most_once_an_hour(
    make_player, push_service, push_settings
):
    alice, bob, carol = make_player("alice"), make_player("bob"), make_player("carol")
    service = push_service(201)
    bob_phone = subscribe(bob, service)
    subscribe(carol, service)
    game = start_game([alice, bob, carol])
    sent = len(service.requests)  # their first prompts
    assert bob.client.patch("/api/v1/me/push/", {"chat": True}, format="json").json()["chat"]

    for text in ("hello", "again"):  # the second, the same hour: no second push
        response = alice.post(url(game, "chat"), {"text": text})
        assert response.status_code == 201, response.content
    [(_headers, body)] = service.requests[sent:]  # bob only: carol left chat off
    pushed = bob_phone.read(body)
    assert pushed["body"].startswith("New words at the table of ")
    assert "hello" not in json.dumps(pushed)  # what was said stays at the table
