"""Limits on open streams (per user, per address, per process), and the refusals a client can
act on: 429 with Retry-After, 204 for a finished game, 400 for a bad id, 421 from the wrong
server, 503 when the database cannot serve."""

from __future__ import annotations

import time

import pytest
from django.db import OperationalError
from django.test import override_settings
from rest_framework.test import APIClient

from common.errors import DomainError
from games import selectors
from games.models import Game
from live.hub import HUB
from live.limits import LEASES, Leases
from tests.live.sse import StreamReader, parse
from tests.players import assert_problem, start_game, url


@pytest.fixture(autouse=True)
def quick_heartbeat(settings):
    settings.STREAM_HEARTBEAT_SECONDS = 0.05


def open_stream(client, path, **extra) -> StreamReader:
    stream = StreamReader(client.get(path, **extra))
    stream.read()
    return stream


def assert_too_many(response, limit: str, most: int) -> None:
    body = assert_problem(response, 429, "too_many_streams")
    assert body["limit"] == limit and body["max"] == most
    assert int(response["Retry-After"]) > 0


def test_a_user_past_the_limit_is_refused_until_a_stream_closes(make_player, settings):
    settings.STREAM_LIMIT_PER_USER = 2
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    first = open_stream(alice.client, url(game, "stream"))
    second = open_stream(alice.client, "/api/v1/me/stream/")
    assert_too_many(alice.get(url(game, "stream")), "user", 2)
    assert_too_many(alice.get("/api/v1/me/stream/"), "user", 2)
    open_stream(bob.client, url(game, "stream")).close()  # another user is not counted
    first.close()
    third = open_stream(alice.client, url(game, "stream"))
    second.close()
    third.close()
    assert LEASES.held() == 0 and HUB.open_streams() == 0


def test_an_address_past_the_limit_is_refused_and_a_forged_header_makes_no_new_client(
    make_player, anonymous, settings
):
    settings.STREAM_LIMIT_PER_ADDRESS = 3
    settings.TRUSTED_PROXY_COUNT = 0  # no proxy: X-Forwarded-For is the client's own words
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    path = url(game, "stream")
    held = [open_stream(anonymous, path, REMOTE_ADDR="203.0.113.7") for _ in range(3)]
    forged = {"REMOTE_ADDR": "203.0.113.7", "HTTP_X_FORWARDED_FOR": "198.51.100.1"}
    assert_too_many(anonymous.get(path, **forged), "address", 3)
    assert_too_many(alice.get(path, REMOTE_ADDR="203.0.113.7"), "address", 3)  # signed in too
    open_stream(anonymous, path, REMOTE_ADDR="203.0.113.8").close()  # another address
    for stream in held:
        stream.close()


def test_behind_a_trusted_proxy_the_address_it_saw_is_the_client(anonymous, make_player, settings):
    settings.STREAM_LIMIT_PER_ADDRESS = 1
    settings.TRUSTED_PROXY_COUNT = 1
    game = start_game([make_player("alice"), make_player("bob")])
    path = url(game, "stream")
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    held = open_stream(anonymous, path, HTTP_X_FORWARDED_FOR="203.0.113.7", **proxy)
    # The client may write anything left of what our proxy appended: it is not believed.
    forged = {"HTTP_X_FORWARDED_FOR": "198.51.100.1, 203.0.113.7", **proxy}
    assert_too_many(anonymous.get(path, **forged), "address", 1)
    open_stream(anonymous, path, HTTP_X_FORWARDED_FOR="203.0.113.8", **proxy).close()
    held.close()


def test_a_full_process_answers_503_with_a_short_retry(anonymous, make_player, settings):
    settings.STREAM_LIMIT_PER_PROCESS = 2
    game = start_game([make_player("alice"), make_player("bob")])
    path = url(game, "stream")
    held = [open_stream(anonymous, path, REMOTE_ADDR=f"203.0.113.{n}") for n in (1, 2)]
    response = anonymous.get(path, REMOTE_ADDR="203.0.113.3")
    # 503, which the proxy passes on to another stream process (deploy/nginx/).
    body = assert_problem(response, 503, "streams_busy")
    assert body["limit"] == "process" and body["max"] == 2
    assert int(response["Retry-After"]) == settings.STREAM_PROCESS_RETRY_SECONDS
    for stream in held:
        stream.close()


