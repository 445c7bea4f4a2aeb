"""The ratings' one act: rate a finished game, inside the transaction that records its end (or
the recomputation's). Ratings of one game type are locked in user order, so two games ending at
once with a player in common are applied one after the other, and the ledger's order
(RatedGame's id, taken under those locks) is the order they were applied in."""

from __future__ import annotations

from django.db import transaction

from common import clock
from games.models import Game
from ratings import bands, skill
from ratings.models import RatedGame, Rating, RatingChange
from ratings.standings import Standing


def rate_game(game: Game, standings: list[Standing], at=None) -> RatedGame | None:
    """Move the ratings of the game's players by its result, in the game type and in its
    player-count band (ratings/bands.py); None when there is nobody to rate (bots only) or it
    was rated already (the ledger has one row per game)."""
    people = sorted({s.user_id for s in standings if s.user_id is not None})
    if not people or len(standings) < 2:
        return None
    at = at or clock.now()
    keys = [game.game_type]
    band = bands.band_key(game.game_type, len(standings))
    if band is not None:
        keys.append(band)
    with transaction.atomic():
        # Locked key by key (the game type's first), each in user order: the same order for
        # every game, so two games ending at once never wait on each other in a circle.
        ratings = {key: _locked_ratings(key, people, at) for key in keys}
        if RatedGame.objects.filter(game=game).exists():
            return None
        rated = RatedGame.objects.create(
            game=game, game_type=game.game_type, players=len(standings), rated_at=at
        )
        changes = []
        for key in keys:
            changes += _apply(rated, key, ratings[key], standings, at)
        RatingChange.objects.bulk_create(changes)
    return rated


def _locked_ratings(key: str, people: list[int], at) -> dict[int, Rating]:
    Rating.objects.bulk_create(
        [
            Rating(
                user_id=user_id,
                game_type=key,
                mu=skill.INITIAL[0],
                sigma=skill.INITIAL[1],
                updated_at=at,
            )
            for user_id in people
        ],
        ignore_conflicts=True,
    )
    return {
        rating.user_id: rating
        for rating in Rating.objects.select_for_update()
        .filter(game_type=key, user_id__in=people)
        .order_by("user_id")
    }


def _apply(
    rated: RatedGame, key: str, ratings: dict[int, Rating], standings: list[Standing], at
) -> list[RatingChange]:
    """Move the ratings of one key by the game's places; return the changes to write."""
    entrants = [
        (ratings[s.user_id].mu, ratings[s.user_id].sigma)
        if s.user_id is not None
        else skill.bot_rating(s.bot_level)
        for s in standings
    ]
    after = skill.rate(entrants, [s.place for s in standings])
    changes = []
    for standing, before, (mu, sigma) in zip(standings, entrants, after, strict=True):
        if standing.user_id is None:
            continue
        rating = ratings[standing.user_id]
        rating.mu, rating.sigma = mu, sigma
        rating.games += 1
        rating.updated_at = at
        rating.save(update_fields=["mu", "sigma", "games", "updated_at"])
        changes.append(
            RatingChange(
                rated_game=rated,
                user_id=standing.user_id,
                game_type=key,
                position=standing.position,
                place=standing.place,
                left=standing.left,
                mu_before=before[0],
                sigma_before=before[1],
                mu=mu,
                sigma=sigma,
                games=rating.games,
                at=at,
            )
        )
    return changes
