"""Answering a prompt from the middle of the page leaves the page where it was, on a phone.

htmx swaps the new table in before it removes the old one; a browser that anchors the view to
a line of the old table (Chromium's scroll anchoring) then scrolled by the whole table's height,
and a player who had scrolled to a prompt's last option found themselves at the chat, the
next question thousands of pixels above.
"""

from __future__ import annotations

import pytest

from tests.web.browser import PHONE, browser  # noqa: F401
from tests.web.test_browser_game import SETTLE_COUNTER, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_page_stays_put_when_an_answer_swaps_the_table_in(browser, live_server):  # noqa: F811
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
        after = page.evaluate("window.scrollY")
        # The table above the fold barely changes: the view may move by a line, not a table.
        assert abs(after - before) < 200, (before, after)
        if before > 300:
            answered_below_the_fold += 1
    assert answered_below_the_fold >= 2  # the dice prompts are long enough to scroll to
    context.close()
