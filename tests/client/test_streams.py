"""Streams against a scripted server: they go on with Last-Event-ID through cuts, 502, 503 and
429 (waiting as told), stop on game_over and 204, and end for good on a credential's `end`."""

from __future__ import annotations

import pytest
from khora_client import (
    ApiError,
    Connected,
    ConnectionFailed,
    EntryEvent,
    GameOver,
    Heartbeat,
    KhoraClient,
    PromptEvent,
    SeatChanged,
    StreamEnded,
    UnknownEvent,
)

from tests.client.scripted import DROP, Answer, Waits, events, ok, problem

PROMPT = '{"id":"p0-3","kind":"tax","text":"t","options":[],"default":"a","deadline":null}'


def entry(seq: int) -> str:
    return f'id: {seq}\nevent: entry\ndata: {{"seq":{seq},"type":"decision"}}'


def kinds(stream) -> list:
    out = []
    for event in stream:
        if isinstance(event, EntryEvent):
            out.append(("entry", event.seq))
        elif isinstance(event, Connected):
            out.append(("connected", event.reconnected))
        elif isinstance(event, GameOver):
            out.append(("over", event.status))
        elif isinstance(event, PromptEvent):
            out.append(("prompt", event.prompt and event.prompt["id"]))
        else:
            out.append((type(event).__name__,))
    return out


def test_a_game_stream_resumes_after_the_last_entry_through_cuts_and_proxy_errors(scripted):
    server = scripted(
        # A restart cuts the first connection mid-event: entry 2 is half sent.
        Answer(200, {"Content-Type": "text/event-stream"},
               ("retry: 2000\n\n" + entry(1) + "\n\n: heartbeat\n\nid: 2\nevent: en").encode()),
        Answer(502, {"Content-Type": "text/html"}, b"<html>no live upstreams</html>"),
        problem(503, "streams_busy", **{"Retry-After": "4"}),
        problem(429, "too_many_streams", **{"Retry-After": "7"}),
        DROP,
        events(entry(2), f'event: prompt\ndata: {{"game":"g1","prompt":{PROMPT}}}',
               'event: game_over\ndata: {"game":"g1","status":"finished"}'),
    )  # fmt: skip
    waits = Waits()
    client = KhoraClient(server.url, "tok", retry=waits.retry())
    assert kinds(client.stream("g1", after=0)) == [
        ("connected", False), ("entry", 1), ("Heartbeat",),
        ("connected", True), ("entry", 2), ("prompt", "p0-3"), ("over", "finished"),
    ]  # fmt: skip
    assert [seen.headers.get("last-event-id") for seen in server.seen] == ["0"] + ["1"] * 5
    assert all(seen.headers["accept"] == "text/event-stream" for seen in server.seen)
    # The stream's own retry: (2 s) after the cut; the proxy's 502 and the drop back off; the
    # server's Retry-After for 503 and 429.
    assert waits.waits == [2.0, 0.25, 4.0, 7.0, 2.0]


def test_a_reconnection_answered_204_ends_the_stream(scripted):
    server = scripted(events(entry(5)), Answer(204))
    waits = Waits()
    client = KhoraClient(server.url, "tok", retry=waits.retry())
    assert kinds(client.stream("g1", after=4)) == [("connected", False), ("entry", 5)]
    assert server.seen[1].headers["last-event-id"] == "5" and len(server.seen) == 2


def test_from_now_on_asks_the_log_where_now_is_so_a_reconnection_misses_nothing(scripted):
    server = scripted(
        ok({"events": [], "last_seq": 41, "next_after": None}),
        events(),
        events(entry(42), 'event: game_over\ndata: {"game":"g1","status":"finished"}'),
    )
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    assert ("entry", 42) in kinds(client.stream("g1", after=None))
    assert server.seen[0].path == "/api/v1/games/g1/log/?after=0&limit=1"
    assert [s.headers.get("last-event-id") for s in server.seen[1:]] == ["41", "41"]


@pytest.mark.parametrize("reason", ["token_revoked", "logged_out", "account_disabled"])
def test_an_end_for_the_credential_is_raised_and_not_reconnected(scripted, reason):
    server = scripted(events(f'event: end\ndata: {{"reason":"{reason}","detail":"gone"}}'))
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    with pytest.raises(StreamEnded) as ended:
        list(client.my_stream())
    assert ended.value.reason == reason and len(server.seen) == 1


def test_seat_changed_is_told_and_the_stream_goes_on(scripted):
    server = scripted(
        events('event: end\ndata: {"reason":"seat_changed","detail":"a substitute"}'),
        events('event: game_over\ndata: {"game":"g1","status":"finished"}'),
    )
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    stream = list(client.stream("g1", after=0))
    assert isinstance(stream[1], SeatChanged) and isinstance(stream[-1], GameOver)
    assert len(server.seen) == 2


def test_a_silent_stream_is_dropped_and_made_again(scripted):
    """Nothing for stream_timeout (the server writes every 15 s): the connection hangs."""
    server = scripted(
        events(": heartbeat", hang=3),
        events('event: game_over\ndata: {"game":"g1","status":"finished"}'),
    )
    client = KhoraClient(server.url, "tok", retry=Waits().retry(), stream_timeout=0.3)
    assert kinds(client.stream("g1", after=0))[-1] == ("over", "finished")
    assert len(server.seen) == 2


@pytest.mark.parametrize("status,code", [(401, "authentication_failed"), (404, "game_not_found"),
                                         (421, "stream_server_required")])  # fmt: skip
def test_a_refusal_that_waiting_would_not_change_is_raised(scripted, status, code):
    server = scripted(problem(status, code))
    with pytest.raises(ApiError) as refused:
        next(iter(KhoraClient(server.url, "tok", retry=Waits().retry()).stream("g1")))
    assert refused.value.code == code and len(server.seen) == 1


def test_giving_up_after_a_while_without_a_connection_is_a_choice(scripted):
    server = scripted(*[problem(503, "streams_busy", **{"Retry-After": "1"})] * 3)
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    with pytest.raises(ConnectionFailed):
        list(client.my_stream(give_up_after=0.0))


def test_my_stream_tells_each_connection_and_unknown_events(scripted):
    server = scripted(
        events(f'event: prompt\ndata: {{"game":"g1","prompt":{PROMPT}}}',
               'event: prompt\ndata: {"game":"g2","prompt":null}',
               'event: surprise\ndata: {"new": true}'),
        events('event: game_over\ndata: {"game":"g1","status":"abandoned"}'),
        events('event: end\ndata: {"reason":"token_expired","detail":"old"}'),
    )  # fmt: skip
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    seen = []
    with pytest.raises(StreamEnded):
        for event in client.my_stream():
            seen.append(event)
    assert [type(e).__name__ for e in seen] == [
        "Connected", "PromptEvent", "PromptEvent", "UnknownEvent",
        "Connected", "GameOver", "Connected",
    ]  # fmt: skip
    assert seen[2] == PromptEvent("g2", None) and seen[3] == UnknownEvent("surprise", {"new": True})
    assert seen[5] == GameOver("g1", "abandoned")  # a player's stream goes on after a game's end
    assert all("last-event-id" not in s.headers for s in server.seen)
    assert not any(isinstance(e, Heartbeat) for e in seen)
