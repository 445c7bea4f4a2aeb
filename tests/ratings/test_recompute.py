"""A game that ends is rated in the transaction that records its end, and recomputing every
rating from the finished games gives the same numbers again."""

from django.core.management import call_command

from games.models import Game
from ratings.models import RatedGame, Rating, RatingChange
from tests.games.api.test_log_and_state import finish_by_random_play
from tests.players import start_game


def _numbers():
    ratings = sorted(Rating.objects.values_list("user__username", "mu", "sigma", "games"))
    history = sorted(
        RatingChange.objects.values_list(
            "rated_game__game_id", "user__username", "place", "left", "mu", "sigma", "at"
        )
    )
    return ratings, history


def test_the_end_rates_the_game_and_a_recomputation_gives_the_same_numbers(make_player):
    ann, bob = make_player("ann"), make_player("bob")
    game = finish_by_random_play(start_game([ann, bob], seats=3), [ann, bob])
    assert game.status == Game.Status.FINISHED
    rated = RatedGame.objects.get(game=game)
    assert rated.players == 3
    live = _numbers()
    assert [row[0] for row in live[0]] == ["ann", "bob"] and all(row[3] == 1 for row in live[0])

    Rating.objects.update(mu=0.0, sigma=1.0, games=7)  # what the recomputation must undo
    call_command("recompute_ratings", verbosity=0)
    assert _numbers() == live
    call_command("recompute_ratings", verbosity=0)
    assert _numbers() == live
