"""The reads of ratings: a player's page and a game type's leaderboard.

They tell only finished games' results (public once a game is over); a private game is listed
only to a viewer who sat at it, and shows to anyone else only in the counts and the rating.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import F, Q

from common.errors import DomainError
from games.models import Game, Seat
from ratings import skill
from ratings.models import Rating, RatingChange

RECENT = 10  # the recent games a page lists
HISTORY = 60  # the points of a rating's history


def player_not_found(username: str) -> DomainError:
    return DomainError("player_not_found", f"There is no player named {username!r}.", 404)


def _shown(mu: float, sigma: float) -> float:
    return round(skill.conservative(mu, sigma), 2)


def _rating(rating: Rating) -> dict[str, Any]:
    changes = list(
        RatingChange.objects.filter(user_id=rating.user_id, game_type=rating.game_type)
        .order_by("-rated_game_id")
        .values_list("mu", "sigma", "games")[:HISTORY]
    )
    history = [{"games": 0, "rating": _shown(*skill.INITIAL)}] if len(changes) < HISTORY else []
    history += [{"games": games, "rating": _shown(mu, sigma)} for mu, sigma, games in changes[::-1]]
    return {
        "game_type": rating.game_type,
        "rating": _shown(rating.mu, rating.sigma),
        "mu": round(rating.mu, 3),
        "sigma": round(rating.sigma, 3),
        "games": rating.games,
        "provisional": rating.games < settings.RATINGS_PROVISIONAL_GAMES,
        "history": history,
    }


def _recent(user, viewer) -> list[dict[str, Any]]:
    changes = RatingChange.objects.filter(user=user).select_related("rated_game__game")
    if viewer is None or not viewer.is_authenticated:
        changes = changes.filter(rated_game__game__private=False)
    elif viewer.pk != user.pk:
        sat = Seat.objects.filter(user=viewer).values("game_id")
        changes = changes.filter(
            Q(rated_game__game__private=False) | Q(rated_game__game_id__in=sat)
        )
    rows = []
    for change in changes.order_by("-rated_game_id")[:RECENT]:
        game = change.rated_game.game
        rows.append(
            {
                "game": game.public_id,
                "name": game.name,
                "game_type": change.game_type,
                "finished_at": game.finished_at,
                "players": change.rated_game.players,
                "place": change.place,
                "left": change.left,
                "rating": _shown(change.mu, change.sigma),
                "change": round(
                    _shown(change.mu, change.sigma) - _shown(change.mu_before, change.sigma_before),
                    2,
                ),
            }
        )
    return rows


def player_profile(username: str, viewer) -> dict[str, Any]:
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise player_not_found(username)
    finished = RatingChange.objects.filter(user=user).count()
    left = RatingChange.objects.filter(user=user, left=True).count()
    playing = Seat.objects.filter(user=user, game__status=Game.Status.ACTIVE).count()
    return {
        "username": user.username,
        "ratings": [_rating(r) for r in Rating.objects.filter(user=user).order_by("game_type")],
        "games": {"in_progress": playing, "finished": finished, "left": left},
        "finish_rate": round((finished - left) / finished, 3) if finished else None,
        "recent": _recent(user, viewer),
    }


def leaderboard(game_type: str, limit: int = 100) -> dict[str, Any]:
    least = settings.RATINGS_PROVISIONAL_GAMES
    ratings = (
        Rating.objects.filter(game_type=game_type, games__gte=least, user__is_active=True)
        .annotate(shown=F("mu") - 3 * F("sigma"))
        .order_by("-shown", "user__username")
        .select_related("user")[:limit]
    )
    return {
        "game_type": game_type,
        "min_games": least,
        "players": [
            {
                "rank": rank,
                "username": rating.user.username,
                "rating": _shown(rating.mu, rating.sigma),
                "games": rating.games,
            }
            for rank, rating in enumerate(ratings, start=1)
        ],
    }
