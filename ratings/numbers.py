"""A player's numbers as one viewer may see them: the counts of games, by player count too, the
answer time and the favourite cities. Each costs a query or two, whatever the number of games.

A private game counts only for viewers who sat at it (and the player themselves): to anyone
else the player's counts, answer time and cities are those of their other games, so that no
number moves when a private game ends. The rating is the one exception (ratings.md).
"""

from __future__ import annotations

import statistics
from typing import Any

from django.db.models import Count, Q

from games.models import Game, Seat
from ratings import bands
from ratings.models import RatingChange, SeatRecord

RECORDS = 50  # the latest games whose answers the answer time is taken over
CITIES = 3  # the favourite cities a page names


def shown_games(user, viewer, prefix: str = "") -> Q:
    """The games of `user` that `viewer` may count: all for the player themselves, else the
    public ones and the private ones the viewer sat at. `prefix`: the path to the game."""
    if viewer is not None and viewer.is_authenticated and viewer.pk == user.pk:
        return Q()
    public = Q(**{f"{prefix}private": False})
    if viewer is None or not viewer.is_authenticated:
        return public
    sat = Seat.objects.filter(user=viewer).values("game_id")
    return public | Q(**{f"{prefix}id__in": sat})


def game_counts(user, viewer) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """The counts of games (in progress, finished, left) and those by player count."""
    rows = (
        RatingChange.objects.filter(bands.OWN_KEYS, user=user)
        .filter(shown_games(user, viewer, "rated_game__game__"))
        .values("game_type", "rated_game__players")
        .annotate(
            n_finished=Count("id"),
            n_left=Count("id", filter=Q(left=True)),
            n_won=Count("id", filter=Q(place=1, left=False)),
        )
        .order_by("game_type", "rated_game__players")
    )
    by_count = [
        {
            "game_type": row["game_type"],
            "players": row["rated_game__players"],
            "finished": row["n_finished"],
            "won": row["n_won"],
            "left": row["n_left"],
        }
        for row in rows
    ]
    playing = (
        Seat.objects.filter(user=user, game__status=Game.Status.ACTIVE)
        .filter(shown_games(user, viewer, "game__"))
        .count()
    )
    finished = sum(row["finished"] for row in by_count)
    counts = {
        "played": playing + finished,
        "in_progress": playing,
        "finished": finished,
        "left": sum(row["left"] for row in by_count),
    }
    return counts, by_count


def answer_time(user, viewer) -> dict[str, Any]:
    """The median of the player's own answer times over their latest RECORDS games."""
    lists = list(
        SeatRecord.objects.filter(user=user)
        .filter(shown_games(user, viewer, "game__"))
        .order_by("-game__finished_at", "-game_id")
        .values_list("answer_seconds", flat=True)[:RECORDS]
    )
    answers = [seconds for times in lists for seconds in times]
    return {
        "median_seconds": round(statistics.median(answers)) if answers else None,
        "answers": len(answers),
        "games": len(lists),
    }


def favourite_cities(user, viewer) -> list[dict[str, Any]]:
    """The cities the player played most often, most played first (ties by name)."""
    rows = (
        SeatRecord.objects.filter(user=user)
        .exclude(city="")
        .filter(shown_games(user, viewer, "game__"))
        .values("city")
        .annotate(games=Count("id"))
        .order_by("-games", "city")[:CITIES]
    )
    return [{"city": row["city"], "games": row["games"]} for row in rows]
