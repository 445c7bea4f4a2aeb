"""The player page and the leaderboard in the API: only finished games' results, a private game
listed and counted only for those who sat at it, the leaderboard only for players with enough
games."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from common import clock
from games.models import Game, Seat
from ratings import services
from ratings.standings import Standing
from tests.players import assert_problem

User = get_user_model()


def _finished(users, places, private=False, left=()):
    game = Game.objects.create(
        creator=users[0],
        num_seats=len(users),
        rules_version="1",
        status=Game.Status.FINISHED,
        private=private,
        finished_at=clock.now(),
        name="Secret table" if private else "",
    )
    for position, user in enumerate(users):
        Seat.objects.create(game=game, position=position, user=user)
    rows = [
        Standing(i, u.pk, "", place, i in left)
        for i, (u, place) in enumerate(zip(users, places, strict=True))
    ]
    services.rate_game(game, rows)
    return game


def _client(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.mark.django_db
def test_a_private_game_is_listed_only_to_those_who_sat_at_it():
    ann, bob, cat = (User.objects.create_user(username=n) for n in ("ann", "bob", "cat"))
    public = _finished([ann, bob], [1, 2])
    private = _finished([ann, bob], [2, 1], private=True)
    running = Game.objects.create(
        creator=ann, num_seats=2, rules_version="1", status=Game.Status.ACTIVE
    )
    Seat.objects.create(game=running, position=0, user=ann)

    def listed(viewer):
        body = _client(viewer).get("/api/v1/players/ann/").json()
        return body, [row["game"] for row in body["recent"]]

    for viewer in (None, cat):
        body, games = listed(viewer)
        assert games == [public.public_id]
        assert private.public_id not in str(body) and "Secret table" not in str(body)
        # The rating includes it (one number over every game); the counts do not.
        assert body["ratings"][0]["games"] == 2 and body["games"]["finished"] == 1
    for viewer in (ann, bob):
        assert listed(viewer)[1] == [private.public_id, public.public_id]
        assert listed(viewer)[0]["games"]["finished"] == 2
    body = listed(None)[0]
    assert body["games"] == {"played": 2, "in_progress": 1, "finished": 1, "left": 0}
    assert running.public_id not in str(body)
    assert body["finish_rate"] == 1.0
    assert body["recent"][0]["place"] == 1 and body["recent"][0]["change"] > 0
    assert [p["games"] for p in body["ratings"][0]["history"]] == [0, 1, 2]
    assert body["ratings"][0]["provisional"] is True


@pytest.mark.django_db
def test_leaving_shows_in_the_counts_and_the_finish_rate():
    ann, bob = (User.objects.create_user(username=n) for n in ("ann", "bob"))
    _finished([ann, bob], [1, 3], left=[1])
    _finished([ann, bob], [2, 1])
    body = _client().get("/api/v1/players/bob/").json()
    assert body["games"]["left"] == 1 and body["finish_rate"] == 0.5
    assert [row["left"] for row in body["recent"]] == [False, True]


@pytest.mark.django_db
def test_the_leaderboard_lists_only_players_with_enough_games(settings):
    settings.RATINGS_PROVISIONAL_GAMES = 2
    ann, bob, cat = (User.objects.create_user(username=n) for n in ("ann", "bob", "cat"))
    _finished([ann, bob], [1, 2])
    _finished([ann, bob], [1, 2])
    _finished([cat, ann], [2, 1])
    board = _client().get("/api/v1/ratings/khora/leaderboard/").json()
    assert board["min_games"] == 2
    assert [(row["rank"], row["username"]) for row in board["players"]] == [(1, "ann"), (2, "bob")]
    assert board["players"][0]["rating"] > board["players"][1]["rating"]


@pytest.mark.django_db
def test_unknown_players_and_game_types_are_404():
    assert_problem(_client().get("/api/v1/players/nobody/"), 404, "player_not_found")
    assert_problem(_client().get("/api/v1/ratings/chess/leaderboard/"), 404, "unknown_game")
