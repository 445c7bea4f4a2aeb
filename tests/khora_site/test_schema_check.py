"""The check every API response of the suite goes through (tests/schema_check.py) is live and
strict: a response planted with what the schema does not say fails the request that got it."""

from __future__ import annotations

import pytest
from rest_framework.response import Response

import common.conditional
import common.problems
import games.api.views
from tests.players import start_game, url
from tests.schema_check import SchemaMismatch, check_stream_event, served_schema


def test_the_schema_the_responses_are_checked_against_is_the_served_one(anonymous):
    served = anonymous.get("/api/v1/schema/?format=json")
    assert served.status_code == 200
    assert served.json() == served_schema()
    assert served_schema()["openapi"] == "3.1.0"


@pytest.fixture
def game(make_player):
    alice = make_player("alice")
    return alice, start_game([alice, make_player("bob")])


def test_an_unplanted_read_passes(game):
    alice, started = game
    assert alice.get(url(started)).status_code == 200
    assert alice.get(url(started, "prompt")).status_code == 200


def test_a_problem_member_the_schema_does_not_declare_fails(game, monkeypatch):
    alice, _started = game
    body = common.problems.problem_body
    monkeypatch.setattr(
        common.problems, "problem_body", lambda *a, **k: {**body(*a, **k), "surprise": 1}
    )
    with pytest.raises(SchemaMismatch, match="surprise"):
        alice.get("/api/v1/games/nope/")


def test_a_value_outside_its_enum_fails(game, monkeypatch):
    alice, started = game
    respond = games.api.views.conditional_response
    monkeypatch.setattr(
        games.api.views,
        "conditional_response",
        lambda request, data, etag: respond(request, {**data, "status": "paused"}, etag),
    )
    with pytest.raises(SchemaMismatch, match="paused"):
        alice.get(url(started))


def test_a_number_where_the_schema_wants_text_or_an_object_fails(game, monkeypatch):
    alice, started = game
    respond = games.api.views.conditional_response
    planted: dict = {"id": 5}
    monkeypatch.setattr(
        games.api.views,
        "conditional_response",
        lambda request, data, etag: respond(request, {**data, **planted}, etag),
    )
    with pytest.raises(SchemaMismatch, match=r"\$\.id"):
        alice.get(url(started))
    planted = {"prompt": 5}
    with pytest.raises(SchemaMismatch, match=r"\$\.prompt"):
        alice.get(url(started, "prompt"))


def test_a_missing_declared_header_fails(game, monkeypatch):
    alice, started = game
    tag = common.conditional._headers
    monkeypatch.setattr(
        common.conditional, "_headers", lambda response, etag: _without_etag(tag(response, etag))
    )
    with pytest.raises(SchemaMismatch, match="ETag"):
        alice.get(url(started, "prompt"))


def _without_etag(response):
    del response["ETag"]
    return response


def test_an_undeclared_status_fails(game, monkeypatch):
    alice, started = game
    monkeypatch.setattr(
        games.api.views, "conditional_response", lambda request, data, etag: Response(status=202)
    )
    with pytest.raises(SchemaMismatch, match="202"):
        alice.get(url(started, "prompt"))


def test_stream_events_are_held_to_their_components():
    """tests/live/sse.py checks every event the stream tests read; what it would refuse."""
    check_stream_event("end", {"reason": "token_revoked", "detail": "Revoked."})
    check_stream_event("game_over", {"game": "qVmN34XD_23f2D3o", "status": "abandoned"})
    with pytest.raises(SchemaMismatch, match="bored"):
        check_stream_event("end", {"reason": "bored", "detail": "Bored."})
    with pytest.raises(SchemaMismatch, match="surprise"):
        check_stream_event("prompt", {"game": "qVmN34XD_23f2D3o", "prompt": None, "surprise": 1})
    with pytest.raises(SchemaMismatch, match="does not name"):
        check_stream_event("party", {})
