"""LOG_FORMAT=json: one line per request and per task, with what it happened for."""

from __future__ import annotations

import json
import logging

import pytest
from django.test import Client

from games.models import Game
from games.workers.tasks import advance_game
from operations.logs import JsonFormatter, logging_config
from tests.players import start_game, url


@pytest.fixture
def json_lines(settings, caplog):
    settings.LOG_FORMAT = "json"
    caplog.set_level(logging.INFO)
    formatter = JsonFormatter()

    def lines(logger: str) -> list[dict]:
        return [json.loads(formatter.format(r)) for r in caplog.records if r.name == logger]

    return lines


def test_a_request_is_one_json_line_with_its_id_user_game_and_duration(json_lines, make_player):
    alice = make_player("alice")
    game = start_game([alice, make_player("bob")])
    response = alice.get(url(game), HTTP_X_REQUEST_ID="0123456789abcdef0123456789abcdef")
    assert response["X-Request-ID"] == "0123456789abcdef0123456789abcdef"
    [line] = [ln for ln in json_lines("khora.request") if ln["path"] == url(game)]
    assert line["request_id"] == "0123456789abcdef0123456789abcdef"
    assert line["user_id"] == alice.user.pk
    assert line["game_id"] == game.public_id
    assert line["status"] == 200 and line["view"] == "game-detail" and line["method"] == "GET"
    assert line["duration_ms"] >= 0 and line["level"] == "INFO"


def test_an_id_a_client_makes_up_is_replaced_and_anonymous_has_no_user(json_lines, db):
    response = Client().get("/rules/", HTTP_X_REQUEST_ID="a b\nforged")
    [line] = json_lines("khora.request")
    assert response["X-Request-ID"] == line["request_id"] != "a b\nforged"
    assert len(line["request_id"]) == 32 and "user_id" not in line


def test_a_task_is_one_json_line_with_its_game_and_duration(json_lines, django_user_model):
    alice = django_user_model.objects.create_user("alice")
    game = Game.objects.create(creator=alice, rules_version="test", num_seats=2)
    advance_game.apply(args=[game.pk])
    lines = [ln for ln in json_lines("khora.task") if ln["task"] == "games.tasks.advance_game"]
    assert lines and lines[-1]["game_id"] == game.pk
    assert lines[-1]["outcome"] == "success" and lines[-1]["duration_ms"] >= 0


def test_text_stays_the_default_and_json_formats_a_plain_record():
    assert "()" not in logging_config("text", "INFO")["formatters"]["khora"]
    record = logging.LogRecord("x", logging.WARNING, __file__, 1, "hello %s", ("there",), None)
    assert json.loads(JsonFormatter().format(record))["message"] == "hello there"
