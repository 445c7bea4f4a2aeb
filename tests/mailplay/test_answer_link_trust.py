"""An answer link decides one option of one prompt and is never a key to the account: it
creates, replaces or widens no session, is posted only from our own page, and an old link's
page shows the options now asked as text, with no fresh links."""

from __future__ import annotations

import re

from django.test import Client

from common import clock
from games.models import GameEvent
from tests.mailplay.conftest import latest_email
from tests.players import start_game, url

LINK = re.compile(r"https://khora\.example(/mail/answer/[^/\s]+/)")
FRESH = re.compile(r'href="[^"]*/mail/answer/')


def _setup(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    links = LINK.findall(latest_email(alice.user).body_text)
    return alice, bob, game, links


def _decisions(game, seat: int = 0) -> int:
    return GameEvent.objects.filter(game=game, seat=seat, type="decision").count()


def _post_from_page(browser: Client, link: str, **headers):
    """What a browser does: GET the page (its form token), then POST the form."""
    page = browser.get(link)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    assert token, "the confirmation page carries a form token"
    return browser.post(link, {"csrfmiddlewaretoken": token.group(1)}, **headers)


def test_a_taken_answer_logs_no_one_in_and_offers_to_log_in(make_player):
    _, _, game, links = _setup(make_player)
    browser = Client(enforce_csrf_checks=True)

    done = _post_from_page(browser, links[1], headers={"Origin": "http://testserver"})

    assert done.status_code == 200 and "Answer taken" in done.content.decode()
    assert _decisions(game) == 1
    assert "_auth_user_id" not in browser.session, "an answer link is not a log-in"
    assert browser.get("/preferences/").status_code == 302, "no account page opens"
    html = done.content.decode()
    assert f'href="/games/{game.public_id}/"' in html, "the public table is offered"
    assert "/accounts/login/?next=" in html and "login-link" in html


def test_a_players_link_leaves_another_logged_in_players_session_alone(make_player):
    _, bob, game, links = _setup(make_player)
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(bob.user)

    done = _post_from_page(browser, links[0], headers={"Origin": "http://testserver"})

    assert done.status_code == 200 and _decisions(game) == 1
    assert browser.session["_auth_user_id"] == str(bob.user.pk), "still bob, never alice"


def test_a_post_from_another_site_is_refused_and_decides_nothing(make_player):
    _, _, game, links = _setup(make_player)
    browser = Client(enforce_csrf_checks=True)
    browser.get(links[0])  # the victim's browser has our form cookie

    # A foreign page auto-posts the attacker's link: no form token, a foreign Origin.
    forged = browser.post(links[0], headers={"Origin": "https://evil.example"})
    assert forged.status_code == 403
    # Even with a token (an attacker cannot read it, but say it leaked), another site's
    # request is refused by its Sec-Fetch-Site.
    leaked = _post_from_page(browser, links[0], headers={"Sec-Fetch-Site": "cross-site"})
    assert leaked.status_code == 403
    assert _decisions(game) == 0
    assert "_auth_user_id" not in browser.session


def test_an_old_or_expired_links_page_shows_the_options_now_as_text_without_links(
    make_player,
):
    alice, bob, game, links = _setup(make_player)
    Client().post(links[0])
    bob_prompt = bob.get(url(game, "prompt")).json()["prompt"]
    bob.post(url(game, "decisions"), {"prompt": bob_prompt["id"], "option": bob_prompt["default"]})
    current = alice.get(url(game, "prompt")).json()["prompt"]
    assert current is not None

    page = Client().get(links[0]).content.decode()
    assert "This question is no longer open" in page
    assert current["options"][0]["label"] in page
    assert not FRESH.findall(page), "an old link never hands out fresh links"

    fresh = LINK.findall(latest_email(alice.user).body_text)
    with clock.frozen_at(clock.now().replace(year=clock.now().year + 1)):
        expired = Client().get(fresh[0]).content.decode()
    assert "This link has expired" in expired and not FRESH.findall(expired)


def test_the_login_link_page_is_never_stored(make_player):
    alice = make_player("alice")
    from accounts import login_links

    page = Client().get(login_links.login_url(alice.user).removeprefix("https://khora.example"))
    assert page.status_code == 200 and "no-store" in page["Cache-Control"]
