"""The web forms that cost CPU or send email are throttled like the API's (issue 13, D4):
same rates, same shared cache, a page that says how long to wait, 429 with Retry-After.

Throttle histories live in the shared cache (Redis in CI) across runs: fresh names and
client addresses in every test.
"""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from games.models import Game
from tests.web.conftest import PASSWORD, client_for, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def fresh(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:10]}"


def fresh_address() -> str:
    number = uuid.uuid4().int
    return f"10.{number % 250}.{number // 250 % 250}.{number // 62500 % 250 + 1}"


def assert_throttled_page(response) -> None:
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    assert "Too many tries" in response.content.decode()


def test_wrong_passwords_on_the_login_page_are_throttled_per_account(settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "login_account": "3/hour"}
    name = fresh("victim")
    make_user(name)
    for _ in range(3):
        response = Client(REMOTE_ADDR=fresh_address()).post(
            "/accounts/login/", {"username": name, "password": "a wrong guess"}
        )
        assert response.status_code == 200  # the form again, with its error
    right = Client(REMOTE_ADDR=fresh_address()).post(
        "/accounts/login/", {"username": name.upper(), "password": PASSWORD}
    )
    assert_throttled_page(right)
    other = fresh("other")
    make_user(other)
    fine = Client(REMOTE_ADDR=fresh_address()).post(
        "/accounts/login/", {"username": other, "password": PASSWORD}
    )
    assert fine.status_code == 302  # another account is not affected


def test_sign_ups_from_one_address_are_throttled_and_nothing_is_created(settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "sign_up": "2/hour"}
    address = fresh_address()
    names = [fresh("new") for _ in range(3)]
    statuses = [
        Client(REMOTE_ADDR=address)
        .post(
            "/signup/",
            {"username": name, "email": f"{name}@example.com", "password": PASSWORD},
        )
        .status_code
        for name in names
    ]
    assert statuses[:2] == [302, 302]
    assert statuses[2] == 429
    from django.contrib.auth import get_user_model

    assert not get_user_model().objects.filter(username=names[2]).exists()


def test_password_reset_emails_are_throttled_per_client(settings, mailoutbox):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "login_client": "2/hour"}
    name = fresh("forgetful")
    make_user(name)
    client = Client(REMOTE_ADDR=fresh_address())
    for _ in range(2):
        assert (
            client.post("/accounts/password_reset/", {"email": f"{name}@example.com"}).status_code
            == 302
        )
    assert_throttled_page(
        client.post("/accounts/password_reset/", {"email": f"{name}@example.com"})
    )
    assert len(mailoutbox) == 2


def test_creating_games_from_the_lobby_is_throttled_per_player(settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "game_create": "1/hour"}
    user = make_user(fresh("maker"))
    client = client_for(user)
    form = {"name": "One", "seats": "2", "step_hours": "24", "city_selection": "random"}
    assert client.post("/games/new/", form).status_code == 302
    assert_throttled_page(client.post("/games/new/", {**form, "name": "Two"}))
    assert list(Game.objects.filter(creator=user).values_list("name", flat=True)) == ["One"]
