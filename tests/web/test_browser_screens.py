"""Screenshots of the game page on a phone and a desktop, in English and Ukrainian, and no
horizontal scrolling at 360 px on any page a player opens."""

from __future__ import annotations

import pytest

from tests.web.browser import DESKTOP, PHONE, browser, screenshot  # noqa: F401
from tests.web.conftest import PASSWORD, in_round, make_user, play, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button.primary")
    page.wait_for_selector("#awaiting-title")


def switch_language(page, code: str) -> None:
    page.select_option("#language", code)
    page.click(".lang button")
    page.wait_for_load_state()


def test_game_page_screenshots_and_no_horizontal_scroll(browser, live_server):  # noqa: F811
    users = [make_user(name) for name in ("daphne", "eudoxus", "phaedra")]
    game = start_game(users, seats=4)
    game = play(game, users, in_round(3))
    game_url = f"{live_server.url}/games/{game.public_id}/"
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    log_in(page, live_server.url, "daphne")

    pages = ["/", f"/games/{game.public_id}/", "/preferences/", f"/games/{game.public_id}/"]
    for path in pages:
        page.goto(live_server.url + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path} scrolls sideways at 360 px ({width} px wide)"

    for language in ("en", "uk"):
        page.goto(game_url)
        switch_language(page, language)
        page.goto(game_url)
        assert page.locator("html").get_attribute("lang") == language
        assert page.locator("#prompt-title").count() == 1
        page.set_viewport_size(PHONE)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert screenshot(page, f"game-phone-{language}").stat().st_size > 10_000
        page.set_viewport_size(DESKTOP)
        assert screenshot(page, f"game-desktop-{language}").stat().st_size > 10_000
    context.close()
