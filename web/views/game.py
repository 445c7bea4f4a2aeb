"""The game page and its forms: the table, answering a prompt, revising a sealed choice, the
lobby buttons (join, leave, start) and stepping through a finished game.

Each form works as a plain POST (redirect back to the page) and with htmx (the table is sent
back at once). The table polls with its ETag: nothing moved, nothing sent.
"""

from __future__ import annotations

import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import prefetch_related_objects
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from chat import selectors as chat_selectors
from chat import services as chat_services
from chat.web_views import section_context
from common.errors import DomainError
from games import selectors, services
from games.absences.substitutes import substitute_links
from games.models import Game
from games.refusals import refusal_words
from notifications import attention
from web import announcements, presenters, table_say
from web.drawing import khlor_table

POLL_SECONDS = 6


def _game(public_id: str, with_seats: bool = True) -> Game:
    try:
        game = selectors.game_get(public_id)
    except DomainError:
        raise Http404(_("There is no such game.")) from None
    if with_seats:
        # The seats and their players are read several times per page (names, summary): once.
        prefetch_related_objects([game], "seats__user")
    return game


def _etag(request, game: Game, partial: bool) -> str:
    """Everything the table depends on, without replaying the game."""
    parts = [
        game.public_id,
        game.status,
        game.last_seq,
        game.updated_at.isoformat(),
        game.needs_advance,
        request.user.pk or 0,
        get_language(),
        partial,  # the table alone and the whole page are different bodies
        # The table talk rides on the same poll; it never changes the game or its API ETag.
        chat_selectors.version(game, request.user),
    ]
    return '"' + hashlib.sha256(repr(parts).encode()).hexdigest()[:32] + '"'


def _matches(request, etag: str) -> bool:
    header = request.headers.get("If-None-Match", "")
    return etag in {tag.strip().removeprefix("W/") for tag in header.split(",")}


def _seen_key(game: Game) -> str:
    return f"seen:{game.public_id}"


def table_context(request, game: Game, error: str = "", notice: str = "") -> dict:
    lang = presenters.page_language()
    detail = selectors.game_detail(game, request.user, lang, previews=True)
    last_seen = request.session.get(_seen_key(game))
    # Each game type's table has its presenter and template; Khôra's is the default.
    build = khlor_table.table if game.game_type == "khlor" else presenters.table
    context = build(game, detail, lang)
    context["table_template"] = table_template(game)
    context["history"] = presenters.history(game, detail["your_seat"], last_seen, lang)
    # The live region's news: since the table the browser had, else since the last visit.
    raw_since = request.POST.get("since") or request.GET.get("since")
    since = announcements.since_from(raw_since, game.last_seq)
    if since is None and not request.htmx:
        since = last_seen
    context["news"] = announcements.news(game, detail["your_seat"], since, lang)
    context["etag"] = _etag(request, game, partial=True)  # what the table's polls send back
    context["poll_seconds"] = POLL_SECONDS
    context["error"] = error
    context["notice"] = notice  # what a form on the table just did (a nudge sent, ...)
    context["invites"] = substitute_links(game, request.user)
    context["seated"] = context["me"] is not None
    context.update(section_context(request, game))
    context.update(table_say.context(game, request.user, context["me"]))
    # A poll's answer carries the chat's messages out of band, leaving the draft alone.
    context["chat_oob"] = bool(request.htmx)
    return context


def table_template(game: Game) -> str:
    return "web/khlor/table.html" if game.game_type == "khlor" else "web/partials/table.html"


@require_GET
def game_page(request, public_id: str):
    game = _game(public_id, with_seats=False)  # a poll that matches needs the row alone
    if request.user.is_authenticated:  # the page is open: no email need ask what it shows
        attention.page_seen(game, request.user.pk)
    etag = _etag(request, game, partial=bool(request.htmx))
    # The table's poll never shows flash messages (only a whole page does): nothing new is a
    # 204 whatever waits. A browser revalidating the whole page gets its 304 only when no
    # message waits to be shown (counting does not consume them).
    if _matches(request, etag) and (request.htmx or len(messages.get_messages(request)) == 0):
        # htmx swaps nothing on 204; a browser revalidating gets its 304.
        response = HttpResponse(status=204 if request.htmx else 304)
    else:
        prefetch_related_objects([game], "seats__user")
        context = table_context(request, game)
        if request.htmx:
            response = render(request, context["table_template"], context)
        else:
            if request.session.get(_seen_key(game)) != game.last_seq:  # no write when unchanged
                request.session[_seen_key(game)] = game.last_seq
            # What the player has read here, emails need not repeat (never on a poll: no write).
            chat_services.mark_read(game=game, user=request.user, upto=context["chat"]["newest"])
            response = render(request, "web/game.html", context)
    response["ETag"] = etag
    # The table alone is never stored: a browser must not show it as the page on a later visit.
    response["Cache-Control"] = "no-store" if request.htmx else "private, no-cache"
    patch_vary_headers(response, ["Cookie", "HX-Request"])
    return response


