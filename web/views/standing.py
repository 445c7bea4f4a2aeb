"""The game page's "Your standing answers" section and the preferences page's defaults for new
games (games.standing): loaded by URL into its place (hx-get), each form posting back to it.

Without htmx each form is a plain POST redirected to its page. A player only ever sees and
changes their own rules; a section asked by someone not seated in an active game is empty.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.errors import DomainError
from engine.khora import catalog
from engine.khora.content.cards import CARDS
from engine.khora.content.tracks import PROGRESS_TRACKS
from games.models import Game
from games.selectors import game_get, seat_of
from games.standing import kinds, selectors, services

# The answers given ahead the page offers (the API takes any option id of these prompt kinds).
AHEAD = [
    ("achievement_reward", "tax"),
    ("achievement_reward", "glory"),
    ("explore", "skip"),
    *[("progress", f"advance:{track}") for track in PROGRESS_TRACKS],
    ("progress", "done"),
]
# How many cards the draft's form lets a player list (the API takes up to kinds.MAX_DRAFT_CARDS).
DRAFT_PLACES = 5


@login_required
@require_GET
def game_section(request, public_id: str):
    return _section(request, public_id)


@login_required
@require_GET
def defaults_section(request):
    return _section(request, None)


@login_required
@require_POST
def add(request, public_id: str | None = None):
    error = ""
    try:
        kind, params = _parse(request.POST)
        services.standing_set(user=request.user, public_id=public_id, kind=kind, params=params)
    except DomainError as refused:
        if refused.status == 404:
            raise Http404 from None
        error = _refusal(refused)
    return _after(request, public_id, error, _("Saved."))


@login_required
@require_POST
def cancel(request, answer_id: int):
    public_id = request.POST.get("game") or None
    try:
        services.standing_cancel(user=request.user, answer_id=answer_id)
    except DomainError:
        raise Http404 from None
    return _after(request, public_id, "", "")


def _parse(form) -> tuple[str, dict]:
    """The form's fields as a rule: `rule` names it; the services check the rest."""
    rule = form.get("rule", "")
    if rule == "progress":
        return "progress", {
            "track": form.get("track", ""),
            "max_price": _whole(form.get("max_price", "")),
        }
    if rule == "explore":
        return "explore", {}
    if rule.startswith("achievement:"):
        return "achievement", {"reward": rule.partition(":")[2]}
    if rule == "keep_card":
        return "keep_card", {"card": form.get("card", "")}
    if rule == "dice_plan":
        # The choices in the order of the form's lists; a list left blank is no choice.
        tiles = [_whole(value) for value in form.getlist("tiles") if value != ""]
        return "dice_plan", {"tiles": tiles, "max_citizens": _whole(form.get("max_citizens", ""))}
    if rule == "draft_order":
        return "draft_order", {"cards": [card for card in form.getlist("cards") if card]}
    if rule == "citizens":
        return "citizens", {"keep_philosophy": _whole(form.get("keep_philosophy", ""))}
    if rule.startswith("ahead:"):
        prompt_kind, _sep, option = rule.partition(":")[2].partition("|")
        return "ahead", {"prompt_kind": prompt_kind, "option": option}
    return rule, {}


def _whole(value: str) -> int:
    """A form's number; anything else is -1, which no rule takes (the services say so)."""
    try:
        return int(value)
    except ValueError:
        return -1


def _refusal(error: DomainError) -> str:
    return {
        "invalid_standing_answer": _("That standing answer is not valid."),
        "not_seated": _("Only the players seated in this game can do that."),
        "game_not_active": _("Standing answers are set while a game is played."),
    }.get(error.code, _("That standing answer is not valid."))


def _after(request, public_id: str | None, error: str, notice: str):
    if request.htmx:
        return _section(request, public_id, error=error, notice=notice)
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    if public_id:
        return redirect("web:game", public_id=public_id)
    return redirect("web:preferences")


