"""Answering a prompt from the middle of the page, on a phone, brings the new question to the
top of the view with the focus on it (issue 49).

htmx swaps the new table in before it removes the old one; a browser that anchors the view to
a line of the old table (Chromium's scroll anchoring) scrolled by the whole table's height, and
a player who had scrolled to a prompt's last option found themselves at the chat. Kept where
it was, the view then showed the new question's last options at best: page.js now scrolls the
new question to the top and moves the keyboard's focus to it.
"""

from __future__ import annotations

import pytest

from tests.web.browser import PHONE, browser  # noqa: F401
from tests.web.test_browser_game import SETTLE_COUNTER, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_new_question_comes_to_the_top_when_an_answer_swaps_the_table_in(
    browser,  # noqa: F811
    live_server,
):
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(SETTLE_COUNTER)
    page = context.new_page()
    sign_up(page, live_server.url, "scroller")
    page.click("text=Play against bots now")
    page.wait_for_selector("#players-title")
    answered_below_the_fold = 0
    for _ in range(12):
        if not page.locator("#prompt-title").count():
            page.reload()
            continue
        options = page.locator("button.option")
        last = options.nth(options.count() - 1)
        last.scroll_into_view_if_needed()
        before = page.evaluate("window.scrollY")
        settled = page.evaluate("window.settled")
        with page.expect_response(lambda r: r.url.endswith("/decide/")):
            last.click()
        page.wait_for_function("n => window.settled > n", arg=settled)
        if not page.locator("#prompt-title").count():
            continue
        # The new question's top is at the top of the view, whatever the page scrolled from.
        top = page.evaluate("document.getElementById('prompt').getBoundingClientRect().top")
        assert 0 <= top < 40, (before, top)
        assert page.evaluate("document.activeElement.id") == "prompt"
        if before > 300:
            answered_below_the_fold += 1
    assert answered_below_the_fold >= 2  # the dice prompts are long enough to scroll to
    context.close()
