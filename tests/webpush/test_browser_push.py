"""Enabling push on the preferences page in Chromium, and a "your turn" push reaching the page's
service worker.

What runs for real: the page's own script registers /sw.js (scope: the whole site), asks for
the notification permission, subscribes and posts the subscription to the API; the server
stores it, and a game that asks its player sends an encrypted, VAPID-signed POST to the push
service. What is stood in for: headless Chromium cannot reach a real push service offline, so
PushManager.subscribe returns a subscription the test made (its endpoint the fake push service
on loopback, its keys the test's), and the push service's delivery to the browser is Chrome's
own DevTools call (ServiceWorker.deliverPushMessage) with what the fake service received,
decrypted with those keys. The service worker then shows the notification, read back with
registration.getNotifications().
"""

from __future__ import annotations

import json

import pytest

from tests.web.browser import DESKTOP, browser, screenshot  # noqa: F401
from tests.web.conftest import make_user, start_game
from tests.web.test_browser_screens import log_in
from tests.webpush.conftest import Browser, PushService
from webpush.keys import new_private_key
from webpush.models import PushSubscription

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# What the service worker shows now, as the test reads it.
NOTIFICATIONS_SHOWN = """navigator.serviceWorker.ready
  .then(r => r.getNotifications())
  .then(list => list.map(n => ({title: n.title, body: n.body, url: n.data.url})))"""
PHONE = {"width": 390, "height": 844}

# PushManager.subscribe as a real push service would answer it, with the test's subscription.
FAKE_SUBSCRIBE = """
(subscription) => {
  PushManager.prototype.subscribe = async function () {
    return { endpoint: subscription.endpoint, toJSON: () => subscription };
  };
  PushManager.prototype.getSubscription = async function () { return null; };
}
"""


@pytest.fixture
def push_service():
    service = PushService([201])
    yield service
    service.close()


def test_push_is_enabled_on_the_page_and_a_your_turn_push_is_shown(
    browser,  # noqa: F811
    live_server,
    settings,
    push_service,
):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = new_private_key()
    settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES = True  # the fake push service is on loopback
    anna, boris = make_user("anna"), make_user("boris")
    device = Browser()
    context = browser.new_context(viewport=DESKTOP)
    context.grant_permissions(["notifications"], origin=live_server.url)
    context.add_init_script(
        f"({FAKE_SUBSCRIBE})({json.dumps({'endpoint': push_service.url, 'keys': device.keys})})"
    )
    page = context.new_page()
    log_in(page, live_server.url, "anna")
    page.goto(f"{live_server.url}/preferences/")
    page.click("[data-push-enable]")
    page.wait_for_selector("text=Push is on for this device.")

    registration = page.evaluate(
        "navigator.serviceWorker.ready.then(r => ({scope: r.scope, script: r.active.scriptURL}))"
    )
    assert registration == {"scope": f"{live_server.url}/", "script": f"{live_server.url}/sw.js"}
    stored = PushSubscription.objects.get(user=anna)
    assert stored.endpoint == push_service.url and stored.p256dh == device.keys["p256dh"]
    assert page.locator(".push-devices li").count() == 1
    screenshot(page, "push-preferences-desktop-en")
    page.set_viewport_size(PHONE)
    screenshot(page, "push-preferences-phone-en")

    game = start_game([anna, boris], seats=2)  # asks anna: the push service gets her push
    [(headers, body)] = push_service.requests
    assert headers["Content-Encoding"] == "aes128gcm"
    data = device.read(body)

    cdp = context.new_cdp_session(page)
    registrations: list = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda e: registrations.extend(e["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    page.wait_for_function("navigator.serviceWorker.controller !== undefined")
    for _ in range(50):
        if registrations:
            break
        page.wait_for_timeout(100)
    [ours] = [r for r in registrations if r["scopeURL"] == f"{live_server.url}/"]
    shown: list = []
    # DevTools' delivery now and then reaches a worker that is not running yet and is dropped
    # (1 run in 5 here): the stand-in for the push service delivers again, as a push service
    # does when a device did not take a message. The worker's own showing is what is tested.
    for _delivery in range(3):
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": live_server.url,
                "registrationId": ours["registrationId"],
                "data": json.dumps(data),
            },
        )
        for _ in range(30):  # the worker shows it asynchronously
            shown = page.evaluate(NOTIFICATIONS_SHOWN)
            if shown:
                break
            page.wait_for_timeout(100)
        if shown:
            break
    assert shown == [
        {"title": "Khôra", "body": f"Your turn in {game.name}.", "url": f"/games/{game.public_id}/"}
    ]
    context.close()


def test_the_push_section_on_a_phone_in_ukrainian_says_a_device_stopped(
    browser,  # noqa: F811
    live_server,
    settings,
):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = new_private_key()
    settings.WEBPUSH_STOPPED_AFTER_FAILURES = 1
    olena = make_user("olena", language="uk")
    PushSubscription.objects.create(
        user=olena,
        endpoint="https://93.184.216.34/push/1",
        p256dh=Browser().keys["p256dh"],
        auth=Browser().keys["auth"],
        label="Firefox · Android",
        failures=2,
        last_error="no complete answer within 5 s",
    )
    page = browser.new_context(viewport=PHONE, locale="uk-UA").new_page()
    log_in(page, live_server.url, "olena")
    page.goto(f"{live_server.url}/preferences/")
    page.wait_for_selector(".push-devices")
    text = page.inner_text("#push")
    assert "Firefox · Android" in text and "перестав відповідати" in text
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "push-preferences-phone-uk")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "push-preferences-desktop-uk")