def _section(request, public_id: str | None, error: str = "", notice: str = ""):
    game = None
    if public_id:
        try:
            game = game_get(public_id)
        except DomainError:
            raise Http404 from None
        if game.status != Game.Status.ACTIVE or game.game_type != "khora":
            return HttpResponse("")
        if seat_of(game, request.user) is None:
            return HttpResponse("")
    lang = "uk" if (get_language() or "").startswith("uk") else "en"
    answers = selectors.standing_list(user=request.user, public_id=public_id)
    # The log entries each rule made: the mark only their player sees.
    made: dict[int, list[int]] = {}
    if public_id:
        marks = selectors.standing_marks(user=request.user, public_id=public_id)
        for seq, mark in marks.items():
            made.setdefault(mark["answer"], []).append(seq)
    context = {
        "game": game,
        "answers": [
            dict(a, text=_describe(a, lang), entries=", ".join(map(str, made.get(a["id"], []))))
            for a in answers
        ],
        "tracks": [(t, catalog.text(f"track.{t}", lang)) for t in PROGRESS_TRACKS],
        "rewards": [(r, catalog.text(f"track.{r}", lang)) for r in ("tax", "glory")],
        "cards": sorted(
            ((card, catalog.card_name(card, lang)) for card in CARDS), key=lambda c: c[1]
        ),
        "ahead": [(f"{k}|{o}", _ahead_text(k, o, lang)) for k, o in AHEAD] if game else [],
        "tiles": [(t, catalog.tile_name(t, lang)) for t in kinds.TILES],
        # Each list's first choice: the tiles highest first, as the dice's own default does.
        "tile_places": [(place, max(kinds.TILES) - place) for place in kinds.TILES],
        "draft_places": range(DRAFT_PLACES),
        "error": error,
        "notice": notice,
    }
    response = render(request, "web/partials/standing.html", context)
    response["Cache-Control"] = "no-store"
    return response


def _describe(answer: dict, lang: str) -> str:
    kind, params = answer["kind"], answer["params"]
    if kind == "progress":
        return _("Progress: move up %(track)s when it costs at most %(price)s drachmas") % {
            "track": catalog.text(f"track.{params['track']}", lang),
            "price": params["max_price"],
        }
    if kind == "explore":
        return _("Exploration: the best space costing no troops, else none")
    if kind == "achievement":
        return _("An achievement's reward: %(reward)s") % {
            "reward": catalog.text(f"track.{params['reward']}", lang)
        }
    if kind == "keep_card":
        return _("Legislation: keep «%(card)s» if it is drawn (at the deadline)") % {
            "card": catalog.card_name(params["card"], lang)
        }
    if kind == "dice_plan":
        return _(
            "Dice: %(tiles)s, the first that fit within %(citizens)s citizens, highest die on "
            "the highest tile"
        ) % {
            "tiles": ", ".join(catalog.tile_name(t, lang) for t in params["tiles"]),
            "citizens": params["max_citizens"],
        }
    if kind == "draft_order":
        return _("Draft: %(cards)s, the first in the hand, else the first card offered") % {
            "cards": ", ".join(f"«{catalog.card_name(c, lang)}»" for c in params["cards"])
        }
    if kind == "citizens":
        return _(
            "Citizens: pay for my tiles, the highest first; spend philosophy tokens for "
            "citizens only when they fall short (tokens always kept: %(keep)s)"
        ) % {"keep": params["keep_philosophy"]}
    return _("Given ahead, the next one: %(answer)s") % {
        "answer": _ahead_text(params["prompt_kind"], params["option"], lang)
    }


def _ahead_text(prompt_kind: str, option: str, lang: str) -> str:
    if prompt_kind == "achievement_reward" and option in ("tax", "glory"):
        return _("An achievement's reward: %(reward)s") % {
            "reward": catalog.text(f"track.{option}", lang)
        }
    if prompt_kind == "explore" and option == "skip":
        return _("Exploration: none")
    if prompt_kind == "progress" and option == "done":
        return _("Progress: no move")
    if prompt_kind == "progress" and option.startswith("advance:"):
        track = option.partition(":")[2]
        if track in PROGRESS_TRACKS:
            return _("Progress: move up %(track)s") % {
                "track": catalog.text(f"track.{track}", lang)
            }
    return f"{prompt_kind}: {option}"
