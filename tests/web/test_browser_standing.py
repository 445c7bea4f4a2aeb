"""Standing answers in a browser: anna leaves one on the game page with htmx and sees it
listed; boris, on a phone in Ukrainian, sees only his own section, empty."""

from __future__ import annotations

import pytest

from games import selectors, services
from games.standing.models import StandingAnswer
from tests.web.browser import DESKTOP, PHONE, SCREENSHOTS, browser, screenshot  # noqa: F401
from tests.web.conftest import make_user, start_game
from tests.web.test_browser_game import SETTLE_COUNTER
from tests.web.test_browser_screens import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_leaves_a_standing_answer_on_the_game_page(browser, live_server):  # noqa: F811
    anna, boris = make_user("anna"), make_user("boris", language="uk")
    game = start_game([anna, boris], seats=2)
    game_url = f"{live_server.url}/games/{game.public_id}/"
    anna_page = browser.new_context(viewport=DESKTOP).new_page()
    log_in(anna_page, live_server.url, "anna")
    anna_page.goto(game_url)
    anna_page.wait_for_selector("#standing h2")
    # Folded on the game page, below the table's prompt: opened by its summary.
    assert not anna_page.locator("#standing-track").is_visible()
    anna_page.click("#standing summary")
    anna_page.select_option("#standing-track", "culture")
    anna_page.fill("#standing-price", "4")
    anna_page.click("#standing-add-progress")
    anna_page.wait_for_selector("#standing li[data-kind=progress]")
    assert "at most 4 drachmas" in anna_page.inner_text("#standing")
    assert StandingAnswer.objects.filter(user=anna, game=game, active=True).count() == 1
    anna_page.locator("#standing").scroll_into_view_if_needed()
    screenshot(anna_page, "standing-desktop-en")
    anna_page.locator("#standing").screenshot(path=str(SCREENSHOTS / "standing-section-en.png"))

    boris_page = browser.new_context(viewport=PHONE).new_page()
    log_in(boris_page, live_server.url, "boris")
    boris_page.goto(game_url)
    boris_page.wait_for_selector("#standing h2")
    text = boris_page.inner_text("#standing")
    assert "Ваші постійні відповіді" in text and "Culture" not in text
    boris_page.locator("#standing").scroll_into_view_if_needed()
    screenshot(boris_page, "standing-phone-uk")
    boris_page.locator("#standing").screenshot(path=str(SCREENSHOTS / "standing-section-uk.png"))


def test_the_section_stays_in_place_through_a_table_swap_and_is_loaded_again_after(
    browser,  # noqa: F811
    live_server,
):
    anna, boris = make_user("anna"), make_user("boris")
    game = start_game([anna, boris], seats=2)
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(SETTLE_COUNTER)
    page = context.new_page()
    log_in(page, live_server.url, "anna")
    page.goto(f"{live_server.url}/games/{game.public_id}/")
    page.wait_for_selector("#standing h2")
    page.evaluate("document.getElementById('standing').kept = true")
    # Anna is typing a rule when boris's pick reaches her table by its poll.
    page.click("#standing summary")
    page.fill("#standing-price", "7")
    settled = page.evaluate("window.settled")
    asked = selectors.game_prompt(game, boris)
    services.decisions_submit(
        public_id=game.public_id,
        user=boris,
        decisions=[services.DecisionInput(prompt=asked["id"], option=asked["default"])],
    )
    page.wait_for_function("n => window.settled > n", arg=settled, timeout=20_000)
    # The same section, her half-typed price and her focus still in it: nothing reloaded it.
    assert page.evaluate("document.getElementById('standing').kept") is True
    assert page.input_value("#standing-price") == "7"
    assert page.evaluate("document.activeElement.id") == "standing-price"

    # Her answer swaps the table with the focus on it: the section is loaded again, in place.
    with page.expect_response(lambda r: "/standing" in r.url and r.request.method == "GET"):
        page.locator("button.option.default").click()
    page.wait_for_function("() => !document.getElementById('standing').kept")
    assert page.locator("#standing h2").count() == 1
    assert page.locator("#standing").count() == 1
