"""A whole game against two bots played with the keyboard alone (issue 49): log in, start the
game from the lobby, and answer every prompt with Tab and Enter or Space, never the mouse.

After each answer the keyboard's focus is on the new question, at the top of the view, and the
live region says it (with what the bots did meanwhile), as a screen reader would announce it.
"""

from __future__ import annotations

import time

import pytest

from tests.web.browser import browser  # noqa: F401
from tests.web.conftest import PASSWORD, make_user
from tests.web.test_browser_game import SETTLE_COUNTER

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
MAX_TABS = 80  # the longest prompt has about 30 options
MAX_ANSWERS = 120  # one player answers about 50 questions a game


def focused(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement?.matches(s)", selector)


def tab_to(page, selector: str) -> int:
    """Press Tab until the focus is on `selector`; the number of presses."""
    for presses in range(1, MAX_TABS + 1):
        page.keyboard.press("Tab")
        if focused(page, selector):
            return presses
    raise AssertionError(f"{selector} is not reachable with Tab")


def question(page) -> str:
    return page.locator("#prompt .ask").evaluate("e => e.firstChild.textContent.trim()")


def test_a_whole_game_against_bots_with_the_keyboard_alone(browser, live_server):  # noqa: F811
    make_user("kallias")
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(SETTLE_COUNTER)
    page = context.new_page()
    complaints: list[str] = []
    page.on("console", lambda m: m.type == "error" and complaints.append(m.text))

    page.goto(f"{live_server.url}/accounts/login/")
    tab_to(page, "#id_username")
    page.keyboard.type("kallias")
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_selector("#awaiting-title")
    tab_to(page, "button[value=standard]")  # "Play against bots now"
    page.keyboard.press("Enter")
    page.wait_for_selector("#players-title")
    game_url = page.url

    started = time.monotonic()
    answers = told_news = 0
    keys = ("Enter", " ")
    while not page.locator("#scores-title").count():
        assert answers < MAX_ANSWERS, "the game does not end"
        if not page.locator("#prompt-title").count():
            page.goto(game_url)  # the bots moved on the server; a reload as a player would
            continue
        tab_to(page, "#prompt button.option.default")
        settled = page.evaluate("window.settled")
        with page.expect_response(lambda r: r.url.endswith("/decide/")) as answered:
            page.keyboard.press(keys[answers % 2])  # Enter and Space both answer
        assert answered.value.status == 200
        page.wait_for_function("n => window.settled > n", arg=settled)
        answers += 1
        if not page.locator("#prompt-title").count():
            continue
        # The new question has the focus and the top of the view, and the live region says it.
        assert focused(page, "#prompt"), "the focus is not on the new question"
        top = page.evaluate("document.getElementById('prompt').getBoundingClientRect().top")
        assert 0 <= top < 40, f"the new question is not at the top of the view ({top} px)"
        asked = question(page)
        page.wait_for_function(
            "q => document.getElementById('announcer').textContent.includes(q)", arg=asked
        )
        said = page.locator("#announcer").text_content()
        assert said.endswith(asked)
        told_news += not said.startswith(("Your move", asked))
    elapsed = time.monotonic() - started

    assert page.locator(".scores tbody tr").count() == 3
    assert answers > 20
    # The bots' moves between two of the player's questions were said before the question.
    assert told_news > 5, told_news
    assert complaints == [], "the console reported errors"
    print(f"\nkeyboard game: {answers} answers in {elapsed:.1f} s")
    context.close()
