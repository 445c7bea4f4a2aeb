"""Reads of games. Everything about a game's state goes through the engine's view and redact."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.db.models import Count, F, Q, QuerySet

from common import clock
from common.errors import DomainError
from engine.khora import catalog
from games import actors
from games.absences import owing
from games.absences import selectors as long_game
from games.absences.lookups import open_pause
from games.models import NOTICE, Game, GameStep, Seat, is_public_id
from games.write.state_store import engine_game, load_state, to_engine_event

LIST_FILTERS = ("mine", "open", "awaiting")
LOG_PAGE_MAX = 500


def game_get(public_id: str) -> Game:
    if not is_public_id(public_id):
        raise game_not_found(public_id)
    game = Game.objects.filter(public_id=public_id).select_related("creator").first()
    if game is None:
        raise game_not_found(public_id)
    return game


def game_not_found(public_id: str) -> DomainError:
    return DomainError("game_not_found", f"There is no game {public_id!r}.", 404)


def seat_of(game: Game, user) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return game.seats.filter(user=user).first()


def viewer_position(game: Game, user) -> int | None:
    """The seat whose hidden information the user may see; None for everyone else (staff too)."""
    seat = seat_of(game, user)
    return seat.position if seat else None


def open_step(game: Game) -> GameStep | None:
    return game.steps.filter(closed_at__isnull=True).order_by("-number").first()


# `deadline` not given: read the game's open step's.
_READ: Any = object()


def prompt_payload(
    game: Game,
    state,
    seat: int,
    lang: str = "en",
    deadline: datetime | None = _READ,
    previews: bool = False,
) -> dict[str, Any] | None:
    """The seat's open prompt, texts in `lang` (ids and data never change with it), with the
    options it leaves out and why; its `deadline` is the open step's as players are told it
    (absences.selectors.deadline: counted past a running pause). `previews`: each option
    also says what it will do and warns of a trap (computed here, on request: reading a
    prompt, never answering one, pays for them)."""
    payload = engine_game(game).prompt_dict(state, seat, lang, previews=previews)
    if payload is None:
        return None
    if deadline is _READ:
        deadline = long_game.deadline(game, open_step(game))
    payload["deadline"] = deadline
    return {key: payload[key] for key in _PROMPT_KEYS if key in payload}


# What the API shows of a prompt, in its schema's order (serializers.PromptOutput): a response
# written straight from this dict reads exactly as one rendered through the serializer.
_PROMPT_KEYS = ("id", "kind", "text", "options", "unavailable", "default", "deadline")


def game_list(user, list_filter: str) -> QuerySet[Game]:
    games = Game.objects.select_related("creator").prefetch_related("seats__user")
    if list_filter == "open":
        return (
            games.filter(status=Game.Status.LOBBY, private=False)
            .annotate(taken=Count("seats"))
            .filter(taken__lt=F("num_seats"))
            .exclude(seats__user=user)
        )
    if list_filter == "watch":
        # Games in progress anyone may watch (the spectators' view): public, not the user's
        # own, the latest moved first.
        return (
            games.filter(status=Game.Status.ACTIVE, private=False)
            .exclude(seats__user=user)
            .order_by("-updated_at")
        )
    if list_filter == "awaiting":
        return games.filter(
            status=Game.Status.ACTIVE, seats__user=user, seats__pending_prompt__gt=""
        ).distinct()
    return games.filter(Q(seats__user=user) | Q(creator=user)).distinct()


def seats_summary(game: Game) -> list[dict[str, Any]]:
    prefetched = "seats" in getattr(game, "_prefetched_objects_cache", {})
    seats = game.seats.all() if prefetched else game.seats.select_related("user")
    by_position = {seat.position: seat for seat in seats}
    summary = []
    for position in range(game.num_seats):
        seat = by_position.get(position)
        summary.append(
            {
                "position": position,
                "player": seat.user.username if seat and seat.user else None,
                "is_bot": bool(seat and seat.is_bot),
                "bot_level": (seat.bot_level or "random") if seat and seat.is_bot else None,
                # A bot plays this player's seat for them (absences/: a substitute may take it).
                "bot_plays": bool(seat and seat.autoplay and not seat.is_bot),
            }
        )
    return summary


def listed_seat(game: Game, user) -> Seat | None:
    """`seat_of`, from the seats prefetched with a list of games (`game_list`)."""
    if not user.is_authenticated:
        return None
    return next((seat for seat in game.seats.all() if seat.user_id == user.id), None)


def game_summary(game: Game, user) -> dict[str, Any]:
    """What a list shows: no engine state, so listing never replays games."""
    mine = listed_seat(game, user)
    return {
        "id": game.public_id,
        "game": game.game_type,
        "name": game.name,
        "private": game.private,
        "status": game.status,
        "num_seats": game.num_seats,
        "step_hours": game.step_hours,
        "creator": game.creator.username,
        "created_at": game.created_at,
        "seats": seats_summary(game),
        "your_seat": mine.position if mine else None,
        "awaiting_you": bool(mine and mine.pending_prompt and game.status == Game.Status.ACTIVE),
    }


def game_detail(game: Game, user, lang: str = "en", previews: bool = False) -> dict[str, Any]:
    detail = {
        **game_summary(game, user),
        "rules_version": game.rules_version,
        "options": game.options,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "last_seq": game.last_seq,
        "round": None,
        "phase": None,
        "view": None,
        "prompt": None,
        "deadline": None,
        "waiting_for": [],
        "submitted": [],
        "scores": None,
        "away": [],
        "deadline_held_for": [],
        "pause": None,
        "pace": None,
    }
    # A game started with chosen cities asks its first question before any event is logged.
    if game.status == Game.Status.LOBBY or (
        game.last_seq == 0 and game.status != Game.Status.ACTIVE
    ):
        return detail
    rules = engine_game(game)
    state = load_state(game)
    position = detail["your_seat"]
    view = rules.view(state, position, lang)
    pending = rules.pending(state)
    step = open_step(game)
    # Read once: the pause shown, whether it runs (who owes), and the deadline counted past it.
    pause = open_pause(game) if game.status == Game.Status.ACTIVE else None
    deadline = long_game.deadline(game, step, pause)
    detail.update(
        round=view.get("round"),
        phase=view.get("phase"),
        view=view,
        prompt=(
            prompt_payload(game, state, position, lang, deadline, previews=previews)
            if position is not None
            else None
        ),
        deadline=deadline,
        waiting_for=sorted(pending),
        submitted=[seat for seat in step.seats if seat not in pending] if step else [],
    )
    if game.status == Game.Status.ACTIVE:
        detail.update(long_game.game_now(game, pending, pause))  # waiting_for, away, pause
    total = len(view["events_revealed"]) + view["events_left"] if "events_left" in view else None
    detail["pace"] = long_game.pace(game, view.get("round"), total, rules.is_over(state))
    if rules.is_over(state):
        detail["scores"] = rules.scores(state)
    return detail


def game_prompt(
    game: Game, user, lang: str = "en", previews: bool = False
) -> dict[str, Any] | None:
    position = viewer_position(game, user)
    if position is None or game.status != Game.Status.ACTIVE:
        return None
    return prompt_payload(game, load_state(game), position, lang, previews=previews)


def owing_seats(game: Game) -> list[Seat]:
    """The seats the game waits for now, as the other players see it (the one predicate,
    games.absences.owing): the "waiting for" of the pages and of the answers to emails."""
    seats = list(game.seats.select_related("user").order_by("position"))
    if not any(seat.pending_prompt for seat in seats):
        return []
    pending = engine_game(game).pending(load_state(game))
    owe = owing.owing_positions(game, seats, pending, clock.now(), seen_by_others=True)
    return [seat for seat in seats if seat.position in owe]


def seat_name(position: int, username: str | None, is_bot: bool, lang: str) -> str:
    """How every page, email and history names a seat, in `lang`: its player's username
    (also while a bot plays for them), "Bot n" for a seat a bot was given, else "Player n"
    (a seat not taken yet)."""
    if username:
        return username
    return catalog.bot_name(position, lang) if is_bot else catalog.seat_name(position, lang, None)


def seat_name_of(seat: Seat, lang: str) -> str:
    """`seat_name` of a seat read from the database (its user read with it)."""
    return seat_name(seat.position, seat.user.username if seat.user else None, seat.is_bot, lang)


def seat_names(game: Game, lang: str) -> list[str]:
    """`seat_name` of each seat, in seat order."""
    return [
        seat_name(seat["position"], seat["player"], seat["is_bot"], lang)
        for seat in seats_summary(game)
    ]


def _names_told(game: Game, rows: list, lang: str, names: list[str] | None) -> list[list[str]]:
    """Per log row, the seats' names its lines are told with: each seat as it was held then,
    the seat that acted as its actor was recorded (games.actors)."""
    if not rows:
        return []
    names = seat_names(game, lang) if names is None else names
    holders = actors.Holders(game)
    bot_seats = {seat["position"] for seat in seats_summary(game) if seat["is_bot"]}
    return [actors.names_at(row, names, holders, bot_seats, lang) for row in rows]


def _narrated(
    game: Game,
    rows: list,
    viewer: int | None,
    everything: bool,
    lang: str,
    names: list[str] | None = None,
    told: list[list[str]] | None = None,
):
    """Per log row: the lines it caused, as `viewer` may see them, each with its text.
    `told`: _names_told of the rows, when the caller has them."""
    if not rows:
        return []
    rules = engine_game(game)
    told = _names_told(game, rows, lang, names) if told is None else told
    state = load_state(game, upto=rows[0].seq - 1, reuse_past=True)
    narrated = []
    for row, row_names in zip(rows, told, strict=True):
        if row.type == NOTICE:  # the server's own entry: public, never replayed
            # A notice (a pause, a deadline moved, a seat taken over) is the same in every
            # game; its words are kept with Khôra's narration (catalog's line.notice.*).
            line = _notice_line(row)
            narrated.append([{**line, "text": catalog.render_line(line, lang, row_names)}])
            continue
        state, lines = rules.apply_recorded(state, to_engine_event(row))
        lines = rules.narrate_lines(lines, viewer, everything)
        lines = [line for line in lines if actors.keeps(row, line)]
        narrated.append([{**line, "text": rules.render(line, lang, row_names)} for line in lines])
    return narrated


def _notice_line(row) -> dict[str, Any]:
    params = {"kind": row.payload.get("kind")}
    # The numbers and names a notice's text names (its seat's player is named by the seat).
    for key in ("by_seconds", "days", "days_left", "player", "original", "votes", "needed"):
        if key in row.payload:
            params[key] = row.payload[key]
    return {"msg": "notice", "seat": row.seat, "params": params, "cause": None}


def game_log(
    game: Game, user, after: int, limit: int, lang: str = "en", viewer: Any = _READ
) -> dict[str, Any]:
    """Log entries after seq `after`, redacted for the requester until the game is finished,
    each with the lines it caused (narration) rendered in `lang`. `viewer`: the seat position
    whose view to give (None: a spectator's), when the caller knows it instead of `user`
    (the streams share one read among the readers of one view)."""
    rules = engine_game(game)
    if viewer is _READ:
        viewer = viewer_position(game, user)
    finished = game.status == Game.Status.FINISHED
    rows = list(game.events.filter(seq__gt=after).order_by("seq")[: limit + 1])
    more = len(rows) > limit
    rows = rows[:limit]
    entries = []
    told = _names_told(game, rows, lang, None)
    narrated = _narrated(game, rows, viewer, finished, lang, told=told)
    for row, lines, row_names in zip(rows, narrated, told, strict=True):
        event = to_engine_event(row)
        public = finished or row.type == NOTICE  # notices tell nothing hidden
        entry = event.to_dict() if public else rules.redact(event, viewer)
        actor = actors.described(row, row_names)
        entries.append(
            {"seq": row.seq, "created_at": row.created_at, **entry, "actor": actor, "lines": lines}
        )
    return {
        "events": entries,
        "last_seq": game.last_seq,
        "next_after": entries[-1]["seq"] if more else None,
    }


def game_history(
    game: Game,
    viewer: int | None,
    after: int,
    limit: int,
    lang: str = "en",
    names: list[str] | None = None,
) -> dict[str, Any]:
    """What happened since seq `after`, told to `viewer` (a seat; None: a spectator): the
    narrated lines of up to `limit` events, each with the seq of its event.

    The email "since you last looked" and the web page's history read this; the viewer is
    given (not a user) so that a mail can be told to the seat it goes to. `names`: the seats'
    names (seat_names) when the caller has the seats already.
    """
    finished = game.status == Game.Status.FINISHED
    rows = list(game.events.filter(seq__gt=after).order_by("seq")[: limit + 1])
    more = len(rows) > limit
    rows = rows[:limit]
    lines = [
        # "by": the seat whose decision the event is (None: chance, a notice), so that a page
        # need not call a viewer's own moves news.
        {"seq": row.seq, "created_at": row.created_at, "by": row.seat, **line}
        for row, narrated in zip(
            rows, _narrated(game, rows, viewer, finished, lang, names), strict=True
        )
        for line in narrated
    ]
    return {
        "after": after,
        "viewer": viewer,
        "lines": lines,
        "last_seq": game.last_seq,
        "next_after": rows[-1].seq if more else None,
    }


def game_state_at(game: Game, user, at: int, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """A finished game's view after event `at`, from `seat` (default: the requester's seat)."""
    if game.status != Game.Status.FINISHED:
        raise DomainError(
            "game_not_finished",
            "Past states are shown once the game is finished; until then read the log.",
            409,
        )
    if not 0 <= at <= game.last_seq:
        raise DomainError(
            "invalid_seq",
            f"at={at} is outside this game's log; use a seq from 0 to {game.last_seq}.",
            422,
            {"last_seq": game.last_seq},
        )
    if seat is not None and not 0 <= seat < game.num_seats:
        raise DomainError(
            "invalid_seat",
            f"seat={seat} does not exist; use 0 to {game.num_seats - 1}, or leave it out.",
            422,
        )
    viewer = seat if seat is not None else viewer_position(game, user)
    state = load_state(game, upto=at, reuse_past=True)
    return {"at": at, "seat": viewer, "view": engine_game(game).view(state, viewer, lang)}


def final_ranking(game: Game) -> list[dict[str, Any]]:
    """A finished game's places: [{"place": 1, "seats": [2, 0]}, ...], best first, a shared
    place listing every seat on it (the engine's tie-break already applied)."""
    if game.status != Game.Status.FINISHED:
        raise DomainError("game_not_finished", "The game has no result until it is finished.", 409)
    rules = engine_game(game)
    return list(rules.scores(load_state(game))["ranking"])


SCORE_ROUNDS_SECONDS = 24 * 3600


def score_rounds(game: Game, viewer: int | None) -> dict[str, Any]:
    """A finished game's victory points at the end of each round, as `viewer`'s view (a seat;
    None: a spectator's) shows them, and the final totals:
    {"rounds": [{"round": 1, "vp": [per seat]}, ...], "final": [per seat]}.
    One walk of the log, kept in the cache (the log no longer changes)."""
    if game.status != Game.Status.FINISHED:
        raise DomainError("game_not_finished", "The game has no result until it is finished.", 409)
    key = f"score-rounds:{game.public_id}:{game.rules_version}:{viewer}"
    found = cache.get(key)
    if found is not None:
        return found
    events = (to_engine_event(row) for row in game.events.exclude(type=NOTICE).order_by("seq"))
    result = score_walk(engine_game(game), game.num_seats, game.options, events, viewer)
    cache.set(key, result, SCORE_ROUNDS_SECONDS)
    return result


def score_walk(rules, num_seats: int, options: dict | None, events, viewer: int | None) -> dict:
    """`score_rounds` from a game's setup and log: the log replayed once, the viewer's view
    read as each round ends (its victory points before the next round changes them)."""
    state = rules.new_game(num_seats, options)
    rounds: list[dict[str, Any]] = []
    seen = getattr(state, "round", 0)
    for event in events:
        state = rules.advance(state, event)
        now = getattr(state, "round", 0)
        if now != seen:
            if seen:
                view = rules.view(state, viewer)
                rounds.append({"round": seen, "vp": [p["vp"] for p in view["players"]]})
            seen = now
    return {"rounds": rounds, "final": list(rules.scores(state)["totals"])}
