"""A stream ends when the credential it was opened with stops holding, and the reconnect is
refused as a fresh request with it would be."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.test import Client
from knox.models import AuthToken
from rest_framework.test import APIClient

from games.models import Seat
from live.publish import game_channel, publish
from tests.live.sse import StreamReader, parse
from tests.players import PASSWORD, assert_problem, start_game, url

BOUND_SECONDS = 3.0  # "within a few seconds"


@pytest.fixture(autouse=True)
def quick_heartbeat(settings):
    settings.STREAM_HEARTBEAT_SECONDS = 0.05


def read_until_end(stream: StreamReader) -> tuple[dict, float]:
    """The stream's `end` event and the seconds it took to come; the stream must close after."""
    started = time.monotonic()
    while time.monotonic() - started < BOUND_SECONDS:
        events = parse(stream.read())
        ends = [e for e in events if e.event == "end"]
        if ends:
            with pytest.raises(StopIteration):  # nothing after it: the server closed
                stream.read()
            return ends[0].data, time.monotonic() - started
    raise AssertionError(f"the stream did not end within {BOUND_SECONDS} s")


def both_streams(client, game) -> list[StreamReader]:
    streams = [
        StreamReader(client.get(url(game, "stream"))),
        StreamReader(client.get("/api/v1/me/stream/")),
    ]
    for stream in streams:
        assert any(e.event == "prompt" for e in parse(stream.read()))  # the hand is flowing
    return streams


def test_a_revoked_token_ends_its_open_streams_and_the_reconnect_is_401(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    streams = both_streams(alice.client, game)
    kept = StreamReader(bob.client.get(url(game, "stream")))  # bob's token is not revoked
    kept.read()
    assert alice.post("/api/v1/auth/token/revoke/").status_code == 200
    for stream in streams:
        end, seconds = read_until_end(stream)
        assert end["reason"] == "token_revoked" and end["detail"]
        assert seconds < BOUND_SECONDS
    assert kept.read() == b": heartbeat\n\n"  # another user's stream goes on
    kept.close()
    assert_problem(alice.get(url(game, "stream")), 401, "authentication_failed")
    assert_problem(alice.get("/api/v1/me/stream/"), 401, "authentication_failed")


def test_revoke_all_ends_the_streams_of_every_token(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    _, other_token = AuthToken.objects.create(alice.user)
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Bearer {other_token}")
    streams = both_streams(alice.client, game) + both_streams(other, game)
    assert alice.post("/api/v1/auth/token/revoke-all/").status_code == 200
    for stream in streams:
        assert read_until_end(stream)[0]["reason"] == "token_revoked"


def test_a_deactivated_account_ends_its_streams(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    streams = both_streams(alice.client, game)
    alice.user.is_active = False
    alice.user.save()
    for stream in streams:
        assert read_until_end(stream)[0]["reason"] == "account_disabled"


def test_an_expiring_token_ends_its_stream_when_it_expires(make_player, settings):
    # Knox renews a token on use (AUTO_REFRESH): without it, the token ends as created.
    settings.REST_KNOX = {**settings.REST_KNOX, "AUTO_REFRESH": False}
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    _, short_token = AuthToken.objects.create(alice.user, expiry=timedelta(seconds=1))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {short_token}")
    stream = StreamReader(client.get(url(game, "stream")))
    stream.read()
    end, seconds = read_until_end(stream)
    assert end["reason"] == "token_expired"
    assert seconds < 1 + BOUND_SECONDS
    assert_problem(client.get(url(game, "stream")), 401, "authentication_failed")


def logged_in_browser(player) -> Client:
    browser = Client()
    assert browser.login(username=player.user.username, password=PASSWORD)
    return browser


def test_logging_out_ends_the_session_s_streams_and_not_another_session_s(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    browser, phone = logged_in_browser(alice), logged_in_browser(alice)
    streams = both_streams(browser, game)
    on_phone = StreamReader(phone.get("/api/v1/me/stream/"))
    on_phone.read()
    assert browser.post("/accounts/logout/").status_code in (200, 302)
    for stream in streams:
        assert read_until_end(stream)[0]["reason"] == "logged_out"
    assert b"event: end" not in on_phone.read()  # the phone's session still holds
    on_phone.close()
    assert_problem(browser.get("/api/v1/me/stream/"), 401, "not_authenticated")
    # The game's stream is public: the logged-out reconnect is a spectator's, without a hand.
    spectator = StreamReader(browser.get(url(game, "stream"), {"after": 0}))
    assert "prompt" not in {e.event for e in parse(spectator.read())}
    spectator.close()


def test_a_new_password_ends_the_other_sessions_streams(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    browser = logged_in_browser(alice)
    stream = both_streams(browser, game)[1]
    alice.user.set_password("another horse battery staple")
    alice.user.save()
    assert read_until_end(stream)[0]["reason"] == "logged_out"


def test_a_player_who_loses_the_seat_stops_receiving_its_view(make_player):
    alice, bob, carol = make_player("alice"), make_player("bob"), make_player("carol")
    game = start_game([alice, bob])
    stream = StreamReader(alice.client.get(url(game, "stream")))
    stream.read()
    # A substitute takes the seat (games.absences.substitutes): alice no longer plays it.
    Seat.objects.filter(game=game, user=alice.user).update(user=carol.user)
    publish([(game_channel(game.public_id), "")])
    assert read_until_end(stream)[0]["reason"] == "seat_changed"
    again = StreamReader(alice.client.get(url(game, "stream"), {"after": 0}))
    assert "prompt" not in {e.event for e in parse(again.read())}  # a spectator's view now
    again.close()
