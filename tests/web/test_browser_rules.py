"""The browser opens the rules page from a prompt and from a history line, lands on the entry
that explains it, and the pages teaching adds are screenshotted at 360 px and on a desktop in
both languages (the rules page, the dice prompt with its previews)."""

from __future__ import annotations

import pytest

from games import selectors
from tests.web.browser import DESKTOP, PHONE, browser, screenshot  # noqa: F401
from tests.web.conftest import make_user, play, start_game
from tests.web.test_browser_screens import log_in, switch_language

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _at_the_dice(user):
    def reached(game) -> bool:
        prompt = selectors.game_prompt(game, user)
        return bool(prompt and prompt["kind"] == "assign_die")

    return reached


def test_the_rules_open_from_a_prompt_and_from_a_history_line(browser, live_server):  # noqa: F811
    users = [make_user("ione"), make_user("kleon")]
    game = start_game(users, seats=2)
    game = play(game, users, _at_the_dice(users[0]))
    game_url = f"{live_server.url}/games/{game.public_id}/"
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    log_in(page, live_server.url, "ione")

    page.goto(game_url)
    assert page.locator(".prompt .option .preview").count() >= 5
    page.click("#prompt-rules-link")
    page.wait_for_url("**/rules/#phase-dice")
    assert page.locator("#phase-dice").is_visible()
    assert "tile" in page.locator("#phase-dice + dd").inner_text()

    page.goto(game_url)
    link = page.locator(".history a.rule").first
    anchor = link.get_attribute("href").split("#")[1]
    link.click()
    page.wait_for_url(f"**/rules/#{anchor}")
    assert page.locator(f"[id='{anchor}']").is_visible()

    page.goto(game_url)
    page.click("#rules-header-link")
    page.wait_for_url("**/rules/")
    for language in ("en", "uk"):
        switch_language(page, language)
        for name, path in (("rules", "/rules/"), ("dice", f"/games/{game.public_id}/")):
            page.goto(live_server.url + path)
            assert page.locator("html").get_attribute("lang") == language
            page.set_viewport_size(PHONE)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"{path} scrolls sideways at 360 px ({width} px)"
            assert screenshot(page, f"{name}-phone-{language}").stat().st_size > 10_000
            page.set_viewport_size(DESKTOP)
            assert screenshot(page, f"{name}-desktop-{language}").stat().st_size > 10_000
    context.close()
