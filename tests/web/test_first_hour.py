"""A newcomer's first hour (issue 20): the lobby counts seats right, and every page is ours,
404 and 500 included, in the embedded default (DEBUG on) as in production."""

from __future__ import annotations

import logging

import pytest

from games import services
from tests.web.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def test_the_lobby_counts_only_the_seats_taken():
    creator, visitor = make_user("ada"), make_user("bea")
    game = services.game_create(
        creator=creator, game_type="khora", seats=3, options={}, step_hours=24, name="Open one"
    )
    page = client_for(visitor).get("/").content.decode()
    assert "by ada · 1 of 3 seats · 24 h per step" in page
    mine = client_for(creator).get("/").content.decode()
    assert "1 of 3 seats taken" in mine
    services.game_join(public_id=game.public_id, user=visitor)
    assert "2 of 3 seats taken" in client_for(creator).get("/").content.decode()


@pytest.mark.parametrize("debug", [True, False], ids=["embedded", "production"])
def test_an_unknown_game_gets_our_404_page(settings, debug):
    settings.DEBUG = debug
    response = client_for(make_user("cy")).get("/games/no-such-game/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "web/table.css" in page and "Nothing here" in page
    assert "There is no such game." in page
    assert "Technical" not in page and "URLconf" not in page  # not Django's debug page


@pytest.mark.parametrize("debug", [True, False], ids=["embedded", "production"])
def test_an_unknown_address_gets_our_404_page_and_the_api_keeps_problem_json(settings, debug):
    settings.DEBUG = debug
    page = client_for().get("/no/such/page/")
    assert page.status_code == 404 and "Nothing here" in page.content.decode()
    assert "URLconf" not in page.content.decode()
    api = client_for().get("/api/v1/no-such-endpoint/")
    assert api.status_code == 404 and api["Content-Type"] == "application/problem+json"
    assert client_for().get("/games/new").status_code == 301  # a missing slash is still added


def test_the_404_page_speaks_ukrainian(settings):
    settings.DEBUG = True
    response = client_for(make_user("dana", language="uk")).get("/games/no-such-game/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Такої гри немає." in page and "Тут нічого немає" in page


def test_a_crash_gets_our_500_page_and_its_traceback_goes_to_the_log(settings, monkeypatch, caplog):
    settings.DEBUG = True

    def broken(public_id):
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr("games.selectors.game_get", broken)
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = client_for(make_user("eve")).get("/games/anything/")
    assert response.status_code == 500
    page = response.content.decode()
    assert "Something went wrong" in page and "web/table.css" in page
    assert "the disk is on fire" not in page  # no internals on the page...
    logged = [record for record in caplog.records if record.exc_info]
    assert len(logged) == 1 and "the disk is on fire" in str(logged[0].exc_info[1])  # ...but logged


@pytest.mark.parametrize(
    ("browser_says", "stored"),
    [
        ("Europe/Kyiv", "Europe/Kyiv"),
        ("Europe/Kiev", "Europe/Kyiv"),  # what older browsers report: mapped to its new name
        ("America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
        ("Mars/Olympus_Mons", "UTC"),  # nonsense is a bad guess, not an error
        ("", "UTC"),  # no script ran
    ],
)
def test_sign_up_takes_the_browsers_time_zone_as_a_guess(browser_says, stored):
    from accounts.models import Profile

    response = client_for().post(
        "/signup/",
        {
            "username": "newcomer",
            "email": "newcomer@example.com",
            "password": "a sturdy passphrase 42",
            "time_zone": browser_says,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Profile.objects.get(user__username="newcomer").time_zone == stored


def test_an_api_sign_up_without_a_time_zone_stays_in_utc():
    from accounts.models import Profile

    response = client_for().post(
        "/api/v1/accounts/",
        {"username": "apiuser", "email": "api@example.com", "password": "a sturdy passphrase 42"},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    assert Profile.objects.get(user__username="apiuser").time_zone == "UTC"


def test_the_time_zone_field_offers_canonical_names_grouped_by_region():
    user = make_user("fay")
    page = client_for(user).get("/preferences/").content.decode()
    select = page.split('name="time_zone"')[1].split("</select>")[0]
    assert 'value="Europe/Kyiv"' in select and 'value="Europe/Kiev"' not in select
    assert '<optgroup label="Europe">' in select and '<optgroup label="America">' in select
    assert select.count("<option") < 330  # the canonical zones and UTC, not zoneinfo's ~600
    opening = page.split('name="time_zone"')[1].split(">")[0]
    assert "data-searchable" in opening  # the page's script adds a box that narrows the list


def test_a_profile_with_a_rare_zone_keeps_it_when_saving_preferences():
    from accounts.models import Profile

    user = make_user("gus")
    Profile.objects.filter(user=user).update(time_zone="Etc/GMT+5")
    page = client_for(user).get("/preferences/").content.decode()
    assert 'value="Etc/GMT+5" selected' in page
