"""A push subscription's endpoint comes from a browser, so from anyone, and the server will POST
to it: only https on a public host (http and loopback only where settings allow it, as in
tests), bounded in size, keys of the right sizes, a few devices per user."""

from __future__ import annotations

import pytest

from tests.players import Player, assert_problem
from tests.webpush.conftest import Browser
from webpush.models import PushSubscription

DEVICES = "/api/v1/me/push/devices/"


def body(endpoint: str, **keys) -> dict:
    return {"endpoint": endpoint, "keys": {**Browser().keys, **keys}}


@pytest.fixture
def make_player(db):
    """Players in a test transaction (nothing here waits on a commit): no flush after each."""
    return Player


@pytest.fixture
def production_push(push_settings):
    push_settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES = False
    return push_settings


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://93.184.216.34/push/1",  # not https
        "https://127.0.0.1/push/1",  # loopback
        "https://[::1]/push/1",
        "https://10.1.2.3/push/1",  # private
        "https://169.254.169.254/latest/meta-data/",  # the cloud metadata address
        "https://[::ffff:127.0.0.1]/push/1",  # loopback inside IPv6
        "https://user:pw@93.184.216.34/push/1",
        "ftp://93.184.216.34/push/1",
        "javascript:alert(1)",
    ],
)
def test_an_endpoint_that_is_not_https_on_a_public_host_is_refused(
    make_player, production_push, endpoint
):
    alice = make_player("alice")
    problem = assert_problem(alice.post(DEVICES, body(endpoint)), 422, "invalid_endpoint")
    assert "https" in problem["detail"]
    assert not PushSubscription.objects.exists()


def test_a_public_https_endpoint_is_stored_and_listed_and_removable(make_player, production_push):
    alice, bob = make_player("alice"), make_player("bob")
    response = alice.post(
        DEVICES, body("https://93.184.216.34/push/1"), HTTP_USER_AGENT="x Firefox/140 Android"
    )
    assert response.status_code == 201, response.content
    device = response.json()
    assert device["label"] == "Firefox · Android" and device["stopped"] is False
    assert [d["id"] for d in alice.get("/api/v1/me/push/").json()["devices"]] == [device["id"]]
    assert bob.client.delete(f"{DEVICES}{device['id']}/").status_code == 404  # not his
    assert alice.client.delete(f"{DEVICES}{device['id']}/").status_code == 204
    assert not PushSubscription.objects.exists()


def test_sizes_and_counts_are_bounded(make_player, push_settings):
    push_settings.WEBPUSH_MAX_DEVICES = 2
    alice = make_player("alice")
    too_long = "http://127.0.0.1:9/" + "a" * 1100
    assert_problem(alice.post(DEVICES, body(too_long)), 400, "invalid_input")
    assert_problem(
        alice.post(DEVICES, body("http://127.0.0.1:9/1", p256dh="BAAA")), 422, "invalid_keys"
    )
    assert_problem(
        alice.post(DEVICES, body("http://127.0.0.1:9/1", auth="A" * 30)), 422, "invalid_keys"
    )
    for n in (1, 2):
        assert alice.post(DEVICES, body(f"http://127.0.0.1:9/{n}")).status_code == 201
    assert alice.post(DEVICES, body("http://127.0.0.1:9/1")).status_code == 201  # renewed
    assert_problem(alice.post(DEVICES, body("http://127.0.0.1:9/3")), 409, "too_many_devices")
    assert PushSubscription.objects.count() == 2


def test_without_a_vapid_key_push_is_unavailable_and_says_so(make_player, settings):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    alice = make_player("alice")
    assert alice.get("/api/v1/me/push/").json()["available"] is False
    assert_problem(alice.post(DEVICES, body("https://93.184.216.34/1")), 409, "push_unavailable")
