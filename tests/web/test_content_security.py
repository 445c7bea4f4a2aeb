"""A strict Content-Security-Policy on every page and the right flags on every cookie we set.

The browser test (test_browser_game) checks that every page of a whole game loads with no
CSP violation in the console; these check the header and the pages' markup on the server.
"""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from games import services
from tests.khora_site.test_production_settings import production_env, run
from tests.web.conftest import client_for, make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)(?![^>]*nonce=)[^>]*>")
INLINE_STYLE = re.compile(r"<style\b|\sstyle=")
INLINE_HANDLER = re.compile(r"<[^>]*\son[a-z]+=")


def _directives(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {
        name: values
        for name, *values in (part.split() for part in header.split(";") if part.strip())
    }


def _pages():
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game([alice, bob], seats=3)
    player = client_for(alice)
    lobby = services.game_create(
        creator=alice, game_type="khora", seats=3, options={}, step_hours=48, name="Lobby"
    )
    return [
        (player, f"/games/{lobby.public_id}/"),
        (Client(), "/"),
        (Client(), "/accounts/login/"),
        (Client(), "/signup/"),
        (Client(), "/accounts/password_reset/"),
        (Client(), f"/games/{game.public_id}/"),
        (player, "/"),
        (player, f"/games/{game.public_id}/"),
        (player, "/preferences/"),
        (Client(), "/mail/answer/not-a-token/"),
        (Client(), "/login/link/not-a-token/"),
    ]


def test_every_page_has_a_strict_policy_and_no_inline_script_or_style():
    for client, path in _pages():
        response = client.get(path)
        assert response.status_code in (200, 400, 404), (path, response.status_code)
        directives = _directives(response)
        for name in ("default-src", "script-src", "style-src"):
            assert "'unsafe-inline'" not in directives[name], (path, name)
            assert "'unsafe-eval'" not in directives[name], (path, name)
        assert directives["object-src"] == ["'none'"] and directives["frame-ancestors"] == [
            "'none'"
        ]
        html = response.content.decode()
        assert not INLINE_SCRIPT.findall(html), (path, INLINE_SCRIPT.findall(html))
        assert not INLINE_STYLE.findall(html), (path, INLINE_STYLE.findall(html))
        assert not INLINE_HANDLER.findall(html), (path, INLINE_HANDLER.findall(html))
        assert "javascript:" not in html, path
        assert '"allowEval": false' in html and '"includeIndicatorStyles": false' in html


def test_the_api_docs_run_only_their_own_nonced_scripts():
    for path in ("/api/v1/docs/", "/api/v1/redoc/"):
        response = Client().get(path)
        assert response.status_code == 200
        directives = _directives(response)
        assert "'unsafe-inline'" not in directives["script-src"]
        html = response.content.decode()
        assert not INLINE_SCRIPT.findall(html), (path, INLINE_SCRIPT.findall(html))
        for nonce in re.findall(r'<script nonce="([^"]+)"', html):
            assert f"'nonce-{nonce}'" in directives["script-src"], path


def test_the_language_cookie_copied_by_the_preferences_has_the_switchs_flags(settings):
    settings.LANGUAGE_COOKIE_SECURE = True
    user = make_user("olena")
    response = client_for(user).post(
        "/preferences/",
        {
            "your_turn": "immediately",
            "reminder": "immediately",
            "game_started": "immediately",
            "game_over": "immediately",
            "invitations": "immediately",
            "digest_hour": "8",
            "quiet_hours_start": "",
            "quiet_hours_end": "",
            "time_zone": "UTC",
            "language": "uk",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    cookie = response.cookies["django_language"]
    assert cookie["secure"] and cookie["httponly"] and cookie["samesite"] == "Lax"


def test_in_https_mode_every_cookie_we_set_is_secure_and_same_site():
    probe = (
        "import json, django; django.setup(); from django.test import Client; "
        "c = Client(HTTP_HOST='khora.example.org'); "
        "r = c.post('/language/', {'language': 'uk', 'next': '/'}, secure=True); "
        "from django.conf import settings as s; "
        "print(json.dumps({'language': {k: r.cookies['django_language'][k] "
        "for k in ('secure', 'httponly', 'samesite')}, "
        "'session': [s.SESSION_COOKIE_SECURE, s.SESSION_COOKIE_HTTPONLY, "
        "s.SESSION_COOKIE_SAMESITE], "
        "'csrf': [s.CSRF_COOKIE_SECURE, s.CSRF_COOKIE_HTTPONLY, s.CSRF_COOKIE_SAMESITE]}))"
    )
    result = run(["-c", probe], production_env())
    assert result.returncode == 0, result.stderr
    flags = json.loads(result.stdout.strip().splitlines()[-1])
    assert flags["language"] == {"secure": True, "httponly": True, "samesite": "Lax"}
    assert flags["session"] == [True, True, "Lax"]
    assert flags["csrf"] == [True, True, "Lax"]
