"""The client's requests against a scripted server: what is tried again (with one
Idempotency-Key for a decision's every try), after how long, and what is raised at once."""

from __future__ import annotations

import socket

import pytest
from khora_client import ApiError, ConnectionFailed, KhoraClient

from tests.client.scripted import DROP, Answer, Waits, ok, problem

DECIDED = {"accepted": [], "last_seq": 9, "status": "active", "advancing": False, "prompt": None}


def test_a_decision_goes_through_429_503_502_504_and_a_dropped_connection_with_one_key(scripted):
    server = scripted(
        problem(429, "throttled", **{"Retry-After": "2"}),
        problem(503, "database_unavailable", **{"Retry-After": "1"}),
        Answer(502, {"Content-Type": "text/html"}, b"<html>502 Bad Gateway</html>"),
        DROP,  # the web server killed while it held the request: it may have been applied
        Answer(504, {"Content-Type": "text/html"}, b"<html>504</html>"),
        ok(DECIDED),
    )
    waits = Waits()
    client = KhoraClient(server.url, "tok", retry=waits.retry())
    assert client.decide("g1", "p0-1", "card:bank")["last_seq"] == 9
    assert len(server.seen) == 6
    keys = {seen.headers["idempotency-key"] for seen in server.seen}
    assert len(keys) == 1 and len(keys.pop()) >= 8
    assert {seen.path for seen in server.seen} == {"/api/v1/games/g1/decisions/"}
    assert all(seen.json() == {"prompt": "p0-1", "option": "card:bank"} for seen in server.seen)
    assert all(seen.headers["authorization"] == "Bearer tok" for seen in server.seen)
    # Retry-After where given, else a backoff that doubles (no jitter here: half of each step).
    assert waits.waits == [2.0, 1.0, 1.0, 2.0, 4.0]


def test_each_call_has_its_own_key_and_a_given_key_is_sent(scripted):
    server = scripted(ok(DECIDED), ok(DECIDED), ok(DECIDED))
    client = KhoraClient(server.url, "tok")
    client.decide("g1", "p0-1", "a")
    client.decide("g1", "p0-2", "b")
    client.decide("g1", "p0-3", "c", idempotency_key="my-own-key-1")
    keys = [seen.headers["idempotency-key"] for seen in server.seen]
    assert keys[0] != keys[1] and keys[2] == "my-own-key-1"


def test_waiting_for_chance_is_tried_again_after_its_retry_after(scripted):
    server = scripted(
        problem(409, "waiting_for_chance", **{"Retry-After": "1"}),
        problem(409, "waiting_for_chance"),
        ok(DECIDED),
    )
    waits = Waits()
    client = KhoraClient(server.url, "tok", retry=waits.retry())
    client.decide("g1", "p0-1", "x")
    assert waits.waits == [1.0, 0.5]  # its Retry-After, else the backoff
    assert len({seen.headers["idempotency-key"] for seen in server.seen}) == 1


@pytest.mark.parametrize("code", ["stale_prompt", "not_your_turn"])
def test_a_refusal_of_the_game_is_raised_at_once(scripted, code):
    server = scripted(problem(409, code))
    with pytest.raises(ApiError) as refused:
        KhoraClient(server.url, "tok").decide("g1", "p0-1", "x")
    assert refused.value.status == 409 and refused.value.code == code
    assert len(server.seen) == 1


def test_a_write_that_may_have_been_applied_is_not_sent_twice(scripted):
    """join is no decision: no key makes a second one harmless, so a lost answer is raised."""
    server = scripted(DROP, ok({}))
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    with pytest.raises(ConnectionFailed, match="may have been applied"):
        client.join("g1")
    assert len(server.seen) == 1


def test_a_write_is_tried_again_when_the_server_refused_it_before_any_work(scripted):
    server = scripted(problem(503, "database_unavailable", **{"Retry-After": "1"}), ok({"id": "g"}))
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    assert client.join("g1")["id"] == "g"
    assert len(server.seen) == 2


def test_a_write_is_tried_again_when_no_connection_could_be_made(scripted):
    """A refused connection sent nothing: even a create is safe to send again."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # nothing listens there once the probe is closed
    waits = Waits()
    client = KhoraClient(f"http://127.0.0.1:{port}", "tok", retry=waits.retry(attempts=3))
    with pytest.raises(ConnectionFailed, match="after 3 tries") as failed:
        client.create_game(2, bots=["random"])
    assert isinstance(failed.value.__cause__, OSError)
    assert waits.waits == [0.25, 0.5]


def test_a_502_of_a_write_is_raised_with_the_proxy_s_status(scripted):
    server = scripted(Answer(502, {"Content-Type": "text/html"}, b"<html>bad gateway</html>"))
    with pytest.raises(ApiError) as refused:
        KhoraClient(server.url, "tok", retry=Waits().retry()).start("g1", fill_with_bots=True)
    assert (refused.value.status, refused.value.code) == (502, "http_502")
    assert len(server.seen) == 1


def test_a_long_retry_after_is_not_waited_out(scripted):
    server = scripted(problem(429, "chat_throttled", **{"Retry-After": "86400"}))
    waits = Waits()
    client = KhoraClient(server.url, "tok", retry=waits.retry())
    with pytest.raises(ApiError) as refused:
        client.say("g1", "hello")
    assert refused.value.retry_after == 86400.0 and waits.waits == []


def test_retries_stop_after_the_policy_s_attempts(scripted):
    server = scripted(*[problem(503, "database_unavailable")] * 3)
    waits = Waits()
    client = KhoraClient(server.url, "tok", retry=waits.retry(attempts=3))
    with pytest.raises(ApiError) as refused:
        client.game("g1")
    assert refused.value.code == "database_unavailable" and len(server.seen) == 3


def test_a_read_goes_through_a_lost_answer(scripted):
    server = scripted(DROP, ok({"prompt": None}))
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    assert client.prompt("g1") is None
    assert [seen.path for seen in server.seen] == ["/api/v1/games/g1/prompt/"] * 2


def test_the_game_list_follows_each_page_s_cursor_on_this_client_s_own_host(scripted):
    page = {"previous": None, "results": [{"id": "a"}]}
    server = scripted(
        ok({**page, "next": "http://elsewhere.example/api/v1/games/?cursor=c2&filter=open"}),
        ok({**page, "results": [{"id": "b"}], "next": None}),
    )
    assert [g["id"] for g in KhoraClient(server.url).games("open")] == ["a", "b"]
    assert [seen.path for seen in server.seen] == [
        "/api/v1/games/?filter=open",
        "/api/v1/games/?filter=open&cursor=c2",
    ]
