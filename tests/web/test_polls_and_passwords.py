"""Polls with nothing new answer 204 whatever flash messages wait; passwords made of one
repeated character, a run or a repeated pattern are refused on the web and in the API."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from rest_framework.test import APIClient

from tests.web.conftest import client_for, make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_poll_with_nothing_new_is_204_while_a_flash_message_waits():
    people = [make_user("ulysses"), make_user("vesta")]
    game = start_game(people, seats=2)
    watcher = client_for(people[1])
    url = f"/games/{game.public_id}/"
    page = watcher.get(url).content.decode()
    etag = re.search(r'"If-None-Match": "([^"]+)"', page).group(1).replace("\\u0022", '"')
    # A message left for the next page (a refused plain form post), not shown yet.
    refused = watcher.post(f"{url}decide/", {"prompt": "p-gone", "option": "x"})
    assert refused.status_code == 302
    polled = watcher.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true")
    pending = [str(m) for m in get_messages(polled.wsgi_request)]
    assert polled.status_code == 204, (polled.status_code, pending)
    # The message is still there for the next full page.
    assert watcher.get(url).status_code == 200


WEAK = ["aaaaaaaaaaaa", "abcdefghijkl", "123456789012", "abcabcabcabc", "zyxwvutsrqpo"]


@pytest.mark.parametrize("password", WEAK)
def test_a_repeated_or_sequential_password_is_refused_by_the_api(password):
    response = APIClient().post(
        "/api/v1/accounts/",
        {"username": "zoe", "email": "zoe@example.com", "password": password},
        format="json",
    )
    assert response.status_code == 422 and response.json()["code"] == "weak_password"


def test_a_repeated_password_is_a_form_error_on_the_sign_up_page():
    response = Client().post(
        "/signup/", {"username": "zoe", "email": "zoe@example.com", "password": "aaaaaaaaaaaa"}
    )
    assert response.status_code == 200
    assert "repeated character" in response.content.decode()
