"""The installable app's files, the push section's forms, and the address check at every send
(an endpoint allowed when subscribed is refused if it no longer may be reached)."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.test import Client

from tests.players import start_game
from tests.webpush.conftest import subscribe
from webpush.models import PushMessage, PushPreference, PushSubscription


def test_the_service_worker_is_served_from_the_root_and_the_manifest_names_our_icons(
    make_player,
):
    worker = Client().get("/sw.js")
    assert worker.status_code == 200 and worker["Content-Type"].startswith("text/javascript")
    assert b'addEventListener("push"' in worker.content and "no-cache" in worker["Cache-Control"]
    assert "Content-Security-Policy" in worker  # the worker runs under the site's policy
    manifest = Client().get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    data = manifest.json()
    assert data["start_url"] == "/" and data["display"] == "standalone"
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert sizes == {"any", "192x192", "512x512"}
    for icon in data["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/"))  # every icon exists


def test_the_section_s_forms_save_choices_remove_a_device_and_dismiss_a_notice(
    make_player, push_service, push_settings
):
    alice = make_player("alice")
    subscribe(alice, push_service(201))
    PushPreference.objects.filter(user=alice.user).update(removed_label="Safari · iPhone")
    PushPreference.objects.filter(user=alice.user).update(removed_at="2026-11-01T10:00:00Z")
    page = Client()
    page.force_login(alice.user)

    section = page.get("/preferences/push/").content.decode()
    assert "Safari · iPhone stopped answering" in section and "Enable push" in section
    saved = page.post("/preferences/push/choices/", {"game_over": "on"}).content.decode()
    assert "Saved." in saved
    preference = PushPreference.objects.get(user=alice.user)
    assert (preference.your_turn, preference.game_over) == (False, True)
    page.post("/preferences/push/dismiss/")
    device = PushSubscription.objects.get()
    after = page.post(f"/preferences/push/devices/{device.pk}/remove/").content.decode()
    assert "stopped answering" not in after and "No device receives push yet." in after
    assert not PushSubscription.objects.exists()
    assert Client().get("/preferences/push/").status_code == 302  # to the login page


def test_an_endpoint_that_no_longer_may_be_reached_is_refused_at_the_send(
    make_player, push_service, push_settings
):
    alice, bob = make_player("alice"), make_player("bob")
    service = push_service(201)
    subscribe(alice, service)  # allowed then (loopback, as in tests)
    push_settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES = False  # now: production's policy
    start_game([alice, bob])
    assert service.requests == []  # nothing sent to loopback
    message = PushMessage.objects.get()
    assert message.status == PushMessage.Status.PENDING and message.attempts == 1
    assert "public internet" in PushSubscription.objects.get().last_error
