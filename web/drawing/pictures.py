"""The pictures a page shows, added to the context `web.presenters.table` built from the
engine's view for the page's viewer: a city board per player, the exploration map, the event
with the decks and achievements, and (once the game is over) the score chart."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games import selectors
from games.models import Game
from web.drawing.chart import score_chart
from web.drawing.city import city
from web.drawing.decks import decks
from web.drawing.exploration import exploration


def add_pictures(context: dict[str, Any], view: dict, names: list[str], lang: str) -> None:
    for player in context["players"]:
        player["picture"] = city(
            view["players"][player["seat"]], player["name"], lang, key=f"city-{player['seat']}"
        )
    context["exploration_picture"] = exploration(view, lang, key="explore-pic")
    context["decks_picture"] = decks(view, names, lang, key="decks-pic")


def chart(game: Game, viewer: int | None, names: list[str], at_round: int | None = None):
    """The score chart of a finished game (empty before it is over)."""
    if game.status != Game.Status.FINISHED:
        return ""
    found = selectors.score_rounds(game, viewer)
    points = [{"label": str(r["round"]), "vp": r["vp"]} for r in found["rounds"]]
    points.append({"label": _("final"), "vp": found["final"]})
    return score_chart(points, names, key="score-chart", at_round=at_round)
