"""The player page's numbers from real games played through the services: the answer time
(only the player's own answers, from being asked), the favourite cities, the counts by player
count with their band ratings and leaderboards, and a private game counted only for those who
sat at it. The page costs a bounded number of queries however many games were played."""

import random
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from rest_framework.test import APIClient

from common import clock
from engine.khora.catalog import city_name
from games import services
from games.models import Actor, Game, GameEvent
from games.selectors import game_get
from games.write.state_store import engine_game, load_state
from ratings import records
from ratings.models import Rating, SeatRecord
from tests.players import assert_problem, start_game
from tests.ratings.test_player_api import _finished

User = get_user_model()

ANN_TAKES, BOB_TAKES = 60, 600  # seconds each takes to answer, on the frozen clock


def _play_timed(game: Game, players, moment) -> Game:
    """Play the humans' prompts (the lowest seat first) with a seeded generator, each answer
    given its player's delay after the one before, until the game ends."""
    rng = random.Random(5)
    rules = engine_game(game)
    by_seat = {seat.position: seat.user for seat in game.seats.exclude(user=None)}
    takes = {players[0].user.pk: ANN_TAKES, players[1].user.pk: BOB_TAKES}
    while (game := game_get(game.public_id)).status != Game.Status.FINISHED:
        seat, prompt = sorted(rules.pending(load_state(game)).items())[0]
        moment += timedelta(seconds=takes[by_seat[seat].pk])
        with clock.frozen_at(moment):
            services.decisions_submit(
                public_id=game.public_id,
                user=by_seat[seat],
                decisions=[services.DecisionInput(prompt.id, rng.choice(prompt.options).id)],
            )
    return game


def _page(username, viewer=None):
    client = APIClient()
    if viewer is not None:
        client.force_authenticate(viewer)
    return client.get(f"/api/v1/players/{username}/").json()


