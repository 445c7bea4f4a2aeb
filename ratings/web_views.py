"""The ratings' web pages: a player's page and a game type's leaderboard (read only, open to
anyone). Each parses, calls one selector and renders; the chart is drawn here from its points."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from common.errors import DomainError
from ratings import selectors, wording
from ratings.bands import BANDS
from ratings.chart import rating_chart
from ratings.serializers import GAME_TYPES

GAME_NAMES = {"khora": "Khôra"}


def player_page(request, username: str):
    try:
        profile = selectors.player_profile(username, request.user)
    except DomainError as error:
        raise Http404(_("There is no such player.")) from error
    for rating in profile["ratings"]:
        rating["name"] = GAME_NAMES.get(rating["game_type"], rating["game_type"])
        rating["chart"] = rating_chart(
            rating["history"],
            _("Rating after each rated game, from %(first)s to %(last)s")
            % {"first": rating["history"][0]["rating"], "last": rating["rating"]},
        )
    median = profile["answer_time"]["median_seconds"]
    profile["answer_time"]["words"] = wording.duration(median) if median is not None else ""
    for favourite in profile["favourite_cities"]:
        favourite["name"] = wording.city("khora", favourite["city"])
    for band in profile["bands"]:
        band["name"] = GAME_NAMES.get(band["game_type"], band["game_type"])
    return render(request, "ratings/player.html", {"profile": profile})


def leaderboard_page(request, game_type: str = "khora", players: int | None = None):
    if game_type not in GAME_TYPES:
        raise Http404(_("There is no such game type."))
    if players is not None and players not in BANDS:
        raise Http404(_("There is no leaderboard for that many players."))
    board = selectors.leaderboard(game_type, players)
    board["name"] = GAME_NAMES.get(game_type, game_type)
    return render(request, "ratings/leaderboard.html", {"board": board, "bands": BANDS})
