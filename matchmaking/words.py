"""A matchmaking refusal in the page's language (the API keeps the services' English)."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _


def refusal_text(code: str, message: str) -> str:
    friendly = {
        # terms the form cannot send (a seat count the chosen game is not played with)
        "invalid_input": _("No game was looked for: check the terms and try again."),
        "already_waiting": _("You already wait for a game like this one."),
        "too_many_entries": _("You wait in %(n)d queues, the most one player may; leave one first.")
        % {"n": settings.MATCHMAKING_MAX_ENTRIES},
        "entry_not_found": _("You have no such queue entry."),
        "entry_not_waiting": _("That entry no longer waits."),
        "not_seated": _("Only the players of the game can ask for its rematch."),
        "game_not_finished": _("A rematch is asked once the game is finished."),
    }
    return friendly.get(code, message)
