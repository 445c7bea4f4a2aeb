"""No limit is fooled: a forged X-Forwarded-For never makes a new client (every per-client
limit, web and API), and a stranger's wrong passwords never lock the owner out.

Throttle histories live in the shared cache (Redis in CI) across runs: fresh names and
client addresses in every test.
"""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts import login_links
from tests.players import PASSWORD
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def fresh(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:10]}"


def fresh_address() -> str:
    number = uuid.uuid4().int
    return f"10.{number % 250}.{number // 250 % 250}.{number // 62500 % 250 + 1}"


def _api(path, body):
    def send(client_kwargs):
        return APIClient(**client_kwargs).post(path, body(), format="json")

    return send


def _web(path, body):
    def send(client_kwargs):
        return Client(**client_kwargs).post(path() if callable(path) else path, body())

    return send


def _sign_up_body():
    name = fresh("new")
    return {"username": name, "email": f"{name}@example.com", "password": PASSWORD}


def _web_sign_up_body():
    name = fresh("new")
    return {"username": name, "email": f"{name}@example.com", "password": PASSWORD}


def _a_login_link():
    return f"/login/link/{login_links.login_token(make_user(fresh('link')))}/resend/"


def _an_answer_link():
    return "/mail/answer/not-a-real-token/login-link/"


# Every limit counted per client: (name, the rate's scope, how to send one request).
PER_CLIENT = [
    ("api sign-up", "sign_up", _api("/api/v1/accounts/", _sign_up_body)),
    (
        "api log-in",
        "login_client",
        _api("/api/v1/auth/token/", lambda: {"username": fresh("u"), "password": "x"}),
    ),
    ("web sign-up", "sign_up", _web("/signup/", _web_sign_up_body)),
    (
        "web log-in",
        "login_client",
        _web("/accounts/login/", lambda: {"username": fresh("u"), "password": "x"}),
    ),
    (
        "web password reset",
        "login_client",
        _web("/accounts/password_reset/", lambda: {"email": "x@example.com"}),
    ),
    ("web new login link", "login_client", _web(_a_login_link, dict)),
    ("answer page login link", "login_client", _web(_an_answer_link, dict)),
]


@pytest.mark.parametrize("name, scope, send", PER_CLIENT, ids=[case[0] for case in PER_CLIENT])
def test_a_forged_forwarded_for_header_makes_no_new_client(name, scope, send, settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, scope: "2/hour"}
    address = fresh_address()
    answers = [
        send({"REMOTE_ADDR": address, "HTTP_X_FORWARDED_FOR": fresh_address()}).status_code
        for _ in range(3)
    ]
    assert 429 not in answers[:2], answers
    assert answers[2] == 429, f"{name}: a forged X-Forwarded-For passed the limit ({answers})"


def test_behind_a_trusted_proxy_the_address_it_saw_is_the_client(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "sign_up": "2/hour"}
    proxy, client = fresh_address(), fresh_address()
    send = _api("/api/v1/accounts/", _sign_up_body)
    # The client forges a first hop; our proxy appends the address it saw: that one counts.
    forged = [
        send({"REMOTE_ADDR": proxy, "HTTP_X_FORWARDED_FOR": f"{fresh_address()}, {client}"})
        for _ in range(3)
    ]
    assert [answer.status_code for answer in forged] == [201, 201, 429]
    other = send({"REMOTE_ADDR": proxy, "HTTP_X_FORWARDED_FOR": fresh_address()})
    assert other.status_code == 201, "another client behind the same proxy is not limited"


def _api_log_in(username, password, address):
    return APIClient(REMOTE_ADDR=address).post(
        "/api/v1/auth/token/", {"username": username, "password": password}, format="json"
    )


def _web_log_in(username, password, address):
    return Client(REMOTE_ADDR=address).post(
        "/accounts/login/", {"username": username, "password": password}
    )


@pytest.mark.parametrize("log_in", [_api_log_in, _web_log_in], ids=["api", "web"])
def test_a_strangers_wrong_passwords_never_lock_the_owner_out(log_in, settings):
    rates = {"login_account_client": "10/hour", "login_account": "100/hour"}  # the defaults
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, **rates}
    name = fresh("owner")
    make_user(name)
    attacker = fresh_address()
    answers = [log_in(name, "a wrong guess", attacker).status_code for _ in range(12)]
    assert answers[-1] == 429, "the guessing client is stopped"
    owner = log_in(name, PASSWORD, fresh_address())
    assert owner.status_code in (201, 302), "the owner, from a client with no failures, logs in"
    assert log_in(name, PASSWORD, attacker).status_code == 429


def test_guesses_spread_over_many_clients_meet_the_per_account_ceiling(settings):
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "login_account": "5/hour"}
    name = fresh("owner")
    make_user(name)
    for _ in range(5):
        assert _api_log_in(name, "a wrong guess", fresh_address()).status_code == 401
    assert _api_log_in(name, "another guess", fresh_address()).status_code == 429
