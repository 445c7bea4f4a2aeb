"""Three players, each in their own browser, sign up, create and join a game and play it to
the final score by clicking the prompts' buttons only (always the option marked default)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.web.browser import DESKTOP, SCREENSHOTS, browser  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long browser password"
MAX_CLICKS = 600
# Counts the tables htmx has swapped in and settled (made live) on the page. Only the table's
# own settles count: the standing answers' section inside it loads after each swap and settles
# too, and counting it let a test click a button of the table it had just answered from.
SETTLE_COUNTER = """
window.settled = 0;
document.addEventListener("htmx:afterSettle", (event) => {
  if (event.target.id === "table") { window.settled += 1; }
});
"""  # a 3-player game answers about 150 prompts; far more means a loop


def sign_up(page, base: str, name: str) -> None:
    page.goto(f"{base}/signup/")
    page.fill("#id_username", name)
    page.fill("#id_email", f"{name}@example.com")
    page.fill("#id_password", PASSWORD)
    page.click("button.primary")
    page.wait_for_selector("#new-title")


def answer_all(page, game_url: str) -> int:
    """Open the game and click the default option while this player is asked; return clicks."""
    page.goto(game_url)
    clicks = 0
    while page.locator("#prompt-title").count():
        settled = page.evaluate("window.settled")
        with page.expect_response(lambda r: r.url.endswith("/decide/")) as answered:
            page.locator("button.option.default").click()
        # htmx posted it and got the table back (a plain form post would be redirected).
        assert answered.value.status == 200
        # htmx swapped the table in; its new buttons are live once htmx has settled it.
        page.wait_for_function("n => window.settled > n", arg=settled)
        clicks += 1
    return clicks


def test_three_players_play_a_game_to_the_end(browser, live_server):  # noqa: F811
    started = time.monotonic()
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(3)]
    for context in contexts:
        context.add_init_script(SETTLE_COUNTER)
    pages = [context.new_page() for context in contexts]
    # Every page loads under our Content-Security-Policy with nothing refused: Chromium logs
    # each violation to the console ("Refused to ... Content Security Policy ...").
    violations: list[str] = []
    for page in pages:
        page.on(
            "console",
            lambda message: (
                violations.append(f"{message.page.url if message.page else ''}: {message.text}")
                if "Content Security Policy" in message.text
                else None
            ),
        )
    names = ["ariadne", "bion", "chloe"]
    for page, name in zip(pages, names, strict=True):
        sign_up(page, live_server.url, name)

    creator = pages[0]
    creator.fill("#id_name", "Browser table")
    creator.select_option("#id_seats", "3")
    # The new game form itself: the lobby's "Find me a game" form is a new-game form too.
    creator.click("form.new-game:not(.find-game) button.primary")
    creator.wait_for_selector("#seats-title")
    game_url = creator.url
    for page in pages[1:]:
        page.goto(game_url)
        page.click("text=Take a seat")
    creator.goto(game_url)
    assert creator.locator("#players-title").count() == 1, "the full lobby starts the game"

    # A page left open follows the game by itself: chloe sees ariadne's sealed draft pick
    # appear in the history through the table's polling, without reloading.
    watcher = pages[2]
    watcher.goto(game_url)
    assert watcher.evaluate("typeof htmx") == "object"
    creator.locator("button.option.default").click()
    watcher.wait_for_function(
        "() => [...document.querySelectorAll('.history li')].some("
        "li => li.textContent.includes('ariadne has kept a card'))",
        timeout=15_000,
    )

    clicks = 0
    while not creator.locator("#scores-title").count():
        moved = sum(answer_all(page, game_url) for page in pages)
        clicks += moved
        assert moved, "nobody was asked anything, yet the game is not over"
        assert clicks < MAX_CLICKS
        creator.goto(game_url)

    elapsed = time.monotonic() - started
    for page in pages:
        page.goto(game_url)
        scores = page.locator(".scores tbody tr")
        assert scores.count() == 3
        assert all(name in page.locator(".scores").inner_text() for name in names)
    for path in ("/", "/preferences/", game_url.removeprefix(live_server.url) + "replay/"):
        pages[0].goto(live_server.url + path)
        pages[0].wait_for_load_state("networkidle")
    assert not violations, violations
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    Path(SCREENSHOTS / "browser_game.txt").write_text(
        f"3 players, {clicks} clicks, {elapsed:.1f} s from sign-up to final score\n"
    )
    print(f"\nbrowser game: {clicks} clicks in {elapsed:.1f} s")
    for context in contexts:
        context.close()
