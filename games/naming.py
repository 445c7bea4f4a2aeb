"""What every surface calls a game: its name, or where it has none the telling one.

A game against bots is told by its player, the bots and the day it was made ("alice vs 2 bots,
28 Nov"), any other by its creator ("alice's game"). Said in the reader's language and time
zone each time it is shown, never stored: pages, emails and pushes all call this, so a game is
called the same everywhere.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext

from games.models import Game


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
    creator = shown(game.creator.username if game.creator else "")
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
