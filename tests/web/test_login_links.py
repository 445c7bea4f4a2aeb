"""Login links from emails: a GET never logs in; the button does, once; an expired or used
link says so and offers a new one by email."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from accounts import login_links
from tests.web.conftest import client_for, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def path_of(url: str) -> str:
    return "/" + url.split("/", 3)[3]


def test_get_shows_a_button_and_only_the_post_logs_in():
    user = make_user("odysseus")
    link = path_of(login_links.login_url(user, "/preferences/"))
    client = client_for()
    page = client.get(link)
    assert page.status_code == 200 and "Log in as odysseus?" in page.content.decode()
    assert not client.get("/").context["user"].is_authenticated  # the GET changed nothing
    response = client.post(link)
    assert response.status_code == 302 and response["Location"] == "/preferences/"
    assert client.get("/").context["user"] == user


def test_a_link_works_once():
    user = make_user("penelope")
    link = path_of(login_links.login_url(user, "/"))
    assert client_for().post(link).status_code == 302
    again = client_for()
    response = again.post(link)
    assert response.status_code == 410
    assert (
        "already used" in response.content.decode()
        and "Email me a new link" in response.content.decode()
    )
    assert not again.get("/").context["user"].is_authenticated
    assert client_for().get(link).status_code == 410


def test_an_expired_link_offers_a_new_one_by_email(settings, mailoutbox):
    settings.WEB_LOGIN_LINK_MAX_AGE = timedelta(seconds=-1)
    user = make_user("telemachus")
    token_path = path_of(login_links.login_url(user, "/games/abc/"))
    client = client_for()
    response = client.post(token_path)
    assert response.status_code == 410 and "expired" in response.content.decode()
    assert not client.get("/").context["user"].is_authenticated
    sent = client.post(token_path + "resend/", follow=True)
    assert "a new one is on its way" in sent.content.decode()
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["telemachus@example.com"]
    settings.WEB_LOGIN_LINK_MAX_AGE = timedelta(days=7)
    fresh = re.search(r"http://\S+/login/link/\S+/", mailoutbox[0].body).group(0)
    assert client.post(path_of(fresh))["Location"] == "/games/abc/"


def test_forged_links_are_refused_and_foreign_targets_dropped(mailoutbox):
    user = make_user("circe")
    token = login_links.login_token(user, "/")
    forged = token[:-3] + ("aaa" if not token.endswith("aaa") else "bbb")
    response = client_for().post(f"/login/link/{forged}/")
    assert response.status_code == 400 and "not valid" in response.content.decode()
    client_for().post(f"/login/link/{forged}/resend/")
    assert mailoutbox == []  # nobody to send to
    outside = login_links.login_token(user, "//evil.example/steal")
    assert client_for().post(f"/login/link/{outside}/")["Location"] == "/"
