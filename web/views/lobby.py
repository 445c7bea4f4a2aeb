"""The lobby: my games (waiting for me first), open games, finished games, a new game."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import DomainError
from games import lists, selectors, services
from games.absences import comeback
from games.models import Game
from web import game_names, presenters, setup_fields
from web.forms import CreateGameForm

LIST_LIMIT = 20
# Games to watch: each costs a read of its state (its round and phase, as a spectator sees).
WATCH_LIMIT = 10


def home(request):
    if not request.user.is_authenticated:
        return render(request, "web/welcome.html")
    return render(request, "web/lobby.html", lobby_context(request.user, CreateGameForm()))


def lobby_context(user, form) -> dict:
    lang = presenters.page_language()
    mine = list(selectors.game_list(user, "mine")[: LIST_LIMIT * 2])
    awaiting_games = list(selectors.game_list(user, "awaiting")[:LIST_LIMIT])
    awaiting = lists.awaiting_rows(awaiting_games, user, lang)
    for row, game in zip(awaiting, awaiting_games, strict=True):
        _title(row, game)
    awaiting_ids = {game.pk for game in awaiting_games}
    in_play = [
        game
        for game in mine
        if game.pk not in awaiting_ids and game.status in (Game.Status.ACTIVE, Game.Status.LOBBY)
    ]
    playing = [
        _row(summary, game, lang)
        for summary, game in zip(lists.playing_rows(in_play, user, lang), in_play, strict=True)
    ]
    finished = []
    for game in [game for game in mine if game.status == Game.Status.FINISHED][:LIST_LIMIT]:
        row = _row(selectors.game_summary(game, user), game, lang)
        row["ended"] = game_names.how_it_ended(game, row["your_seat"])  # "2nd of 3, 26 Nov"
        finished.append(row)
    open_games = [
        _row(selectors.game_summary(game, user), game, lang)
        for game in selectors.game_list(user, "open")[:LIST_LIMIT]
    ]
    watch_games = list(selectors.game_list(user, "watch")[:WATCH_LIMIT])
    watch = [
        _row(summary, game, lang)
        for summary, game in zip(
            lists.playing_rows(watch_games, user, lang), watch_games, strict=True
        )
    ]
    return {
        # Seats of mine someone else plays now (a bot, a substitute): shown first.
        "replaced": comeback.replaced_seats(user),
        "awaiting": awaiting,
        "playing": playing,
        "open_games": open_games,
        # Public games in progress of others, to watch (the page shows them a spectator's view).
        "watch": watch,
        "finished": finished,
        "form": form,
    }


DEFAULT_GAME = "khora"


def _row(summary: dict, game: Game, lang: str) -> dict:
    """A game's summary with what the lobby shows besides: seats taken, whom it waits for."""
    if summary.get("phase"):
        # Khôra's phases have names in its rulebook's terms; another game's row shows its title.
        own = game.game_type == DEFAULT_GAME
        summary["phase"] = presenters.phase_name(summary["phase"], lang) if own else ""
    seats = {seat.position: seat for seat in game.seats.all()}
    summary["taken"] = len(seats)  # seats with a player or a bot; the summary lists empty ones
    summary["waiting_names"] = [
        selectors.seat_name_of(seat, lang) for seat in seats.values() if seat.pending_prompt
    ]
    summary["game"] = game
    return _title(summary, game)


def _title(row: dict, game: Game) -> dict:
    """The game's title on its row, but for the site's own game, which goes without saying."""
    if game.game_type != DEFAULT_GAME:
        row["game_title"] = setup_fields.GAME_TITLES.get(game.game_type, game.game_type)
    return row


@login_required
@require_POST
def game_create(request):
    form = CreateGameForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The game was not created; see the form below."))
        return render(request, "web/lobby.html", lobby_context(request.user, form), status=400)
    data = form.cleaned_data
    try:
        game = services.game_create(
            creator=request.user,
            game_type=data["game"],
            seats=data["seats"],
            options=form.game_options(),
            step_hours=data["step_hours"],
            name=data["name"].strip(),
            private=data["private"],
            bots=form.bot_levels(),
        )
        if data["bots"] and game.status == Game.Status.LOBBY:
            game = services.game_start(
                public_id=game.public_id, user=request.user, fill_with_bots=True
            )
    except DomainError as error:
        form.add_error(None, error.message)
        return render(request, "web/lobby.html", lobby_context(request.user, form), status=400)
    return redirect("web:game", public_id=game.public_id)


# "Play against bots now": a 3-seat game, the two other seats bots of the level the player
# picks (standard unless asked for strong ones), started at once.
QUICK_GAME_SEATS = 3
QUICK_GAME_LEVELS = ("standard", "strong")


@login_required
@require_POST
def play_bots(request):
    level = request.POST.get("level", "standard")
    if level not in QUICK_GAME_LEVELS:
        messages.error(
            request,
            _("There is no bot level “%(level)s”; choose standard or strong.") % {"level": level},
        )
        return redirect("web:home")
    try:
        game = services.game_create(
            creator=request.user,
            game_type="khora",
            seats=QUICK_GAME_SEATS,
            options={},
            step_hours=48,
            name="",  # told by its players and day in each reader's language (game_names)
            bots=[level] * (QUICK_GAME_SEATS - 1),
        )
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("web:home")
    return redirect("web:game", public_id=game.public_id)
