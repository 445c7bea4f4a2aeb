"""Webhooks: signed per Standard Webhooks, retried, never followed, never in a game's way."""

from __future__ import annotations

import time

from django.core import mail
from standardwebhooks.webhooks import Webhook

from games.models import Game
from tests.players import assert_problem, start_game, url
from tests.webhooks.conftest import wait_for
from webhooks.models import Delivery, Endpoint


def register(player, receiver_url: str, types=("game.your_turn", "game.over")) -> dict:
    response = player.post("/api/v1/me/webhooks/", {"url": receiver_url, "event_types": types})
    assert response.status_code == 201, response.content
    return response.json()


def settled(status: str = "succeeded", count: int = 1):
    def check():
        done = list(Delivery.objects.filter(status=status))
        return done if len(done) >= count else None

    return check


def test_every_delivery_is_signed_and_verifies(make_player, receiver, webhook_settings):
    alice, bob = make_player("alice"), make_player("bob")
    hook = receiver(200)
    endpoint = register(alice, hook.url)
    assert endpoint["secret"].startswith("whsec_")
    game = start_game([alice, bob])  # both are asked their first pick
    wait_for(settled())
    verifier = Webhook(endpoint["secret"])
    assert hook.requests
    for headers, body in hook.requests:
        payload = verifier.verify(body, headers)  # raises on a bad signature
        assert payload["type"] == "game.your_turn"
        assert payload["data"]["game"] == game.public_id
    headers, body = hook.requests[0]
    tampered = body.replace(b"your_turn", b"game_over")
    try:
        verifier.verify(tampered, headers)
    except Exception:
        pass
    else:
        raise AssertionError("a tampered body verified")


def test_a_receiver_failing_twice_gets_the_event_once_after_retries(
    make_player, receiver, webhook_settings
):
    alice, bob = make_player("alice"), make_player("bob")
    hook = receiver(500, 500, 200)
    endpoint = register(alice, hook.url, ["game.your_turn"])
    start_game([alice, bob])
    [delivery] = wait_for(settled())
    assert delivery.attempts == 3
    ids = {headers["webhook-id"] for headers, _ in hook.requests}
    assert ids == {delivery.message_id} and len(hook.requests) == 3  # one event, three tries
    log = alice.get(f"/api/v1/me/webhooks/{endpoint['id']}/deliveries/").json()["deliveries"]
    assert [a["status_code"] for a in log[0]["attempt_log"]] == [500, 500, 200]
    assert log[0]["status"] == "succeeded"


def test_a_receiver_that_hangs_delays_no_game(make_player, receiver, webhook_settings):
    alice, bob = make_player("alice"), make_player("bob")
    hook = receiver("hang")
    register(bob, hook.url, ["game.your_turn"])
    game = start_game([alice, bob])
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    # Decide once the delivery thread is inside its hanging request, holding no database lock:
    # on the embedded SQLite test database (in memory, shared between threads) a write that
    # meets another thread's brief write is refused at once instead of waiting, which is a
    # property of that test database, not of the site (a file database waits its timeout).
    wait_for(lambda: hook.requests)
    started = time.monotonic()
    answer = alice.post(
        url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
    )
    assert answer.status_code == 200
    assert time.monotonic() - started < 1.0  # the receiver hangs 3 s; the game does not wait
    [timed_out] = wait_for(lambda: list(Delivery.objects.filter(attempts__gte=1)) or None)
    attempt = timed_out.attempt_log.get(number=1)
    assert attempt.status_code is None and "no complete answer within 1 s" in attempt.error
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_redirects_are_not_followed(make_player, receiver, webhook_settings):
    alice, bob = make_player("alice"), make_player("bob")
    hook = receiver(302)
    register(alice, hook.url, ["game.your_turn"])
    start_game([alice, bob])
    delivery = wait_for(lambda: Delivery.objects.filter(attempts__gte=1).first())
    attempt = delivery.attempt_log.get(number=1)
    assert attempt.status_code == 302 and attempt.error == "redirects are not followed"
    wait_for(settled("failed"))  # a redirect is a failed try, retried like any other
    assert set(hook.paths) == {"/hook/"}  # never to the Location it named


def test_an_endpoint_failing_every_try_is_turned_off_and_its_owner_told(
    make_player, receiver, webhook_settings
):
    webhook_settings.WEBHOOKS_RETRY_SECONDS = [0.02]
    alice, bob = make_player("alice"), make_player("bob")
    hook = receiver(500)
    endpoint = register(alice, hook.url, ["game.your_turn"])
    start_game([alice, bob])
    wait_for(settled("failed"))
    wait_for(lambda: not Endpoint.objects.get(pk=endpoint["id"]).active)
    assert len(hook.requests) == 2
    told = wait_for(lambda: [m for m in mail.outbox if "webhook" in m.subject.lower()])
    assert told[0].to == ["alice@example.com"] and hook.url in told[0].body


def test_urls_on_loopback_private_or_link_local_addresses_are_refused(make_player, settings):
    alice = make_player("alice")
    for address in (
        "http://127.0.0.1:8080/hook",
        "http://localhost/hook",
        "http://10.1.2.3/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/",
        "ftp://example.org/",
        "http://user:pw@example.org/",
    ):
        response = alice.post(
            "/api/v1/me/webhooks/", {"url": address, "event_types": ["game.over"]}
        )
        assert_problem(response, 422, "webhook_url_refused")
    assert not Endpoint.objects.exists()


def test_an_address_that_turned_private_is_refused_at_delivery(
    make_player, receiver, webhook_settings
):
    alice, bob = make_player("alice"), make_player("bob")
    hook = receiver(200)
    register(alice, hook.url, ["game.your_turn"])
    webhook_settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = False  # as if its DNS now said 127.0.0.1
    start_game([alice, bob])
    delivery = wait_for(lambda: Delivery.objects.filter(attempts__gte=1).first())
    assert "public internet" in delivery.attempt_log.get(number=1).error
    assert not hook.requests


def test_webhooks_are_the_owners_alone(make_player, webhook_settings, anonymous):
    alice, bob = make_player("alice"), make_player("bob")
    endpoint = register(alice, "http://127.0.0.1:9/hook")
    assert_problem(
        bob.get(f"/api/v1/me/webhooks/{endpoint['id']}/deliveries/"), 404, "webhook_not_found"
    )
    assert_problem(
        bob.client.delete(f"/api/v1/me/webhooks/{endpoint['id']}/"), 404, "webhook_not_found"
    )
    assert_problem(anonymous.get("/api/v1/me/webhooks/"), 401, "not_authenticated")
    response = alice.post(
        "/api/v1/me/webhooks/", {"url": "http://127.0.0.1:9/", "event_types": ["x"]}
    )
    assert_problem(response, 400, "invalid_input")
    assert bob.get("/api/v1/me/webhooks/").json() == []
