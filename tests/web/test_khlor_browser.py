"""A whole Khlor game in a phone-size browser (issue 46): the player signs up, starts a
2-player game against a standard bot, and answers every question by tapping the valley: a
square first, then one of that square's placements; the other questions by their buttons.
Nothing is reported in the console (a style or script the CSP blocked, a missing file)."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.web.browser import DESKTOP, PHONE, browser, screenshot  # noqa: F401
from tests.web.test_browser_game import SETTLE_COUNTER, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MAX_ANSWERS = 120  # a 2-player game asks one player about 30 questions


def start_khlor(page, base: str) -> str:
    """From the lobby's new-game form: Khlor, 2 seats, a standard bot in the other; a game the
    bot fills starts at once. The game page's address."""
    page.goto(f"{base}/")
    page.select_option("#id_game", "khlor")
    page.select_option("#id_seats", "2")
    page.select_option("#id_opponent_1", "standard")
    page.click("text=Create the game")
    page.wait_for_selector("svg.khlor-valley")
    return page.url


def answer(page) -> None:
    """One question: a placement by its square on the valley, anything else by its default."""
    settled = page.evaluate("window.settled")
    anchors = page.locator("svg.khlor-valley a.anchor-link")
    if anchors.count():
        anchors.last.click()  # a square on the valley chooses the square...
        square = page.evaluate("location.hash").removeprefix("#")
        group = page.locator(f"fieldset#{square}")
        # ...and hides every other square's placements (CSS :target; no script needed).
        assert page.locator("fieldset.khlor-at:visible").count() == 1
        button = group.locator("button.khlor-option").first
    else:
        button = page.locator("#prompt button.option.default")
    with page.expect_response(lambda r: r.url.endswith("/decide/")) as answered:
        button.click()
    assert answered.value.status == 200
    page.wait_for_function("n => window.settled > n", arg=settled)


def test_a_khlor_game_on_a_phone_against_a_bot(browser, live_server):  # noqa: F811
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(SETTLE_COUNTER)
    page = context.new_page()
    complaints: list[str] = []
    page.on(
        "console",
        lambda message: (
            message.type == "error"
            and complaints.append(f"{page.url} {message.location}: {message.text[:40]}")
        ),
    )
    page.on("pageerror", lambda error: complaints.append(str(error)))
    sign_up(page, live_server.url, "valley")
    game_url = start_khlor(page, live_server.url)
    # The first question as the phone shows it, pictured in a tab of its own: a screenshot
    # leaves an empty style attribute on the inputs, which htmx would copy onto the swapped
    # table, an inline style the CSP refuses.
    picture = context.new_page()
    picture.goto(game_url)
    screenshot(picture, "khlor-phone-place")
    picture.close()
    # The page fits the phone: nothing wider than the screen but the scrolled score table.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    answers = loads = 0
    while not page.locator("#scores-title").count():
        if page.locator("#prompt-title").count():
            answer(page)
            answers += 1
        else:
            page.goto(game_url)  # the bot's move, if the table had not polled it in yet
            loads += 1
        assert answers + loads < MAX_ANSWERS, "the game does not end"
    screenshot(page, "khlor-phone-end")
    game = Game.objects.get()
    assert game.game_type == "khlor" and game.status == Game.Status.FINISHED
    assert page.locator(".scores tbody tr").count() == 2
    assert answers > 10
    assert page.locator(".history li").count() > 10  # the game told in words
    assert complaints == [], complaints
    page.set_viewport_size(DESKTOP)
    screenshot(page, "khlor-desktop-end")
    context.close()
