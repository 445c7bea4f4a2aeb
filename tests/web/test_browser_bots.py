"""A player signs up, presses "Play against bots now" in the lobby and plays the game against
its two bots to the final score by clicking the prompts' buttons only, with nothing reported
in the browser's console (a style blocked by the content security policy, a missing file)."""

from __future__ import annotations

import pytest

from games.models import GameEvent, Seat
from tests.web.browser import DESKTOP, browser  # noqa: F401
from tests.web.test_browser_game import SETTLE_COUNTER, answer_all, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MAX_ROUNDS = 200  # page loads; a game asks one player about 50 questions


def test_a_game_against_two_bots_from_the_lobby_to_the_end(browser, live_server):  # noqa: F811
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(SETTLE_COUNTER)
    page = context.new_page()
    # What the browser's console reports: a blocked inline style (CSP), a missing file.
    complaints: list[str] = []
    page.on("console", lambda message: message.type == "error" and complaints.append(message.text))
    page.on("pageerror", lambda error: complaints.append(str(error)))
    sign_up(page, live_server.url, "solo")

    page.click("text=Play against bots now")
    page.wait_for_selector("#players-title")  # the game page of a started game
    game_url = page.url
    clicks = loads = 0
    while not page.locator("#scores-title").count():
        clicks += answer_all(page, game_url)
        loads += 1
        assert loads < MAX_ROUNDS, "the game does not end"
        page.goto(game_url)

    assert page.locator(".scores tbody tr").count() == 3
    assert complaints == [], "the console reported errors while playing"
    assert clicks > 20
    bots = Seat.objects.filter(is_bot=True)
    assert sorted(bots.values_list("bot_level", flat=True)) == ["standard", "standard"]
    levels = {
        e.payload.get("bot") for e in GameEvent.objects.filter(type="decision").exclude(seat=0)
    }
    assert levels == {"standard"}
    context.close()
