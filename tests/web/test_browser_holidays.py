"""The holiday flow in two browsers: anna marks herself away on the holidays page; boris,
at the table, sees the notice arrive by the page's own poll, in his language."""

from __future__ import annotations

from datetime import timedelta

import pytest

from common import clock
from games.absences.models import Absence
from tests.web.browser import DESKTOP, browser, screenshot  # noqa: F401
from tests.web.conftest import make_user, start_game
from tests.web.test_browser_screens import log_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.holidays,
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture(autouse=True)
def quick_polls(monkeypatch):
    monkeypatch.setattr("web.views.game.POLL_SECONDS", 1)


def test_a_player_marks_herself_away_and_the_other_sees_it_at_the_table(browser, live_server):  # noqa: F811
    anna, boris = make_user("anna"), make_user("boris", language="uk")
    game = start_game([anna, boris], seats=2)
    game_url = f"{live_server.url}/games/{game.public_id}/"
    anna_page = browser.new_context(viewport=DESKTOP).new_page()
    boris_page = browser.new_context(viewport=DESKTOP).new_page()
    log_in(anna_page, live_server.url, "anna")
    log_in(boris_page, live_server.url, "boris")
    boris_page.goto(game_url)
    assert boris_page.locator(".away").count() == 0

    anna_page.goto(game_url)
    anna_page.click("text=Going away? Announce it")
    today = clock.now().date()
    anna_page.fill("input[name=starts_on]", today.isoformat())
    anna_page.fill("input[name=ends_on]", (today + timedelta(days=4)).isoformat())
    anna_page.click("#absence-form button[type=submit]")
    anna_page.wait_for_selector("text=Absence announced")
    assert anna_page.locator(".absences li").count() == 1
    assert Absence.objects.filter(user=anna).count() == 1
    screenshot(anna_page, "holidays-desktop-en")

    notice = boris_page.locator(".away")
    notice.wait_for(timeout=10_000)  # arrives by the table's poll, no reload
    text = notice.inner_text()
    assert "anna" in text and "у відпустці до" in text and "14" in text
    screenshot(boris_page, "away-notice-desktop-uk")
