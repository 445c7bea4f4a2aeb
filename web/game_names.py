"""What the pages call a game and how a finished one ended for its player.

A game without a name given is told by who plays it: a game against bots by its player, the
bots and the day it was made ("alice vs 2 bots, 28 Nov"), any other by its creator ("alice's
game"). Said in the page's language each time it is shown, never stored, so each reader reads
it in their own. A finished game in the lobby says when it ended and where the reader placed.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.cache import cache
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

from games import selectors
from games.models import Game

# The places a game of 2-4 seats has; a larger one would fall back to the bare number.
PLACES = {
    1: pgettext_lazy("place", "1st"),
    2: pgettext_lazy("place", "2nd"),
    3: pgettext_lazy("place", "3rd"),
    4: pgettext_lazy("place", "4th"),
}
# A finished game's ranking never changes: kept so the lobby does not replay the game again.
RANKING_SECONDS = 7 * 24 * 3600


def short_day(moment) -> str:
    """A day as the lists show it ("28 Nov", "28 листопада"), in the reader's time zone."""
    # Django's Ukrainian "M" is a bare capitalised "Лис": the month's genitive reads right.
    return date_format(timezone.localtime(moment), pgettext("short day, a date format", "j M"))


def game_title(game: Game) -> str:
    """The game's name, or where it has none the telling one (see the module's doc)."""
    return _title(game, str)


def game_title_html(game: Game) -> SafeString:
    """`game_title` for a template: the names escaped, the sentence's own apostrophe not."""
    return mark_safe(_title(game, conditional_escape))  # each value escaped


def _title(game: Game, shown: Callable[[str], str]) -> str:
    if game.name:
        return shown(game.name)
    creator = shown(game.creator.username)
    bots = [seat for seat in game.seats.all() if seat.is_bot]
    if not bots:
        return gettext("%(creator)s's game") % {"creator": creator}
    values = {"creator": creator, "count": len(bots), "day": shown(short_day(game.created_at))}
    if all(seat.bot_level == "strong" for seat in bots):
        return (
            ngettext(
                "%(creator)s vs %(count)d strong bot, %(day)s",
                "%(creator)s vs %(count)d strong bots, %(day)s",
                len(bots),
            )
            % values
        )
    return (
        ngettext(
            "%(creator)s vs %(count)d bot, %(day)s",
            "%(creator)s vs %(count)d bots, %(day)s",
            len(bots),
        )
        % values
    )


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
