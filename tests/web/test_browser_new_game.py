"""The new-game form in a browser (issue 46): choosing Khlor shows Khlor's own option and
hides Khôra's, at phone and desktop width, and the game made is Khlor's."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.web.browser import DESKTOP, PHONE, SCREENSHOTS, browser  # noqa: F401
from tests.web.test_browser_game import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_form_follows_the_chosen_game(browser, live_server):  # noqa: F811
    page = browser.new_page(viewport=PHONE)
    sign_up(page, live_server.url, "euclid")
    form = page.locator("form.new-game:not(.find-game)")
    assert form.locator("#id_city_selection").is_visible()
    assert not form.locator("#id_board").is_visible()
    form.locator("#id_game").select_option("khlor")
    assert form.locator("#id_board").is_visible()
    assert not form.locator("#id_city_selection").is_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    form.screenshot(path=str(SCREENSHOTS / "new-game-khlor-phone.png"))
    page.set_viewport_size(DESKTOP)
    form.screenshot(path=str(SCREENSHOTS / "new-game-khlor-desktop.png"))
    form.locator("#id_seats").select_option("2")
    form.locator("#id_opponent_1").select_option("standard")
    form.locator("button.primary").click()
    page.wait_for_url("**/games/*/")
    game = Game.objects.get()
    assert (game.game_type, game.num_seats, game.status) == ("khlor", 2, "active")
    page.close()
