"""Answer links in a real browser: a page on another origin that posts one logs no one in,
and a logged-in player who answers another player's link stays themselves. Also the page's
screenshots (360 px and desktop, English and Ukrainian) with no CSP violation."""

from __future__ import annotations

import re

import pytest

from accounts.models import Profile
from games.models import GameEvent
from notifications.models import Notification
from tests.web.browser import DESKTOP, PHONE, browser, screenshot  # noqa: F401
from tests.web.conftest import PASSWORD, make_user, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LINK = re.compile(r"https?://[^/\s]+(/mail/answer/[^/\s]+/)")
EVIL = "http://evil.test"


@pytest.fixture(autouse=True)
def emails_at_once(settings):
    settings.NOTIFY_ACTIVE_MINUTES = 0


def _links(user) -> list[str]:
    email = Notification.objects.filter(recipient=user).order_by("-id").first()
    return LINK.findall(email.body_text)


def _decisions(game, seat: int) -> int:
    return GameEvent.objects.filter(game=game, seat=seat, type="decision").count()


def _watch_csp(page) -> list[str]:
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return violations


def test_a_link_posted_from_another_origin_logs_the_browser_into_nothing(browser, live_server):  # noqa: F811
    mallory, bob = make_user("mallory"), make_user("bob")
    game = start_game([mallory, bob], seats=3)
    link = live_server.url + _links(mallory)[0]  # the attacker's own link
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(link)  # the victim once opened our site: our cookies are in the browser
    attack = (
        f'<form id="f" method="post" action="{link}"></form>'
        '<script>document.getElementById("f").submit()</script>'
    )
    page.route(f"{EVIL}/**", lambda route: route.fulfill(content_type="text/html", body=attack))
    with page.expect_response(lambda r: r.url == link and r.request.method == "POST") as posted:
        page.goto(f"{EVIL}/win-a-prize")
    assert posted.value.status == 403
    assert _decisions(game, 0) == 0
    page.goto(f"{live_server.url}/preferences/")
    assert "/accounts/login/" in page.url, "the browser is logged into no account"
    assert not [c for c in context.cookies() if c["name"] == "sessionid"]
    context.close()


def test_another_players_link_leaves_a_logged_in_session_alone(browser, live_server):  # noqa: F811
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game([alice, bob], seats=3)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    violations = _watch_csp(page)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "bob")
    page.fill("#id_password", PASSWORD)
    page.click("button.primary")
    page.wait_for_selector("#awaiting-title")

    page.goto(live_server.url + _links(alice)[0])
    page.click("form button.primary")
    page.wait_for_selector("text=Answer taken")
    assert _decisions(game, 0) == 1
    page.goto(f"{live_server.url}/preferences/")
    assert "/preferences/" in page.url and "Log out (bob)" in page.content()
    assert not violations, violations
    context.close()


@pytest.mark.parametrize("language", ["en", "uk"])
def test_the_answer_page_screenshots(browser, live_server, language):  # noqa: F811
    alice, bob = make_user("alice"), make_user("bob")
    Profile.objects.filter(user=alice).update(language=language)
    start_game([alice, bob], seats=3)
    link = live_server.url + _links(alice)[1]
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        violations = _watch_csp(page)
        page.goto(link)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"the page scrolls sideways at {viewport['width']} px"
        screenshot(page, f"answer-confirm-{language}-{name}")
        if name == "desktop":
            page.click("form button.primary")
            page.wait_for_selector(".answer h1")
            screenshot(page, f"answer-taken-{language}-{name}")
            page.goto(link)  # now stale: what happened, the options now as text
            screenshot(page, f"answer-stale-{language}-{name}")
        assert not violations, violations
        context.close()
