"""run_bot against a scripted server: each prompt answered once (the stream repeats them), the
next prompt a decision's answer carries answered at once, refusals of a game that moved on
survived, and games that ended while the stream was cut off found on reconnecting."""

from __future__ import annotations

import json

import pytest
from khora_client import KhoraClient, PolicyError, play_game, run_bot

from tests.client.scripted import Waits, events, ok, problem


def prompt(prompt_id: str, *options: str) -> dict:
    return {
        "id": prompt_id, "kind": "tax", "text": "?", "default": options[0], "deadline": None,
        "options": [{"id": o, "label": o, "data": {}} for o in options],
    }  # fmt: skip


def prompt_event(game: str, asked: dict | None) -> str:
    return f"event: prompt\ndata: {json.dumps({'game': game, 'prompt': asked})}"


def decided(next_prompt: dict | None) -> dict:
    return {"accepted": [], "last_seq": 1, "status": "active", "advancing": False,
            "prompt": next_prompt}  # fmt: skip


def last(asked: dict) -> str:
    return asked["options"][-1]["id"]


def test_the_bot_answers_each_prompt_once_and_counts_games_it_missed_the_end_of(scripted):
    first, second = prompt("p0-1", "a", "b"), prompt("p0-2", "c", "d")
    server = scripted(
        events(prompt_event("g1", first), prompt_event("g1", first),  # sent twice: answered once
               prompt_event("g2", prompt("p1-1", "x", "y")), prompt_event("g3", None)),
        ok(decided(second)),  # g1 p0-1; its answer carries the next prompt, answered at once
        ok(decided(None)),  # g1 p0-2
        problem(409, "stale_prompt"),  # g2: a deadline answered it first
        # The stream was cut (a restart); the new connection repeats g1's last prompt.
        events(prompt_event("g1", second),
               'event: game_over\ndata: {"game":"g2","status":"finished"}'),
        ok({"status": "finished"}),  # g1, asked on reconnecting: it ended while cut off
        ok({"status": "active"}),  # g2
    )  # fmt: skip
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    report = run_bot(client, last, games=2)
    assert report.finished == {"g1": "finished", "g2": "finished"}
    assert (report.decisions, report.refused) == (2, 1)
    decisions = [s for s in server.seen if s.method == "POST"]
    assert [(s.path, s.json()) for s in decisions] == [
        ("/api/v1/games/g1/decisions/", {"prompt": "p0-1", "option": "b"}),
        ("/api/v1/games/g1/decisions/", {"prompt": "p0-2", "option": "d"}),
        ("/api/v1/games/g2/decisions/", {"prompt": "p1-1", "option": "y"}),
    ]
    assert len({s.headers["idempotency-key"] for s in decisions}) == 3
    assert [s.path for s in server.seen if s.method == "GET"] == [
        "/api/v1/me/stream/", "/api/v1/me/stream/", "/api/v1/games/g1/", "/api/v1/games/g2/",
    ]  # fmt: skip


def test_a_policy_choosing_no_option_is_an_error_not_a_request(scripted):
    server = scripted(events(prompt_event("g1", prompt("p0-1", "a"))))
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    with pytest.raises(PolicyError, match="'zzz' is not an option"):
        run_bot(client, lambda asked: "zzz")
    assert len(server.seen) == 1


def test_a_refusal_that_is_no_race_stops_the_bot(scripted):
    server = scripted(
        events(prompt_event("g1", prompt("p0-1", "a"))),
        problem(422, "illegal_option"),
    )
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    with pytest.raises(Exception, match="illegal_option"):
        run_bot(client, last)


def test_play_game_follows_one_game_s_stream_to_its_end(scripted):
    server = scripted(
        ok({"events": [], "last_seq": 7, "next_after": None}),
        events("id: 8\nevent: entry\ndata: {\"seq\": 8}", prompt_event("g1", prompt("p0-4", "a")),
               'event: game_over\ndata: {"game":"g1","status":"finished"}'),
        ok(decided(None)),
    )  # fmt: skip
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    assert play_game(client, "g1", last) == "finished"
    assert server.seen[2].json() == {"prompt": "p0-4", "option": "a"}
