"""Ratings move by a game's result: 2, 3 and 4 players with shared places, bots at their fixed
ratings, those who left ranked last, a game of bots alone rating nobody, a game rated once."""

import pytest
from django.contrib.auth import get_user_model

from games.absences.models import Substitution
from games.models import Game, Seat
from ratings import services, skill
from ratings.models import RatedGame, Rating, RatingChange
from ratings.standings import Standing, standings

User = get_user_model()
INITIAL = skill.INITIAL


def _users(*names):
    return [User.objects.create_user(username=name) for name in names]


def _game(creator, seats: int) -> Game:
    return Game.objects.create(
        creator=creator, num_seats=seats, rules_version="1", status=Game.Status.ACTIVE
    )


def _rate(game, places, users, left=(), bots=None):
    bots = bots or {}
    rows = []
    for position, place in enumerate(places):
        user = users[position] if position < len(users) and position not in bots else None
        rows.append(
            Standing(
                position, user.pk if user else None, bots.get(position, ""), place, position in left
            )
        )
    return services.rate_game(game, rows)


def _rating(user):
    rating = Rating.objects.get(user=user, game_type="khora")
    return rating.mu, rating.sigma


@pytest.mark.django_db
def test_two_players_winner_rises_loser_falls_and_a_shared_win_moves_neither_mean():
    ann, bob = _users("ann", "bob")
    _rate(_game(ann, 2), [2, 1], [ann, bob])
    assert _rating(bob)[0] > INITIAL[0] > _rating(ann)[0]
    assert _rating(ann)[1] < INITIAL[1]

    cat, dan = _users("cat", "dan")
    _rate(_game(cat, 2), [1, 1], [cat, dan])
    assert _rating(cat) == _rating(dan)
    assert _rating(cat)[0] == pytest.approx(INITIAL[0]) and _rating(cat)[1] < INITIAL[1]


@pytest.mark.django_db
def test_three_players_with_two_sharing_the_victory():
    ann, bob, cat = _users("ann", "bob", "cat")
    _rate(_game(ann, 3), [1, 2, 1], [ann, bob, cat])
    assert _rating(ann) == pytest.approx(_rating(cat))
    assert _rating(ann)[0] > INITIAL[0] > _rating(bob)[0]
    changes = RatingChange.objects.filter(game_type="khora").order_by("position")
    assert [c.place for c in changes] == [1, 2, 1]
    assert all(c.games == 1 and not c.left for c in changes)


@pytest.mark.django_db
def test_four_players_order_their_means_by_place_and_ties_share_one():
    users = _users("ann", "bob", "cat", "dan")
    _rate(_game(users[0], 4), [3, 1, 2, 2], users)
    mus = {u.username: _rating(u)[0] for u in users}
    assert mus["cat"] == pytest.approx(mus["dan"])
    assert mus["bob"] > mus["cat"] > mus["ann"]
    assert Rating.objects.filter(game_type="khora", games=1).count() == 4
    # The band of four seats has a rating of its own, moved alike by its first game.
    band = {r.user.username: r.mu for r in Rating.objects.filter(game_type="khora/4")}
    assert band == pytest.approx(mus)
    assert RatingChange.objects.filter(game_type="khora/4").count() == 4


@pytest.mark.django_db
def test_one_who_left_is_ranked_last_below_everyone_who_stayed():
    ann, bob, cat = _users("ann", "bob", "cat")
    game = _game(ann, 3)
    seats = [
        Seat.objects.create(game=game, position=0, user=ann),
        Seat.objects.create(game=game, position=1, user=bob, autoplay=True),  # a bot plays it
        Seat.objects.create(game=game, position=2, user=cat),
    ]
    # bob's bot won the game for him; he left, so he is last, below cat's third place.
    rows = standings(game, seats, [{"place": 1, "seats": [1]}, {"place": 2, "seats": [0, 2]}])
    assert [(r.place, r.left) for r in rows] == [(2, False), (4, True), (2, False)]
    services.rate_game(game, rows)
    assert _rating(ann) == pytest.approx(_rating(cat))
    assert _rating(bob)[0] < INITIAL[0] < _rating(ann)[0]
    assert RatingChange.objects.get(user=bob, game_type="khora").left


@pytest.mark.django_db
def test_a_seat_handed_to_a_substitute_counts_for_its_first_player_who_left():
    ann, bob, sub = _users("ann", "bob", "sub")
    game = _game(ann, 2)
    seats = [
        Seat.objects.create(game=game, position=0, user=ann),
        Seat.objects.create(game=game, position=1, user=sub),
    ]
    Substitution.objects.create(game=game, position=1, original=bob, substitute=sub, from_seq=9)
    rows = standings(game, seats, [{"place": 1, "seats": [1]}, {"place": 2, "seats": [0]}])
    assert [(r.user_id, r.place, r.left) for r in rows] == [(ann.pk, 2, False), (bob.pk, 3, True)]
    services.rate_game(game, rows)
    assert not Rating.objects.filter(user=sub).exists()


@pytest.mark.django_db
def test_bots_enter_at_their_level_and_are_never_rated():
    ann, bob = _users("ann", "bob")
    _rate(_game(ann, 2), [1, 2], [ann], bots={1: "random"})
    _rate(_game(bob, 2), [1, 2], [bob], bots={1: "strong"})
    # Beating a strong bot is worth more than beating a random one.
    assert _rating(bob)[0] > _rating(ann)[0] > INITIAL[0]
    assert Rating.objects.filter(game_type="khora").count() == 2
    assert _rate(_game(ann, 2), [1, 2], [], bots={0: "random", 1: "strong"}) is None
    assert RatedGame.objects.count() == 2


@pytest.mark.django_db
def test_a_game_is_rated_once():
    ann, bob = _users("ann", "bob")
    game = _game(ann, 2)
    assert _rate(game, [1, 2], [ann, bob]) is not None
    before = _rating(ann)
    assert _rate(game, [1, 2], [ann, bob]) is None
    assert _rating(ann) == before and Rating.objects.get(user=ann, game_type="khora").games == 1


def test_the_shown_rating_is_conservative():
    assert skill.conservative(*INITIAL) == pytest.approx(0.0)
    assert skill.conservative(30.0, 2.0) == 24.0


@pytest.mark.django_db
def test_a_failing_rating_leaves_the_game_to_end_unrated(monkeypatch, caplog):
    from types import SimpleNamespace

    from ratings import listening

    ann, bob = _users("ann", "bob")
    game = _game(ann, 2)
    seats = [Seat.objects.create(game=game, position=i, user=u) for i, u in enumerate([ann, bob])]
    ranking = [{"place": 1, "seats": [0]}, {"place": 2, "seats": [1]}]
    event = SimpleNamespace(
        ends_now=True,
        game=game,
        seats=seats,
        state=None,
        rules=SimpleNamespace(scores=lambda state: {"ranking": ranking}),
    )

    def broken(entrants, places):
        raise ValueError("a bug in the arithmetic")

    monkeypatch.setattr(skill, "rate", broken)
    listening.game_written(event)  # raises nothing: the game's end goes on
    assert not RatedGame.objects.exists() and not Rating.objects.exists()
    assert "ended unrated" in caplog.text
    monkeypatch.undo()
    listening.game_written(event)
    assert RatedGame.objects.filter(game=game).exists()
    assert _rating(ann)[0] > _rating(bob)[0]