def test_a_body_never_started_gives_its_place_back(anonymous, make_player, settings):
    settings.STREAM_LIMIT_PER_ADDRESS = 1
    game = start_game([make_player("alice"), make_player("bob")])
    path = url(game, "stream")
    anonymous.get(path).close()  # the client left before the first byte
    open_stream(anonymous, path).close()
    assert LEASES.held() == 0


@pytest.mark.postgres
def test_the_leases_of_a_process_that_died_lapse_by_themselves(settings, transactional_db):
    """With Redis the counts are shared by every stream process; a process killed with its
    streams open never removes its leases, which lapse after STREAM_LEASE_SECONDS."""
    if not settings.REDIS_URL:
        pytest.fail("needs Redis (REDIS_URL)")
    settings.STREAM_LIMIT_PER_ADDRESS = 2
    settings.STREAM_LEASE_SECONDS = 1
    dead, alive = Leases(), Leases()
    dead._ensure_keeper = lambda: None  # a process that will never renew: it died
    dead.acquire(None, "203.0.113.9")
    alive.acquire(None, "203.0.113.9")
    with pytest.raises(DomainError) as refused:
        alive.acquire(None, "203.0.113.9")
    assert refused.value.code == "too_many_streams"  # the dead one's lease still counts
    time.sleep(2.1)
    alive.acquire(None, "203.0.113.9")  # alive renewed (or not: it is fresh); dead's lapsed


def test_a_finished_game_answers_204_once_everything_was_sent(make_player, anonymous):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    last = Game.objects.get(pk=game.pk).last_seq
    response = anonymous.get(url(game, "stream"), HTTP_LAST_EVENT_ID=str(last))
    assert response.status_code == 204 and not response.content
    assert anonymous.get(url(game, "stream")).status_code == 204  # nothing asked, nothing left
    # Asking for what came before still gets it, then game_over, then the end of the body.
    stream = StreamReader(anonymous.get(url(game, "stream"), {"after": last - 1}))
    events = parse(b"".join(stream.chunks))
    assert [e.event for e in events] == ["entry", "game_over"]
    assert LEASES.held() == 0


@pytest.mark.parametrize("bad", ["²", "①", "٣", "-1", "1.0", " ", "x1", "9" * 13])
def test_a_bad_start_is_400_never_500(make_player, bad):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    assert_problem(alice.client.get(url(game, "stream"), {"after": bad}), 400, "invalid_input")


def test_a_last_event_id_that_is_not_ascii_is_400(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    # As a server receives a raw byte \xb2: decoded as latin-1 into the WSGI environ.
    response = alice.get(url(game, "stream"), HTTP_LAST_EVENT_ID="\xb2")
    assert_problem(response, 400, "invalid_input")


def test_the_wsgi_server_refuses_streams_in_production(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    with override_settings(STREAMS_OVER_WSGI=False):
        body = assert_problem(alice.get(url(game, "stream")), 421, "stream_server_required")
        assert "uvicorn" in body["detail"]
        assert_problem(alice.get("/api/v1/me/stream/"), 421, "stream_server_required")
    assert LEASES.held() == 0 and HUB.open_streams() == 0


def test_a_database_that_cannot_serve_is_503_with_retry_after(make_player, monkeypatch):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])

    def no_database(public_id):
        raise OperationalError("connection failed: FATAL: sorry, too many clients already")

    monkeypatch.setattr(selectors, "game_get", no_database)
    response = APIClient().get(url(game, "stream"))
    assert_problem(response, 503, "database_unavailable")
    assert int(response["Retry-After"]) > 0
    assert LEASES.held() == 0
