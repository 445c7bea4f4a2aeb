"""A game that ends is rated in the transaction that records its end, and recomputing every
rating from the finished games gives the same numbers again."""

import random

from django.core.management import call_command

from games import services
from games.models import Game, Seat
from games.selectors import game_get
from games.write.state_store import engine_game, load_state
from ratings.models import RatedGame, Rating, RatingChange, SeatRecord
from tests.games.api.test_log_and_state import finish_by_random_play
from tests.players import start_game


def _numbers():
    ratings = sorted(
        Rating.objects.values_list("user__username", "game_type", "mu", "sigma", "games")
    )
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
    # Each rated in the game type and in its band of three seats.
    assert [row[:2] for row in live[0]] == [
        ("ann", "khora"),
        ("ann", "khora/3"),
        ("bob", "khora"),
        ("bob", "khora/3"),
    ]
    assert all(row[4] == 1 for row in live[0])
    kept = sorted(SeatRecord.objects.values_list("user__username", "city", "answer_seconds"))
    assert [row[0] for row in kept] == ["ann", "bob"]
    SeatRecord.objects.all().delete()  # as for a game that ended while the broker was down

    Rating.objects.update(mu=0.0, sigma=1.0, games=7)  # what the recomputation must undo
    call_command("recompute_ratings", verbosity=0)
    assert _numbers() == live
    assert (
        sorted(SeatRecord.objects.values_list("user__username", "city", "answer_seconds")) == kept
    )
    call_command("recompute_ratings", verbosity=0)
    assert _numbers() == live


def test_a_player_a_bot_plays_for_at_the_end_is_rated_last_live_and_recomputed(make_player):
    ann, bob, cat = make_player("ann"), make_player("bob"), make_player("cat")
    game = start_game([ann, bob, cat])
    # bob is gone: a bot plays his seat from now on (as after missed deadlines).
    Seat.objects.filter(game=game, user=bob.user).update(autoplay=True)
    Game.objects.filter(pk=game.pk).update(needs_advance=True)
    services.game_advance(game.id)
    rng = random.Random(4)
    rules = engine_game(game)
    by_seat = {0: ann.user, 2: cat.user}
    while (game := game_get(game.public_id)).status != Game.Status.FINISHED:
        pending = {s: p for s, p in rules.pending(load_state(game)).items() if s in by_seat}
        seat, prompt = sorted(pending.items())[0]
        services.decisions_submit(
            public_id=game.public_id,
            user=by_seat[seat],
            decisions=[services.DecisionInput(prompt.id, rng.choice(prompt.options).id)],
        )
    changes = {
        c.user.username: c
        for c in RatingChange.objects.filter(game_type="khora").select_related("user")
    }
    assert changes["bob"].left and changes["bob"].place == 4
    assert not changes["ann"].left and changes["ann"].place < 4
    assert changes["bob"].mu < changes["bob"].mu_before
    live = _numbers()
    call_command("recompute_ratings", verbosity=0)
    assert _numbers() == live
