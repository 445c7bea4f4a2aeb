"""Issue 52: a game's webhook events are rows written with the change that causes them, handed
on once it commits, found again by the sweep when the hand-on is lost, and every try of one
carries the `webhook-id` the row was written with."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction

from common import clock
from tests.players import start_game, url
from tests.webhooks.conftest import wait_for
from webhooks import delivering, recording
from webhooks.models import Attempt, Delivery, Endpoint
from webhooks.signing import new_secret

BOTH = ["game.your_turn", "game.over"]


def endpoint(player, hook_url: str, types: list[str], active: bool = True) -> Endpoint:
    return Endpoint.objects.create(
        owner=player.user, url=hook_url, secret=new_secret(), event_types=types, active=active
    )


@pytest.fixture
def lost_hand_ons(monkeypatch) -> list:
    """The broker loses every hand-on a game's change asks for (Redis emptied after the
    commit): what each would have handed on is kept here, nothing is sent."""
    lost: list = []
    monkeypatch.setattr(recording, "later", lambda *task: lost.append(task))
    return lost


def test_the_change_that_asks_a_player_writes_the_delivery_and_the_sweep_sends_it(
    make_player, receiver, webhook_settings, lost_hand_ons
):
    alice, bob, carol = make_player("alice"), make_player("bob"), make_player("carol")
    hook = receiver(200)
    wanted = endpoint(alice, hook.url, ["game.your_turn"])
    endpoint(alice, hook.url, ["game.over"])  # not for this event
    endpoint(alice, hook.url, BOTH, active=False)  # turned off
    endpoint(carol, hook.url, BOTH)  # not at this table
    game = start_game([alice, bob])  # its advance asks both players their first pick

    deliveries = list(Delivery.objects.all())
    assert deliveries and {d.endpoint_id for d in deliveries} == {wanted.pk}
    for delivery in deliveries:
        assert delivery.event_type == "game.your_turn" and delivery.attempts == 0
        assert delivery.payload["data"]["game"] == game.public_id
        assert delivery.payload["data"]["url"].endswith(url(game))
        assert delivery.message_id.startswith("msg_") and len(delivery.message_id) >= 20
    assert len({d.message_id for d in deliveries}) == len(deliveries)
    # Each change asked for its players' accounts to be handed on; the broker lost them all.
    assert lost_hand_ons and all(
        task == ("hand_on_webhooks", (sorted([alice.user.pk, bob.user.pk]),), 0)
        for task in lost_hand_ons
    )
    assert not hook.requests

    assert delivering.sweep() == 1  # one at a time per endpoint; the next is handed on
    sent = wait_for(lambda: len(hook.requests) == len(deliveries) and hook.requests)
    assert sorted(h["webhook-id"] for h, _ in sent) == sorted(d.message_id for d in deliveries)
    wait_for(lambda: not Delivery.objects.exclude(status=Delivery.Status.SUCCEEDED).exists())


def test_a_change_that_rolls_back_leaves_no_delivery_and_hands_nothing_on(
    make_player, receiver, webhook_settings, lost_hand_ons
):
    alice, bob = make_player("alice"), make_player("bob")
    endpoint(alice, receiver(200).url, BOTH)
    game = start_game([alice, bob])
    first = alice.get(url(game, "prompt")).json()["prompt"]
    alice.post(url(game, "decisions"), {"prompt": first["id"], "option": first["default"]})
    before, lost_hand_ons[:] = Delivery.objects.count(), []

    # Bob's pick closes the round and asks alice again: in a transaction that fails after.
    prompt = bob.get(url(game, "prompt")).json()["prompt"]
    with pytest.raises(RuntimeError), transaction.atomic():
        answer = bob.post(
            url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
        )
        assert answer.status_code == 200 and Delivery.objects.count() == before + 1
        raise RuntimeError("the transaction fails after the change")
    assert Delivery.objects.count() == before and not lost_hand_ons

    answer = bob.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]})
    assert answer.status_code == 200
    assert Delivery.objects.count() == before + 1
    assert lost_hand_ons == [("hand_on_webhooks", ([alice.user.pk],), 0)]  # only she is asked anew


class WorkerKilled(BaseException):
    """What a SIGKILL leaves: the attempt went out, and nothing after it ran."""


def test_a_delivery_sent_again_after_its_worker_died_keeps_its_webhook_id(
    make_player, receiver, webhook_settings, lost_hand_ons, monkeypatch
):
    """At the service level: the attempt is made, then the process dies before recording it
    (the real worker killed mid-delivery is tests/integration/test_webhook_outbox.py)."""
    alice, bob = make_player("alice"), make_player("bob")
    hook = receiver(200)
    endpoint(alice, hook.url, ["game.your_turn"])
    start_game([alice, bob])
    delivery = Delivery.objects.order_by("pk").first()
    record = delivering._record

    def killed(*args):
        raise WorkerKilled

    monkeypatch.setattr(delivering, "_record", killed)
    with pytest.raises(WorkerKilled):
        delivering.deliver(delivery.pk, 0)
    monkeypatch.setattr(delivering, "_record", record)
    assert len(hook.requests) == 1
    delivery.refresh_from_db()
    assert delivery.attempts == 0 and delivery.claimed_until > clock.now()
    assert delivering.sweep() == 0  # its claim holds while the attempt might still run

    later = delivery.claimed_until + timedelta(seconds=1)
    with clock.frozen_at(later):
        assert delivering.sweep() == 1  # the claim lapsed: the sweep sends it again
        wait_for(lambda: Delivery.objects.get(pk=delivery.pk).status == "succeeded")
    ids = [headers["webhook-id"] for headers, _ in hook.requests]
    assert ids == [delivery.message_id, delivery.message_id]
    assert Attempt.objects.filter(delivery=delivery).count() == 1  # the killed one left none


def test_an_event_a_release_before_the_outbox_left_queued_is_still_written_and_sent(
    make_player, receiver, webhook_settings
):
    from webhooks import tasks

    alice = make_player("alice")
    hook = receiver(200)
    endpoint(alice, hook.url, BOTH)
    old = {"game": "g", "last_seq": 9, "status": "finished", "asked": [], "ended": [alice.user.pk]}
    tasks.record_webhook_events.delay(old)  # as that release queued it
    [(headers, _body)] = wait_for(lambda: hook.requests)
    [delivery] = Delivery.objects.all()
    assert headers["webhook-id"] == delivery.message_id and delivery.event_type == "game.over"
    assert delivery.payload["data"]["url"].endswith("/api/v1/games/g/")
    assert delivery.payload["data"]["status"] == "finished"
