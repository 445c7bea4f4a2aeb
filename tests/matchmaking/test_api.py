"""The matchmaking API: entries listed, joined and left; rematches; problem+json refusals."""

from __future__ import annotations

from games.models import Game
from matchmaking.models import RematchOffer
from tests.players import assert_problem, start_game

ENTRIES = "/api/v1/matchmaking/entries/"
BODY = {"players": 2, "step_hours": 24, "language": "en"}


def test_join_list_match_and_leave(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    created = ann.post(ENTRIES, BODY)
    assert created.status_code == 201, created.content
    entry = created.json()
    assert entry["status"] == "waiting" and entry["game"] is None and entry["players"] == 2
    assert [e["id"] for e in ann.get(ENTRIES).json()["entries"]] == [entry["id"]]
    other = ann.post(ENTRIES, BODY | {"players": None, "step_hours": 12})
    assert other.status_code == 201
    assert ann.client.delete(f"{ENTRIES}{other.json()['id']}/").status_code == 204
    matched = ben.post(ENTRIES, BODY)
    assert matched.json()["status"] == "matched"
    game = matched.json()["game"]
    assert ben.get(f"/api/v1/games/{game}/").json()["status"] == "active"
    assert ann.get(ENTRIES).json()["entries"] == []


def test_bad_terms_are_refused_saying_what_is_accepted(make_player):
    ann = make_player("ann")
    bad = assert_problem(ann.post(ENTRIES, BODY | {"step_hours": 25}), 400, "invalid_input")
    assert "12, 24, 48, 72" in bad["errors"]["step_hours"][0]
    bad = assert_problem(ann.post(ENTRIES, BODY | {"players": 5}), 400, "invalid_input")
    assert "players" in bad["errors"]
    bad = assert_problem(ann.post(ENTRIES, BODY | {"players": "2"}), 400, "invalid_input")
    assert bad["errors"]["players"] == ["Must be an integer."]
    bad = assert_problem(ann.post(ENTRIES, BODY | {"language": "fr"}), 400, "invalid_input")
    assert "language" in bad["errors"]
    bad = assert_problem(ann.post(ENTRIES, BODY | {"band": 3}), 400, "invalid_input")
    assert "band" in bad["errors"]
    assert_problem(ann.post(ENTRIES, BODY | {"rating_band": 0}), 400, "invalid_input")
    ann.post(ENTRIES, BODY)
    assert_problem(ann.post(ENTRIES, BODY), 409, "already_waiting")
    assert_problem(ann.client.delete(f"{ENTRIES}999999/"), 404, "entry_not_found")


def test_leaving_someone_elses_entry_is_not_found(make_player, anonymous):
    ann, ben = make_player("ann"), make_player("ben")
    entry = ann.post(ENTRIES, BODY | {"players": 3}).json()
    assert_problem(ben.client.delete(f"{ENTRIES}{entry['id']}/"), 404, "entry_not_found")
    assert_problem(anonymous.get(ENTRIES), 401, "not_authenticated")


def test_a_rematch_starts_when_every_player_accepts_with_the_bots_reseated(make_player):
    ann, ben, cat = make_player("ann"), make_player("ben"), make_player("cat")
    old = start_game([ann, ben], seats=3, city_selection="random")  # a bot in seat 2
    path = f"/api/v1/games/{old.public_id}/rematch/"
    assert_problem(ann.post(path), 409, "game_not_finished")
    Game.objects.filter(pk=old.pk).update(status=Game.Status.FINISHED)
    assert_problem(cat.post(path), 403, "not_seated")
    assert ann.get(path).json()["status"] == "none"
    asked = ann.post(path).json()
    assert asked["status"] == "open" and asked["you_accepted"] and asked["new_game"] is None
    assert asked["players"] == [
        {"username": "ann", "accepted": True},
        {"username": "ben", "accepted": False},
    ]
    assert asked["bots"] == ["standard"]
    assert ann.post(path).json()["status"] == "open"  # asking again changes nothing
    started = ben.post(path).json()
    assert started["status"] == "started"
    new = Game.objects.get(public_id=started["new_game"])
    assert new.status == Game.Status.ACTIVE and new.options == old.options
    seats = list(new.seats.order_by("position").values_list("user__username", "bot_level"))
    assert seats == [("ann", ""), (None, "standard"), ("ben", "")]  # games seats bots next
    assert ann.get(path).json()["new_game"] == new.public_id
    assert ben.post(path).json()["new_game"] == new.public_id  # one rematch, not two
    assert RematchOffer.objects.count() == 1 and Game.objects.count() == 2
