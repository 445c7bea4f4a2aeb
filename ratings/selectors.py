"""The reads of ratings: a player's page and a game type's leaderboard (of a player count too).

They tell only finished games' results (public once a game is over); a private game counts
only for a viewer who sat at it, and shows to anyone else only in the rating
(ratings/numbers.py). A page costs a fixed number of queries, however many games were played.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import F

from common.errors import DomainError
from ratings import bands, numbers, skill
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
    changes = (
        RatingChange.objects.filter(bands.OWN_KEYS, user=user)
        .filter(numbers.shown_games(user, viewer, "rated_game__game__"))
        .select_related("rated_game__game")
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
    ratings = list(Rating.objects.filter(user=user).order_by("game_type"))
    counts, by_count = numbers.game_counts(user, viewer)
    finished, left = counts["finished"], counts["left"]
    return {
        "username": user.username,
        "ratings": [_rating(r) for r in ratings if bands.split(r.game_type)[1] is None],
        "games": counts,
        "finish_rate": round((finished - left) / finished, 3) if finished else None,
        "bands": _bands(ratings, by_count),
        "answer_time": numbers.answer_time(user, viewer),
        "favourite_cities": numbers.favourite_cities(user, viewer),
        "recent": _recent(user, viewer),
    }


def _bands(ratings: list[Rating], by_count: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per game type and player count: the band's rating and the games the viewer may count."""
    rows: dict[tuple[str, int], dict[str, Any]] = {}
    for rating in ratings:
        game_type, players = bands.split(rating.game_type)
        if players is not None:
            rows[game_type, players] = {
                "game_type": game_type,
                "players": players,
                "rating": _shown(rating.mu, rating.sigma),
                "rated_games": rating.games,
                "provisional": rating.games < settings.RATINGS_PROVISIONAL_GAMES,
                "finished": 0,
                "won": 0,
                "left": 0,
            }
    for count in by_count:
        row = rows.get((count["game_type"], count["players"]))
        if row is not None:
            row.update(finished=count["finished"], won=count["won"], left=count["left"])
    return [rows[key] for key in sorted(rows)]


def leaderboard(game_type: str, players: int | None = None, limit: int = 100) -> dict[str, Any]:
    """The best players of a game type, or of its band of `players` seats."""
    least = settings.RATINGS_PROVISIONAL_GAMES
    key = bands.band_key(game_type, players) if players is not None else game_type
    ratings = (
        Rating.objects.filter(game_type=key, games__gte=least, user__is_active=True)
        .annotate(shown=F("mu") - 3 * F("sigma"))
        .order_by("-shown", "user__username")
        .select_related("user")[:limit]
    )
    return {
        "game_type": game_type,
        "player_count": players,
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
