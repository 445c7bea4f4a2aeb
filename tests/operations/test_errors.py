"""Error reports: nothing without SENTRY_DSN; with it, events without hidden game data (a
local transport keeps them here: no network)."""

from __future__ import annotations

import logging

import pytest
import sentry_sdk
from django.test import Client
from sentry_sdk.transport import Transport

from games import services
from games.models import Game
from operations import errors


class Kept(Transport):
    def __init__(self, options=None):
        super().__init__(options)
        self.events: list[dict] = []

    def capture_envelope(self, envelope) -> None:
        for item in envelope.items:
            if item.type == "event":
                self.events.append(item.payload.json)


@pytest.fixture
def reports():
    transport = Kept()
    errors.start("https://public@errors.example.invalid/1", "test", transport=transport)
    yield transport
    sentry_sdk.init()  # no DSN: off again for the other tests


def test_nothing_is_started_without_a_dsn(settings):
    assert settings.SENTRY_DSN == ""
    assert sentry_sdk.get_client().transport is None


def test_a_crash_in_a_view_is_reported_without_the_decision_it_carried(
    reports, django_user_model, monkeypatch
):
    alice = django_user_model.objects.create_user("alice", "alice@example.com")
    game = Game.objects.create(creator=alice, rules_version="test", num_seats=2)

    def crash(**kwargs):
        raise RuntimeError("the writer broke")

    monkeypatch.setattr(services, "decisions_submit", crash)
    client = Client(raise_request_exception=False)  # the web page's form, as a browser posts it
    client.force_login(alice)
    response = client.post(
        f"/games/{game.public_id}/decide/",
        {"prompt": "p0-1", "option": "card:secret-hand"},
    )
    assert response.status_code == 500
    sentry_sdk.flush()
    [event] = [e for e in reports.events if e.get("exception")]
    assert event["exception"]["values"][-1]["value"] == "the writer broke"
    assert "card:secret-hand" not in repr(event)
    assert "p0-1" not in repr(event)
    assert client.cookies["sessionid"].value not in repr(event)


def test_logged_errors_are_reported_with_game_data_scrubbed(reports):
    with sentry_sdk.new_scope() as scope:
        scope.set_context("game", {"id": "g1", "hands": [["athens-gold"]], "prompt": "p3"})
        logging.getLogger("games").error(
            "advance failed", extra={"options": ["card:athens-gold"], "seq": 12}
        )
    sentry_sdk.flush()
    [event] = reports.events
    assert "athens-gold" not in repr(event)
    assert event["contexts"]["game"] == {"id": "g1", "hands": "[hidden]", "prompt": "[hidden]"}
    assert event["extra"]["seq"] == 12 and event["extra"]["options"] == "[hidden]"
