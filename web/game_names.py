"""How a finished game ended for its player: the lobby says when it ended and where the reader
placed. What a game is called is games.naming's, shared with the emails and pushes."""

from __future__ import annotations

from django.core.cache import cache
from django.utils.translation import gettext, pgettext_lazy

from games import selectors
from games.models import Game
from games.naming import short_day

# The places a game of 2-4 seats has; a larger one would fall back to the bare number.
PLACES = {
    1: pgettext_lazy("place", "1st"),
    2: pgettext_lazy("place", "2nd"),
    3: pgettext_lazy("place", "3rd"),
    4: pgettext_lazy("place", "4th"),
}
# A finished game's ranking never changes: kept so the lobby does not replay the game again.
RANKING_SECONDS = 7 * 24 * 3600


def place_of(game: Game, seat: int | None) -> tuple[int, bool] | None:
    """Where `seat` placed in the finished game, and whether the place is shared."""
    if seat is None:
        return None
    key = f"final-ranking:{game.public_id}:{game.rules_version}"
    ranking = cache.get(key)
    if ranking is None:
        ranking = selectors.final_ranking(game)
        cache.set(key, ranking, RANKING_SECONDS)
    for entry in ranking:
        if seat in entry["seats"]:
            return entry["place"], len(entry["seats"]) > 1
    return None


def how_it_ended(game: Game, seat: int | None) -> str:
    """ "2nd of 3, 26 Nov": the reader's place among the seats and the day the game ended."""
    day = short_day(game.finished_at or game.updated_at)
    placed = place_of(game, seat)
    if placed is None:
        return gettext("ended %(day)s") % {"day": day}
    place, shared = placed
    values = {"place": str(PLACES.get(place, place)), "count": game.num_seats, "day": day}
    if shared:
        return gettext("%(place)s of %(count)s (shared), %(day)s") % values
    return gettext("%(place)s of %(count)s, %(day)s") % values
