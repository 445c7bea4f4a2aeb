"""The game page's table talk forms: say something, delete one's own, hide, mute.

Each is a plain POST that redirects back to the game page (a refusal as a message there), and
with htmx answers the chat section alone, the draft kept when it was refused.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from chat import selectors, services, words
from common.errors import DomainError
from games import selectors as game_selectors
from games.models import Game


def _game(public_id: str) -> Game:
    try:
        return game_selectors.game_get(public_id)
    except DomainError:
        raise Http404(_("There is no such game.")) from None


def section_context(
    request, game: Game, error: str = "", draft: str = "", mutes_open: bool = False
) -> dict:
    signed_in = request.user.is_authenticated
    return {
        "chat_digest": selectors.wants_digest(request.user) if signed_in else False,
        "chat_mutes_open": mutes_open,
        "game": game,
        "chat": selectors.table(game, request.user),
        "chat_error": error,
        "chat_draft": draft,
        "chat_max_chars": settings.CHAT_MESSAGE_MAX_CHARS,
    }


def refusal(error: DomainError) -> str:
    """A refusal in the page's language."""
    return words.refusal_text(error.code, error.message, getattr(error, "retry_after", 0))


def _answer(request, game: Game, error: str = "", draft: str = "", mutes_open: bool = False):
    if request.htmx:
        context = section_context(request, game, error, draft, mutes_open)
        response = render(request, "chat/_chat.html", context)
        response["Cache-Control"] = "no-store"
        return response
    if error:
        messages.error(request, error)
    return redirect(reverse("web:game", args=[game.public_id]) + "#chat")


@login_required
@require_POST
def post(request, public_id: str):
    game = _game(public_id)
    draft = request.POST.get("text", "")
    try:
        services.message_post(game=game, user=request.user, raw_text=draft, via="web")
    except DomainError as error:
        return _answer(request, game, refusal(error), draft)
    return _answer(request, game)


def _message_action(request, public_id: str, message_id: int, action):
    game = _game(public_id)
    try:
        action(game=game, user=request.user, message_id=message_id)
    except DomainError as error:
        return _answer(request, game, refusal(error))
    return _answer(request, game)


@login_required
@require_POST
def delete(request, public_id: str, message_id: int):
    return _message_action(request, public_id, message_id, services.message_delete)


@login_required
@require_POST
def hide(request, public_id: str, message_id: int):
    return _message_action(request, public_id, message_id, services.message_hide)


@login_required
@require_POST
def mute(request, public_id: str):
    game = _game(public_id)
    try:
        services.mute_set(
            game=game,
            user=request.user,
            username=request.POST.get("player", "")[:150],
            muted=request.POST.get("muted", "1") != "0",
        )
    except DomainError as error:
        return _answer(request, game, refusal(error), mutes_open=True)
    return _answer(request, game, mutes_open=True)


@login_required
@require_POST
def digest(request, public_id: str):
    game = _game(public_id)
    services.digest_choose(user=request.user, digest=request.POST.get("digest") == "1")
    return _answer(request, game)
