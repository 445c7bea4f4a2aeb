"""The matchmaking's web actions: find me a game, leave a queue, rematch. Each parses, calls
one service and goes back to the page it came from with a message."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import DomainError
from matchmaking import rematch, services
from matchmaking.forms import FindGameForm
from matchmaking.words import refusal_text


@login_required
@require_POST
def find_game(request):
    form = FindGameForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("No game was looked for: check the terms and try again."))
        return redirect("web:home")
    try:
        entry = services.entry_join(user=request.user, **form.cleaned_data)
    except DomainError as error:
        messages.error(request, refusal_text(error.code, error.message))
        return redirect("web:home")
    if entry.game is not None:
        messages.success(request, _("Players found: your game has started."))
        return redirect("web:game", public_id=entry.game.public_id)
    messages.success(request, _("You are in the queue; we will email you when the game starts."))
    return redirect("web:home")


@login_required
@require_POST
def leave(request, entry_id: int):
    try:
        services.entry_leave(user=request.user, entry_id=entry_id)
    except DomainError as error:
        messages.error(request, refusal_text(error.code, error.message))
    else:
        messages.success(request, _("You left the queue."))
    return redirect("web:home")


@login_required
@require_POST
def rematch_accept(request, public_id: str):
    try:
        state = rematch.rematch_accept(public_id=public_id, user=request.user)
    except DomainError as error:
        messages.error(request, refusal_text(error.code, error.message))
        return redirect("web:home")
    if state["new_game"]:
        return redirect("web:game", public_id=state["new_game"])
    messages.success(request, _("Rematch asked: it starts when every player accepts."))
    return redirect("web:game", public_id=public_id)
