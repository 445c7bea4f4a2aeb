"""The game page's part of the table's say (games.absences.seat_votes): the votes to let a bot
play the seat of a player whose time is up, the rules that say when, and, for a player whose
seat someone else plays, who plays it, since when and the button that takes it back.

Each form works as a plain POST (redirect back) and with htmx (the table comes back at once),
as the page's other forms.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import DomainError
from games.absences import comeback, seat_votes
from web.views.game import _after_write


def _refusal(error: DomainError) -> str:
    friendly = {
        "time_not_up": _("Their time to answer is not up yet."),
        "nothing_owed": _("This player owes no answer now."),
        "pause_running": _("The game is paused: nobody's time runs."),
        "not_seated": _("Only the players at the table can do that."),
        "seat_not_bot_played": _("No bot plays your seat: it is yours."),
        "substitute_plays": _(
            "A substitute plays your seat; it comes back to you when they leave it."
        ),
        "game_not_active": _("The game is not in progress."),
    }
    return friendly.get(error.code) or error.message


def _act(request, public_id: str, action, done: str):
    try:
        action()
    except DomainError as error:
        if error.status == 404:
            raise Http404 from None
        return _after_write(request, public_id, _refusal(error))
    if not request.htmx:
        messages.success(request, done)
    return _after_write(request, public_id)


@login_required
@require_POST
def vote(request, public_id: str, position: int):
    return _act(
        request,
        public_id,
        lambda: seat_votes.vote(public_id=public_id, user=request.user, position=position),
        _("Your vote is counted: a bot plays the seat once most of the table agrees."),
    )


@login_required
@require_POST
def take_back(request, public_id: str):
    return _act(
        request,
        public_id,
        lambda: comeback.take_back(public_id=public_id, user=request.user),
        _("Your seat is yours again: no bot plays for you."),
    )