def test_a_real_game_gives_answer_times_cities_bands_and_private_counts(make_player):
    ann, bob, cat = make_player("ann"), make_player("bob"), make_player("cat")
    started = clock.now()
    with clock.frozen_at(started):
        game = start_game([ann, bob])
    game = _play_timed(game, [ann, bob], started)

    # Kept once the end committed: one record per player.
    kept = {r.user_id: r for r in SeatRecord.objects.filter(game=game)}
    assert set(kept) == {ann.user.pk, bob.user.pk}
    final = load_state(game)
    for record in kept.values():
        assert record.city == final.players[record.position].city != ""
    # ann (seat 0) answers whenever asked, each time 60 s after being asked; bob waits for her.
    assert kept[ann.user.pk].answer_seconds and set(kept[ann.user.pk].answer_seconds) == {60}
    assert min(kept[bob.user.pk].answer_seconds) >= BOB_TAKES

    body = _page("ann")
    assert body["answer_time"] == {
        "median_seconds": 60,
        "answers": len(kept[ann.user.pk].answer_seconds),
        "games": 1,
    }
    assert body["favourite_cities"] == [{"city": kept[ann.user.pk].city, "games": 1}]
    assert body["games"] == {"played": 1, "in_progress": 0, "finished": 1, "left": 0}
    [band] = body["bands"]
    assert (band["game_type"], band["players"], band["rated_games"], band["finished"]) == (
        "khora",
        2,
        1,
        1,
    )
    assert band["won"] == (1 if body["recent"][0]["place"] == 1 else 0)
    assert Rating.objects.filter(user=ann.user, game_type="khora/2").get().games == 1

    # The band's leaderboard: only games of two seats; a count outside the bands is refused.
    client = APIClient()
    url = "/api/v1/ratings/khora/leaderboard/"
    with override_settings(RATINGS_PROVISIONAL_GAMES=1):
        two = client.get(url, {"players": 2}).json()
        assert two["player_count"] == 2
        assert {row["username"] for row in two["players"]} == {"ann", "bob"}
        assert client.get(url, {"players": 3}).json()["players"] == []
        assert client.get(url).json()["player_count"] is None
    assert_problem(client.get(url, {"players": 5}), 400, "invalid_input")
    assert_problem(client.get(url, {"players": "three"}), 400, "invalid_input")
    assert_problem(client.get(url, {"players": ""}), 400, "invalid_input")

    # The game page (its final scores and players) and the replay link to the players' pages.
    for page in (f"/games/{game.public_id}/", f"/games/{game.public_id}/replay/"):
        html = Client().get(page).content.decode()
        assert 'href="/players/ann/"' in html and 'href="/players/bob/"' in html, page

    # The player page says it in words, in English and in Ukrainian.
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get("/players/ann/").content.decode()
    assert "Answer time" in html and "1\xa0minute" in html and "Favourite cities" in html
    assert 'href="/leaderboard/khora/2/"' in html
    uk = Client(HTTP_ACCEPT_LANGUAGE="uk").get("/players/ann/").content.decode()
    assert "Час відповіді" in uk and "1\xa0хвилина" in uk and "Улюблені міста" in uk
    assert city_name(kept[ann.user.pk].city, "uk") in uk

    # Made private: it counts for those who sat at it, and moves only the rating for others.
    Game.objects.filter(pk=game.pk).update(private=True)
    for viewer in (None, cat.user):
        other = _page("ann", viewer)
        assert other["games"]["finished"] == 0 and other["finish_rate"] is None
        assert other["answer_time"]["median_seconds"] is None and other["favourite_cities"] == []
        assert other["bands"][0]["finished"] == 0 and other["recent"] == []
        assert other["ratings"][0]["games"] == 1  # the rating is one number over every game
    assert _page("ann", bob.user)["answer_time"]["median_seconds"] == 60
    assert _page("ann", ann.user)["games"]["finished"] == 1

    # Answers the server or a bot gave for bob are not his: taken again, they are left out.
    bob_rows = GameEvent.objects.filter(game=game, seat=1, type="decision", actor=Actor.PLAYER)
    GameEvent.objects.filter(pk__in=list(bob_rows.values_list("pk", flat=True)[:5])).update(
        actor=Actor.DEADLINE
    )
    before = len(kept[bob.user.pk].answer_seconds)
    SeatRecord.objects.filter(game=game).delete()
    assert records.record_game(game.pk) == 2
    again = SeatRecord.objects.get(game=game, user=bob.user)
    assert 0 < len(again.answer_seconds) < before
    assert SeatRecord.objects.get(game=game, user=ann.user).answer_seconds == (
        kept[ann.user.pk].answer_seconds
    )
    assert records.record_game(game.pk) == 0  # kept once


@pytest.mark.django_db
def test_the_page_costs_the_same_queries_for_many_games(django_assert_max_num_queries):
    ann, bob, cat = (User.objects.create_user(username=n) for n in ("ann", "bob", "cat"))
    for number in range(12):
        game = _finished([ann, bob], [1 + number % 2, 2 - number % 2], private=number % 3 == 0)
        for position, user in enumerate([ann, bob]):
            city = ("athens", "sparta", "thebes")[number % 3]
            SeatRecord.objects.create(
                game=game, user=user, position=position, city=city, answer_seconds=[30, 90]
            )
    client = APIClient()
    client.force_authenticate(cat)
    with django_assert_max_num_queries(10):
        body = client.get("/api/v1/players/ann/").json()
    # cat sat at none of the four private games: eight games count for cat.
    assert body["games"]["finished"] == 8 and body["answer_time"]["answers"] == 16
    assert body["answer_time"]["median_seconds"] == 60
    assert body["favourite_cities"] == [
        {"city": "sparta", "games": 4},
        {"city": "thebes", "games": 4},
    ]
    assert body["ratings"][0]["games"] == 12
    with django_assert_max_num_queries(10):
        assert Client().get("/players/ann/").status_code == 200
