"""Two players talk at the table in their browsers while playing; one mutes the other. New
messages reach the other page by the table's own poll, and a draft being typed survives it."""

from __future__ import annotations

import pytest

from chat.models import ChatMessage
from tests.web.browser import DESKTOP, browser, screenshot  # noqa: F401
from tests.web.conftest import make_user, start_game
from tests.web.test_browser_screens import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def quick_polls(monkeypatch):
    monkeypatch.setattr("web.views.game.POLL_SECONDS", 1)


def say(page, text: str) -> None:
    page.fill("#chat-text", text)
    page.click(".chat-form button[type=submit]")
    page.wait_for_selector(f".chat-log >> text={text}")


def test_two_players_talk_while_playing_and_one_mutes_the_other(browser, live_server):  # noqa: F811
    anna, boris = make_user("anna"), make_user("boris")
    game = start_game([anna, boris], seats=2)
    game_url = f"{live_server.url}/games/{game.public_id}/"
    pages = {}
    for name in ("anna", "boris"):
        page = browser.new_context(viewport=DESKTOP).new_page()
        log_in(page, live_server.url, name)
        page.goto(game_url)
        pages[name] = page
    anna_page, boris_page = pages["anna"], pages["boris"]

    say(anna_page, "Good luck, Boris! https://example.org/rules")
    boris_page.wait_for_selector(".chat-log >> text=Good luck, Boris!", timeout=10_000)
    link = boris_page.locator(".chat-log a").first
    assert link.get_attribute("href") == "https://example.org/rules"
    assert "noopener" in link.get_attribute("rel")

    # Anna starts a message; Boris's answer arrives by her poll and leaves her draft alone.
    anna_page.fill("#chat-text", "I am still typ")
    say(boris_page, "Thanks, Anna. <b>Have fun</b>")
    anna_page.wait_for_selector(".chat-log >> text=Thanks, Anna.", timeout=10_000)
    assert anna_page.input_value("#chat-text") == "I am still typ"
    assert anna_page.locator(".chat-log b").count() == 0  # markup stays text
    anna_page.fill("#chat-text", "")

    # They play while talking: each keeps a card; the table and the chat go on together.
    anna_page.locator("button.option.default").click()
    boris_page.locator("button.option.default").click()
    say(anna_page, "Picked mine.")
    boris_page.wait_for_selector(".chat-log >> text=Picked mine.", timeout=10_000)

    # Anna mutes Boris, for herself only.
    anna_page.click(".chat-mutes summary")
    anna_page.click(".chat-mutes button:has-text('Mute')")
    anna_page.wait_for_selector(".chat-mutes button:has-text('Unmute')")
    assert anna_page.locator(".chat-log >> text=Thanks, Anna.").count() == 0
    say(boris_page, "Anna, are you there?")
    say(anna_page, "Quiet at last.")
    boris_page.wait_for_selector(".chat-log >> text=Quiet at last.", timeout=10_000)
    anna_page.reload()
    assert anna_page.locator(".chat-log >> text=Anna, are you there?").count() == 0
    assert boris_page.locator(".chat-log >> text=Anna, are you there?").count() == 1
    screenshot(anna_page, "chat-muted-desktop-en")
    screenshot(boris_page, "chat-desktop-en")
    assert ChatMessage.objects.filter(game=game, via="web").count() == 5
