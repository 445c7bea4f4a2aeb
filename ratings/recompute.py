"""Recompute every rating from the finished games: forget them all, then rate each finished
game again from its log, in the order they were first applied (the ledger's), then any finished
game never rated (ended before ratings existed) by the time it ended. The same games in the
same order give the same numbers: the arithmetic has no randomness and reads nothing else.
Then it keeps the seat records (city, answer times) of every finished game that has none."""

from __future__ import annotations

from django.db import connection, transaction

from games import selectors as game_selectors
from games.models import Game
from ratings import records, services
from ratings.models import RatedGame, Rating, RatingChange
from ratings.standings import standings


def recompute_all() -> int:
    """Rate every finished game again; return how many games were rated."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            # No game may be rated live meanwhile: its row would be deleted or out of order.
            with connection.cursor() as cursor:
                cursor.execute(f"LOCK TABLE {RatedGame._meta.db_table} IN EXCLUSIVE MODE")
        ledger = list(RatedGame.objects.order_by("id").values_list("game_id", "rated_at"))
        known = {game_id for game_id, _ in ledger}
        unrated = (
            Game.objects.filter(status=Game.Status.FINISHED)
            .exclude(id__in=known)
            .order_by("finished_at", "id")
            .values_list("id", "finished_at")
        )
        order = ledger + list(unrated)
        RatingChange.objects.all().delete()
        RatedGame.objects.all().delete()
        Rating.objects.all().delete()
        count = 0
        for game_id, at in order:
            game = Game.objects.filter(id=game_id, status=Game.Status.FINISHED).first()
            if game is None:
                continue
            seats = list(game.seats.all())
            ranking = game_selectors.final_ranking(game)
            if services.rate_game(game, standings(game, seats, ranking), at=at):
                count += 1
    unrecorded = Game.objects.filter(status=Game.Status.FINISHED, seat_records__isnull=True)
    for game_id in unrecorded.values_list("id", flat=True).distinct():
        records.record_game(game_id)
    return count
