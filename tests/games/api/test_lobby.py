"""Creating, joining, leaving and starting games."""

from games.models import Game, GameEvent, Seat
from tests.players import assert_problem, url


def create(player, **body):
    return player.post("/api/v1/games/", {"game": "khora", "seats": 3, **body})


def test_creating_a_game_puts_the_creator_in_seat_zero_of_a_lobby(make_player):
    alice = make_player("alice")
    response = create(alice, step_hours=24, options={"city_selection": "random"})
    assert response.status_code == 201, response.content
    body = response.json()
    assert len(body["id"]) >= 16
    assert body["status"] == "lobby" and body["step_hours"] == 24
    assert body["seats"][0] == {
        "position": 0,
        "player": "alice",
        "is_bot": False,
        "bot_level": None,
        "bot_plays": False,
    }
    assert body["seats"][1]["player"] is None
    assert body["your_seat"] == 0 and body["view"] is None
    assert body["rules_version"] == "khora-1"


def test_a_bad_setup_is_refused_by_the_engine_and_nothing_is_stored(make_player):
    alice = make_player("alice")
    four_cities = ["athens", "sparta", "thebes", "argos"]  # for three seats
    response = create(alice, options={"cities": four_cities})
    assert_problem(response, 422, "invalid_setup")
    assert not Game.objects.exists()


def test_cities_that_are_not_strings_are_invalid_input(make_player):
    response = create(make_player("alice"), options={"cities": [[1], [2], [3]]})
    body = assert_problem(response, 400, "invalid_input")
    assert "options" in body["errors"]


def test_too_many_seats_is_invalid_input(make_player):
    alice = make_player("alice")
    body = assert_problem(create(alice, seats=5), 400, "invalid_input")
    assert "seats" in body["errors"]


def test_a_full_lobby_starts_by_itself(make_player):
    alice, bob, carol = (make_player(name) for name in ("alice", "bob", "carol"))
    game_id = create(alice).json()["id"]
    assert bob.post(f"/api/v1/games/{game_id}/join/").json()["status"] == "lobby"
    body = carol.post(f"/api/v1/games/{game_id}/join/").json()
    assert body["status"] == "active"
    assert body["your_seat"] == 2
    assert body["phase"] == "setup"
    assert body["prompt"]["kind"] == "draft_pick"
    assert body["deadline"]


def test_joining_twice_or_a_full_game_is_a_conflict(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game_id = alice.post("/api/v1/games/", {"seats": 2}).json()["id"]
    assert_problem(alice.post(f"/api/v1/games/{game_id}/join/"), 409, "already_seated")
    bob.post(f"/api/v1/games/{game_id}/join/")
    carol = make_player("carol")
    assert_problem(carol.post(f"/api/v1/games/{game_id}/join/"), 409, "not_in_lobby")


def test_leaving_frees_the_seat(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game_id = create(alice).json()["id"]
    bob.post(f"/api/v1/games/{game_id}/join/")
    body = bob.post(f"/api/v1/games/{game_id}/leave/").json()
    assert body["your_seat"] is None
    assert [seat["player"] for seat in body["seats"]] == ["alice", None, None]
    assert_problem(bob.post(f"/api/v1/games/{game_id}/leave/"), 409, "not_seated")


def test_the_creator_leaving_abandons_the_lobby(make_player):
    alice = make_player("alice")
    game_id = create(alice).json()["id"]
    assert alice.post(f"/api/v1/games/{game_id}/leave/").json()["status"] == "abandoned"
    assert_problem(make_player("bob").post(f"/api/v1/games/{game_id}/join/"), 409, "not_in_lobby")


def test_only_the_creator_starts_and_empty_seats_need_bots(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game_id = create(alice).json()["id"]
    bob.post(f"/api/v1/games/{game_id}/join/")
    assert_problem(bob.post(f"/api/v1/games/{game_id}/start/"), 403, "not_creator")
    body = assert_problem(alice.post(f"/api/v1/games/{game_id}/start/"), 409, "seats_empty")
    assert body["empty_seats"] == [2]
    started = alice.post(f"/api/v1/games/{game_id}/start/", {"fill_with_bots": True}).json()
    assert started["status"] == "active"
    assert started["seats"][2] == {
        "position": 2,
        "player": None,
        "is_bot": True,
        "bot_level": "standard",
        "bot_plays": False,
    }


def test_starting_samples_chance_and_lets_bots_play_until_a_human_is_asked(make_player):
    alice = make_player("alice")
    game_id = create(alice).json()["id"]
    body = alice.post(f"/api/v1/games/{game_id}/start/", {"fill_with_bots": True}).json()
    game = Game.objects.get(public_id=game_id)
    types = list(game.events.values_list("type", flat=True))
    assert types[:2] == ["chance", "chance"]  # cities, then the deal
    assert types.count("decision") == 2  # both bots picked their first draft card
    assert body["waiting_for"] == [0] and body["submitted"] == [1, 2]
    assert Seat.objects.get(game=game, position=0).pending_prompt == body["prompt"]["id"]
    assert GameEvent.objects.filter(game=game).count() == game.last_seq


def test_the_list_filters_mine_open_and_awaiting(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    lobby_id = create(alice).json()["id"]
    active_id = bob.post("/api/v1/games/", {"seats": 2}).json()["id"]
    bob.post(f"/api/v1/games/{active_id}/start/", {"fill_with_bots": True})

    def ids(player, list_filter):
        response = player.get(f"/api/v1/games/?filter={list_filter}")
        assert response.status_code == 200
        return [game["id"] for game in response.json()["results"]]

    assert ids(alice, "mine") == [lobby_id]
    assert ids(bob, "open") == [lobby_id]
    assert ids(alice, "open") == []
    assert ids(bob, "awaiting") == [active_id]
    assert ids(alice, "awaiting") == []
    assert_problem(alice.get("/api/v1/games/?filter=everything"), 400, "invalid_input")


def test_the_list_is_cursor_paginated(make_player, settings):
    settings.GAME_MAX_OPEN_LOBBIES = 23
    alice = make_player("alice")
    created = [create(alice).json()["id"] for _ in range(23)]
    first = alice.get("/api/v1/games/").json()
    assert len(first["results"]) == 20 and first["next"]
    second = alice.get(first["next"]).json()
    seen = [g["id"] for g in first["results"] + second["results"]]
    assert sorted(seen) == sorted(created)
    assert second["next"] is None


def test_the_game_detail_of_an_unknown_game_is_a_404_problem(make_player):
    body = assert_problem(make_player("alice").get("/api/v1/games/nope/"), 404, "game_not_found")
    assert "nope" in body["detail"]


def test_lobby_detail_has_no_view_yet(make_player):
    alice = make_player("alice")
    game = Game.objects.get(public_id=create(alice).json()["id"])
    body = alice.get(url(game)).json()
    assert body["view"] is None and body["prompt"] is None and body["round"] is None
