"""Two new accounts ask the lobby's "Find me a game" for a 2-player game in their browsers,
are matched, play the game to its end and find the result and their new rating on their player
pages; the finished game offers the rematch. The moves are made through the services (clicking
a whole game through the page is test_browser_game's); the queue, the lobby, the game page and
the player pages are the browser's. Ann reads English on a phone, Ben Ukrainian on a desktop."""

from __future__ import annotations

import time

import pytest

from accounts.models import Profile
from games.models import Game
from ratings import skill
from ratings.models import Rating
from tests.web.browser import DESKTOP, SCREENSHOTS, browser  # noqa: F401
from tests.web.conftest import play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long browser password"
PHONE = {"width": 390, "height": 844}


def sign_up(page, base: str, name: str) -> None:
    page.goto(f"{base}/signup/")
    page.fill("#id_username", name)
    page.fill("#id_email", f"{name}@example.com")
    page.fill("#id_password", PASSWORD)
    page.click("button.primary")
    page.wait_for_selector("#find-title")


def find_a_two_player_game(page) -> None:
    page.select_option("#id_find-players", "2")
    page.select_option("#id_find-step_hours", "24")
    page.select_option("#id_find-language", "en")
    page.click("#find-game button.primary")


def test_two_new_players_are_matched_play_and_see_their_ratings(browser, live_server):  # noqa: F811
    started = time.monotonic()
    base = live_server.url
    ann_context = browser.new_context(viewport=PHONE)
    ben_context = browser.new_context(viewport=DESKTOP)
    ann, ben = ann_context.new_page(), ben_context.new_page()
    sign_up(ann, base, "ann")
    sign_up(ben, base, "ben")
    Profile.objects.filter(user__username="ben").update(language="uk")

    find_a_two_player_game(ann)
    ann.wait_for_selector(".queue-entry")
    assert "You are in the queue" in ann.content()
    assert ann.locator(".queue-entry button", has_text="Leave").count() == 1
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SCREENSHOTS / "matchmaking-waiting-phone-en.png"), full_page=True)

    ben.goto(f"{base}/")
    assert "Знайдіть мені гру" in ben.content()
    ben.screenshot(path=str(SCREENSHOTS / "matchmaking-lobby-desktop-uk.png"), full_page=True)
    find_a_two_player_game(ben)
    ben.wait_for_selector("#players-title")  # taken to the started game
    game = Game.objects.get()
    assert ben.url == f"{base}/games/{game.public_id}/"
    assert game.status == Game.Status.ACTIVE and game.step_hours == 24
    ann.goto(f"{base}/")
    assert ann.locator(f'a[href="/games/{game.public_id}/"]').count() >= 1
    assert ann.locator(".queue-entry").count() == 0

    users = [seat.user for seat in game.seats.select_related("user")]
    game = play(game, users, until=lambda game: False)
    assert game.status == Game.Status.FINISHED

    ben.goto(f"{base}/games/{game.public_id}/")
    ben.wait_for_selector("#scores-title")
    assert "Зіграти ще раз тим самим столом" in ben.content()
    ben.screenshot(path=str(SCREENSHOTS / "matchmaking-finished-desktop-uk.png"), full_page=True)
    ann.goto(f"{base}/games/{game.public_id}/")
    assert ann.locator("#rematch button", has_text="Play again, same table").count() == 1
    ann.locator("#rematch").screenshot(path=str(SCREENSHOTS / "matchmaking-rematch-phone-en.png"))

    for page, name in ((ann, "ann"), (ben, "ben")):
        page.goto(f"{base}/players/{name}/")
        rating = Rating.objects.get(user__username=name, game_type="khora")
        assert rating.games == 1
        shown = f"{skill.conservative(rating.mu, rating.sigma):.1f}"
        if name == "ben":  # Ukrainian writes a decimal comma
            shown = shown.replace(".", ",")
        assert page.locator("strong.rating").first.inner_text() == shown
        replay = page.locator(f'a[href="/games/{game.public_id}/replay/"]')
        assert replay.count() == 1
        assert "of 2" in page.content() or "з 2" in page.content()  # the place
    ben.screenshot(path=str(SCREENSHOTS / "matchmaking-player-desktop-uk.png"), full_page=True)
    print(f"\nmatchmaking in the browser: {time.monotonic() - started:.1f} s")
    ann_context.close()
    ben_context.close()
