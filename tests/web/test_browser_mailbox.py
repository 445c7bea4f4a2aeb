"""Play by email inside the embedded default (issue 20): player A answers her prompt by
replying from the local mailbox page; player B, at the table in his browser, sees the game
move on. Screenshots of the mailbox, an email and the 404 page, phone and desktop, en and uk.
A browser that signs up guesses its time zone."""

from __future__ import annotations

import pytest

from accounts.models import Profile
from games import selectors
from games.models import GameEvent
from tests.web.browser import DESKTOP, PHONE, browser, screenshot  # noqa: F401
from tests.web.conftest import make_user, start_game
from tests.web.test_browser_screens import log_in, switch_language

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def embedded_mail(settings):
    settings.LOCAL_MAILBOX = True
    settings.EMAIL_BACKEND = "localmail.backend.EmailBackend"
    settings.NOTIFY_ACTIVE_MINUTES = 0


def test_a_reply_from_the_mailbox_moves_the_game_for_the_other_player(browser, live_server):  # noqa: F811
    anna, boris = make_user("anna"), make_user("boris")
    game = start_game([anna, boris], seats=2)
    base = live_server.url
    game_url = f"{base}/games/{game.public_id}/"

    table = browser.new_context(viewport=DESKTOP).new_page()
    inbox = browser.new_context(viewport=DESKTOP).new_page()
    refused: list[str] = []  # the Content-Security-Policy's refusals, as Chromium logs them
    for page in (table, inbox):
        page.on(
            "console",
            lambda message: (
                refused.append(message.text) if "Content Security Policy" in message.text else None
            ),
        )
    log_in(table, base, "boris")
    table.goto(game_url)
    table.locator("button.option.default").click()  # boris keeps his card...
    # ...and waits for anna. (Not "waiting for anna": the header said so before the click,
    # "waiting for anna, boris", so that wait could return before his answer was in.)
    table.wait_for_selector("text=Your choice is sealed")
    asked_before = selectors.game_prompt(game, boris)
    assert asked_before is None

    inbox.goto(f"{base}/mailbox/?to=anna@example.com")
    inbox.locator(".mail-row").last.click()  # her first email: the game has started
    inbox.wait_for_selector("#reply-text")
    assert "anna@example.com" in inbox.locator("#reply-title").inner_text()
    screenshot(inbox, "mailbox-message-desktop-en")
    inbox.fill("#reply-text", "1")
    inbox.click("text=Send the reply")
    inbox.wait_for_selector("text=Reply delivered")
    assert GameEvent.objects.filter(game=game, seat=0, type="decision").exists()

    # Boris's page polls; the game has moved on to his next draft pick.
    table.wait_for_selector("#prompt-title", timeout=20_000)
    assert "anna" in table.locator(".history").inner_text()
    assert selectors.game_prompt(game, boris) is not None

    # The mailbox and the 404 page, looked at on a phone and a desk, in both languages.
    for language in ("en", "uk"):
        switch_language(inbox, language)
        for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
            inbox.set_viewport_size(size)
            inbox.goto(f"{base}/mailbox/?to=anna@example.com")
            assert inbox.evaluate("document.documentElement.scrollWidth") <= size["width"]
            screenshot(inbox, f"mailbox-{name}-{language}")
            inbox.locator(".mail-row").first.click()
            inbox.wait_for_selector("#reply-text")
            screenshot(inbox, f"mailbox-message-{name}-{language}")
            missing = inbox.goto(f"{base}/games/no-such-game/")
            assert missing.status == 404
            assert inbox.locator("h1").count() == 1
            screenshot(inbox, f"not-found-{name}-{language}")
    assert refused == []


def test_signing_up_in_a_kyiv_browser_starts_the_account_in_kyiv(browser, live_server):  # noqa: F811
    context = browser.new_context(viewport=PHONE, timezone_id="Europe/Kyiv")
    page = context.new_page()
    page.goto(f"{live_server.url}/signup/")
    shown = page.locator("[data-browser-time-zone-text]").inner_text()
    assert shown in ("Europe/Kyiv", "Europe/Kiev")  # as the browser names it
    page.fill("#id_username", "oksana")
    page.fill("#id_email", "oksana@example.com")
    page.fill("#id_password", "a long browser password")
    page.click("button.primary")
    page.wait_for_selector("#new-title")
    assert Profile.objects.get(user__username="oksana").time_zone == "Europe/Kyiv"
    page.goto(f"{live_server.url}/preferences/")
    assert page.locator("#id_time_zone").input_value() == "Europe/Kyiv"
    page.fill("input.narrow-list", "buenos")
    visible = page.locator("#id_time_zone option:not([hidden])").all_inner_texts()
    assert visible and all("Buenos" in text for text in visible)
    context.close()
