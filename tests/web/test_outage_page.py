"""A page whose database is down or busy says so and asks to try again (503, Retry-After), in
the reader's language, with DEBUG on or off: never the 500 page (issue 52)."""

from __future__ import annotations

import pytest
from django.db import OperationalError

from games import selectors
from tests.web.conftest import client_for, make_user


def no_database(*args, **kwargs):
    raise OperationalError("connection failed: FATAL: the database system is starting up")


@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.django_db
def test_the_lobby_without_its_database_is_a_friendly_503(monkeypatch, settings, debug):
    settings.DEBUG = debug
    browser = client_for(make_user("anna"))
    monkeypatch.setattr(selectors, "game_list", no_database)
    response = browser.get("/")
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    page = response.content.decode()
    assert "Please try again in a moment" in page and "half-kept" in page
    assert "Something went wrong" not in page  # not the 500 page


@pytest.mark.django_db
def test_the_503_page_speaks_ukrainian(monkeypatch):
    browser = client_for(make_user("olena", language="uk"))
    monkeypatch.setattr(selectors, "game_list", no_database)
    response = browser.get("/")
    assert response.status_code == 503
    assert "Спробуйте ще раз за мить" in response.content.decode()


@pytest.mark.django_db
def test_a_fault_of_ours_is_still_the_500_page(monkeypatch, settings):
    settings.DEBUG = True
    browser = client_for(make_user("anna"))
    monkeypatch.setattr(selectors, "game_list", lambda *a, **k: 1 / 0)
    response = browser.get("/")
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()
