"""The lobby's "Find me a game" panel and a finished game's rematch panel, drawn where the
web's pages include them ({% find_game_panel %}, {% rematch_panel game %})."""

from __future__ import annotations

from django import template

from common.errors import DomainError
from matchmaking import rematch, selectors
from matchmaking.forms import GAME_TITLES, FindGameForm

register = template.Library()


@register.filter
def game_title(game_type: str) -> str:
    """A queue entry's game, by its name ("Khlor")."""
    return GAME_TITLES.get(game_type, game_type)


@register.inclusion_tag("matchmaking/find_game.html", takes_context=True)
def find_game_panel(context):
    request = context["request"]
    language = getattr(request, "LANGUAGE_CODE", "en")
    form = FindGameForm(initial={"language": language if language in ("en", "uk") else "en"})
    return {
        "form": form,
        "entries": selectors.waiting_entries(request.user),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("matchmaking/rematch.html", takes_context=True)
def rematch_panel(context, game):
    request = context["request"]
    try:
        state = rematch.rematch_state(public_id=game.public_id, user=request.user)
    except DomainError:  # a spectator, or a game not finished: nothing to offer
        state = None
    return {"state": state, "game": game, "csrf_token": context.get("csrf_token")}
