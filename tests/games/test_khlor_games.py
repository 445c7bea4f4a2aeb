"""Khlor on the server (issue 46): created through the API like Khôra, its bots answering,
its deal sampled by the server, played to its end; unknown games and levels refused."""

from __future__ import annotations

import engine
from games import services
from games.models import Game, GameEvent, Seat
from tests.players import assert_problem, url


def _create(player, **body):
    return player.post("/api/v1/games/", {"game": "khlor", "seats": 3, **body})


def test_a_khlor_game_with_bots_is_dealt_and_played_to_its_end(make_player):
    alice = make_player("alice")
    response = _create(alice, bots=["standard", "random"], options={"board": "plain"})
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["game"] == "khlor" and body["rules_version"] == "khlor-1"
    game = Game.objects.get(public_id=body["id"])
    assert game.status == Game.Status.ACTIVE and game.options == {"board": "plain"}
    deal = GameEvent.objects.get(game=game, seq=1)
    assert deal.type == "chance" and deal.payload["kind"] == "deal"  # sampled by the server
    answered, prompt = 0, alice.get(url(game, "prompt")).json()["prompt"]
    while prompt is not None:  # each answer's response carries the next prompt
        assert prompt["kind"] in {"place", "remove", "lay", "extra", "extra_back"}
        answer = alice.post(
            url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
        )
        assert answer.status_code == 200, answer.content
        # The next prompt, or null while the bots still play (then it is read again).
        answered, prompt = answered + 1, answer.json()["prompt"]
        if prompt is None:
            prompt = alice.get(url(game, "prompt")).json()["prompt"]
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and answered > 5
    bot_moves = GameEvent.objects.filter(game=game, type="decision").exclude(seat=0)
    assert {(e.seat, e.payload["bot"]) for e in bot_moves} == {(1, "standard"), (2, "random")}
    detail = alice.get(f"/api/v1/games/{game.public_id}/").json()
    assert detail["status"] == "finished" and detail["view"]["players"]


def test_a_khlor_lobby_is_filled_by_khlors_bots(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = services.game_create(
        creator=alice.user, game_type="khlor", seats=2, options={}, step_hours=24
    )
    assert (game.game_type, game.rules_version, game.status) == ("khlor", "khlor-1", "lobby")
    refused = alice.post(url(game, "start"), {"fill_with_bots": True, "bot_level": "strong"})
    body = assert_problem(refused, 422, "unknown_bot_level")
    assert "levels: random, standard" in body["detail"]
    started = alice.post(url(game, "start"), {"fill_with_bots": True})
    assert started.status_code == 200, started.content
    assert Seat.objects.get(game=game, position=1).bot_level == "standard"
    assert alice.get(url(game, "prompt")).json()["prompt"]["kind"] == "place"
    assert bob  # a second player exists, but the bot took the seat


def test_unknown_games_levels_and_options_are_refused_with_what_is_accepted(make_player):
    alice = make_player("alice")
    unknown = assert_problem(_create(alice, game="chess"), 400, "invalid_input")
    assert unknown["errors"]["game"] == [
        '"chess" is not a game this server hosts; the games are khlor, khora.'
    ]
    strong = assert_problem(_create(alice, bots=["strong"]), 422, "unknown_bot_level")
    assert "levels: random, standard" in strong["detail"]
    # Another game's options fit the schema (an anyOf): the engine's check refuses them.
    cities = assert_problem(
        _create(alice, options={"city_selection": "choose"}), 422, "invalid_setup"
    )
    assert "Unknown options ['city_selection']; known options: ['board']" in cities["detail"]
    board = assert_problem(_create(alice, options={"board": "volcano"}), 400, "invalid_input")
    assert "board" in board["errors"]["options"]
    five = assert_problem(_create(alice, seats=5), 400, "invalid_input")
    assert "seats" in five["errors"]
    assert not Game.objects.exists()
    assert engine.game_types() == ["khlor", "khora"]