def _after_write(request, game_id: str, error: str = "", notice: str = ""):
    """The table again: with htmx the table alone, carrying the refusal or the confirmation;
    else a redirect to the page, which shows either as a message."""
    if request.htmx:
        game = _game(game_id)
        context = table_context(request, game, error, notice)
        response = render(request, context["table_template"], context)
        response["Cache-Control"] = "no-store"
        return response
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    return redirect("web:game", public_id=game_id)


def _refusal(error: DomainError) -> str:
    return refusal_words(error.code, error.message)


@login_required
@require_POST
def decide(request, public_id: str):
    prompt = request.POST.get("prompt", "")
    option = request.POST.get("option", "")
    if not prompt or not option:
        return _after_write(request, public_id, _("Choose one of the options."))
    try:
        services.decisions_submit(
            public_id=public_id,
            user=request.user,
            decisions=[services.DecisionInput(prompt=prompt, option=option)],
            via="page",
        )
    except DomainError as error:
        if getattr(error, "status", 400) == 404:
            raise Http404 from None
        return _after_write(request, public_id, _refusal(error))
    return _after_write(request, public_id)


@login_required
@require_POST
def revise(request, public_id: str):
    try:
        services.decision_revise(public_id=public_id, user=request.user)
    except DomainError as error:
        if getattr(error, "status", 400) == 404:
            raise Http404 from None
        return _after_write(request, public_id, _refusal(error))
    return _after_write(request, public_id)


def _lobby_action(request, public_id: str, action) -> HttpResponse:
    try:
        action()
    except DomainError as error:
        if getattr(error, "status", 400) == 404:
            raise Http404 from None
        messages.error(request, _refusal(error))
    return redirect("web:game", public_id=public_id)


@login_required
@require_POST
def join(request, public_id: str):
    return _lobby_action(
        request, public_id, lambda: services.game_join(public_id=public_id, user=request.user)
    )


@login_required
@require_POST
def leave(request, public_id: str):
    return _lobby_action(
        request, public_id, lambda: services.game_leave(public_id=public_id, user=request.user)
    )


@login_required
@require_POST
def start(request, public_id: str):
    return _lobby_action(
        request,
        public_id,
        lambda: services.game_start(public_id=public_id, user=request.user, fill_with_bots=True),
    )


@require_GET
def replay(request, public_id: str):
    """A finished game after any event, from the requester's seat (or the public's)."""
    game = _game(public_id)
    try:
        at = int(request.GET.get("at", game.last_seq))
    except ValueError:
        at = game.last_seq
    at = min(max(at, 0), game.last_seq)
    lang = presenters.page_language()
    try:
        state = selectors.game_state_at(game, request.user, at, None, lang)
    except DomainError as error:
        messages.error(request, _refusal(error))
        return redirect("web:game", public_id=public_id)
    summary = selectors.game_summary(game, request.user)
    detail = {**summary, "view": state["view"], "prompt": None, "deadline": None}
    detail.update(waiting_for=[], scores=None)
    build = khlor_table.table if game.game_type == "khlor" else presenters.table
    context = build(game, detail, lang)
    lines = presenters.event_lines(game, state["seat"], at, lang)
    step = max(1, game.last_seq // 50)
    context.update(
        at=at,
        last=game.last_seq,
        lines=lines,
        steps={"first": 0, "back": max(at - step, 0), "prev": max(at - 1, 0)},
        forward={"next": min(at + 1, game.last_seq), "ahead": min(at + step, game.last_seq)},
        big_step=step,
    )
    return render(request, "web/replay.html", context)
