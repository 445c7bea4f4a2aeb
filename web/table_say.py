"""What the game page's table-say part shows (web/templates/web/partials/table_say.html): the
votes on the seats whose player's time is up, the rules that say when, and to a player whose
seat someone else plays, who plays it and since when (games.absences)."""

from __future__ import annotations

from django.conf import settings

from games.absences import comeback, seat_votes
from games.models import Game


def context(game: Game, user, me: int | None) -> dict:
    """What the page's table-say part shows to `user` (seated at `me`, or None)."""
    if game.status != Game.Status.ACTIVE:
        return {"say": None}
    people = [seat for seat in game.seats.all() if seat.user_id and not seat.is_bot]
    replaced = comeback.replaced_seats(user, game) if user.is_authenticated else []
    if len(people) < 2 and not replaced:
        return {"say": None}  # a game against bots: nobody to vote
    mine = next((seat for seat in people if seat.position == me), None)
    votes = seat_votes.votes_of_game(game)
    for entry in votes:
        entry["mine"] = mine is not None and entry["seat"] == mine.position
        entry["voted"] = user.is_authenticated and user.username in entry["voters"]
        # Only a player at the table votes: not the one voted on, not one a bot plays for.
        entry["can_vote"] = bool(mine and not mine.autoplay and not entry["mine"])
    return {
        "say": {
            "votes": [entry for entry in votes if entry["open"] and not entry["mine"]],
            "replaced": replaced[0] if replaced else None,
            "rules": {
                "automatic_days": min(
                    settings.HOLIDAY_AUTOMATIC_MAX_DAYS, settings.HOLIDAY_MAX_DAYS_IN_A_ROW
                ),
                "announced_days": settings.HOLIDAY_MAX_DAYS_IN_A_ROW,
                "misses": settings.GAME_BOT_AFTER_MISSES,
                "step_hours": game.step_hours,
            },
        }
    }
