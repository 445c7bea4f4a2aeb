"""A device's push ends with the credential that enabled it: a browser logged out (a shared
computer), an API token revoked or every token ("log out everywhere"), a password changed or an
account deactivated must not keep telling that browser "Your turn in <game>"."""

from __future__ import annotations

from django.test import Client

from tests.players import PASSWORD, start_game
from tests.webpush.conftest import Browser, subscribe
from webpush.models import PushSubscription

DEVICES = "/api/v1/me/push/devices/"


def browser_session(player) -> Client:
    client = Client()
    assert client.login(username=player.user.username, password=PASSWORD)
    return client


def subscribe_in_browser(client: Client, service) -> None:
    endpoint = f"{service.url}{len(PushSubscription.objects.all())}"
    response = client.post(
        DEVICES, {"endpoint": endpoint, "keys": Browser().keys}, content_type="application/json"
    )
    assert response.status_code == 201, response.content


def test_logging_out_a_browser_ends_the_push_it_enabled_and_no_other(
    make_player, push_service, push_settings
):
    alice, bob = make_player("alice"), make_player("bob")
    service = push_service(201)
    shared_computer, phone = browser_session(alice), browser_session(alice)
    subscribe_in_browser(shared_computer, service)
    subscribe_in_browser(phone, service)
    assert PushSubscription.objects.filter(user=alice.user).count() == 2

    assert shared_computer.post("/accounts/logout/").status_code in (200, 302)

    assert PushSubscription.objects.filter(user=alice.user).count() == 1
    start_game([alice, bob])
    assert len(service.requests) == 1  # the phone's, not the shared computer's


def test_revoking_the_token_that_enabled_a_device_ends_its_push(
    make_player, push_service, push_settings
):
    alice, bob = make_player("alice"), make_player("bob")
    service = push_service(201)
    subscribe(alice, service)  # over the API, with alice's token
    assert alice.post("/api/v1/auth/token/revoke-all/").status_code == 200
    assert not PushSubscription.objects.filter(user=alice.user).exists()
    start_game([alice, bob])
    assert service.requests == []


def test_a_changed_password_or_a_deactivated_account_gets_no_push(
    make_player, push_service, push_settings
):
    alice, bob, carol = make_player("alice"), make_player("bob"), make_player("carol")
    service = push_service(201)
    subscribe_in_browser(browser_session(alice), service)
    subscribe_in_browser(browser_session(carol), service)
    alice.user.set_password("a new and long passphrase")
    alice.user.save()
    carol.user.is_active = False
    carol.user.save()

    start_game([alice, bob])
    start_game([carol, bob])

    assert service.requests == []
    assert not PushSubscription.objects.filter(user__in=[alice.user, carol.user]).exists()


def test_a_device_enabled_again_after_a_password_change_is_pushed(
    make_player, push_service, push_settings
):
    alice, bob = make_player("alice"), make_player("bob")
    service = push_service(201)
    alice.user.set_password("a new and long passphrase")
    alice.user.save()
    client = Client()
    assert client.login(username="alice", password="a new and long passphrase")
    subscribe_in_browser(client, service)
    start_game([alice, bob])
    assert len(service.requests) == 1
