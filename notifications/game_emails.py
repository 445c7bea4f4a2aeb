"""What the games tell their players: which email each change calls for, and what it says.

Subscribed to games' events (notifications.apps): the writer emits them inside the transaction
that commits the change, so an email exists exactly when its cause does. Contexts carry only
what the recipient may see: their own prompt (through the engine's per-seat prompt) and public
facts (players, scores).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db.models import prefetch_related_objects

from common import clock
from engine.khora import catalog
from games import events
from games.absences.owing import owing_positions
from games.absences.selectors import away_in_game
from games.absences.selectors import deadline as told_deadline
from games.models import Game, GameStep, Seat
from games.selectors import engine_game, load_state, open_step, seat_name, seat_name_of
from notifications import asking, attention, holding, sending
from notifications.khlor_board import board_text
from notifications.mail_tokens import reply_address
from notifications.models import Notification
from notifications.prompts import prompt_context
from notifications.selectors import FRESH_RELATIONS, language_of, table_talk
from notifications.services import notify, reminder_allowed, reminder_due
from notifications.since import since_last_looked


def game_url(game: Game) -> str:
    return f"{settings.SITE_URL}/games/{game.public_id}/"


def api_game_url(game: Game) -> str:
    return f"{settings.SITE_URL}/api/v1/games/{game.public_id}/"


def _base(game: Game, seats: list[Seat], view: dict | None, lang: str = "en") -> dict[str, Any]:
    """What every email about the game says: its name, its players with their cities (public
    once chosen), where it is; the texts in `lang`, the recipient's language."""
    names = _names(seats, lang)
    cities = _cities(view, lang)
    own = view.get("viewer") if view else None
    return {
        "game_id": game.public_id,
        "game_name": game.name,
        "game_type": game.game_type,
        "creator": game.creator.username,
        "game_url": game_url(game),
        "prompt_url": f"{api_game_url(game)}prompt/",
        "players": [
            f"{name} ({cities[position]})" if cities.get(position) else name
            for position, name in enumerate(names)
        ],
        "city": cities.get(own, "") if own is not None else "",
        "round": view.get("round") if view else None,
        # Khlor has no phases to name: its emails that ask show the table instead (khlor_board).
        "phase": _phase_name(view.get("phase"), lang) if view and view["game"] != "khlor" else None,
    }


def talk_context(game: Game, user) -> dict[str, Any]:
    """The context of a chat digest about `game` for `user`: the game's public facts only."""
    lang = language_of(user)
    seats = list(game.seats.select_related("user").order_by("position"))
    return {"language": lang, **_base(game, seats, None, lang)}


def _names(seats: list[Seat], lang: str) -> list[str]:
    return [seat_name_of(seat, lang) for seat in seats]


def _cities(view: dict | None, lang: str) -> dict[int, str]:
    if not view:
        return {}
    return {
        player["seat"]: player["city"]["name"]
        for player in view.get("players", [])
        if player.get("city")
    }


def _phase_name(phase: str | None, lang: str) -> str | None:
    if not phase:
        return None
    try:
        return catalog.text(f"phase.{phase}", lang).lower()
    except KeyError:
        return phase


def game_written(written: events.GameWritten) -> None:
    """The emails a change to a game calls for, written in the writer's transaction: the held
    "your turn" emails and reminders of the prompts it answered are never sent; then
    `announce`."""
    if written.answered:
        written.batch.execute(*sending.superseding(written.game.pk, written.answered))
    announce(written)


def announce(written: events.GameWritten) -> None:
    """Write the emails this new state calls for.

    Before any email is composed here the writer's batch is flushed (the email's history reads
    the new events) and the recipients are read with their profiles and preferences, at once;
    a change that calls for none costs nothing more.

    A player hears "your turn" when they are asked after waiting on other players (a step
    resolved, a deadline passed: `written.called`), never for the prompts that follow straight
    from their own answers. The first prompts of a game come as the "game started" email. On a
    player's request (`defer_asks`) the "your turn" emails are queued in the writer's batch for
    the email worker (notifications.asking); a worker's change writes them here. A player whose
    deadline passed hears what the server chose for them (`defaults_played`, by seat): in the
    "your turn" email when they are asked again at once, else in a notice of its own.
    """
    game, seats, rules, state, step = (
        written.game,
        written.seats,
        written.rules,
        written.state,
        written.step,
    )
    defaults_played = dict(written.defaults_played or {})

    def ready() -> None:
        written.flush()
        prefetch_related_objects(seats, "user", "user__profile", "user__notification_preference")
        for seat in seats:
            if seat.user is not None:
                setattr(seat.user, FRESH_RELATIONS, True)

    people = [seat for seat in seats if seat.user_id and not seat.is_bot]
    if written.finished:
        if people:
            ready()
        view = rules.view(state, None)
        scores = rules.scores(state)
        for seat in people:
            lang = language_of(seat.user)
            context = {
                **_base(game, seats, view, lang),
                "scores": _score_table(seats, scores, view, lang),
                "deadline": None,
            }
            notify(user=seat.user, game=game, step="end", kind="game_over", context=context)
        return
    pending = rules.pending(state)
    requester = holding.requester(written)
    if requester is not None and requester.user_id is not None:  # always, by `requester`
        attention.answered(game, requester.user_id, written.channel)
    asks = []
    for seat in written.called:
        if step is None:
            break
        if attention.reply_tells(game, seat.user_id):
            continue  # our answer to their reply asks it
        played = defaults_played.pop(seat.position, [])
        labels = _labels(played, language_of(seat.user)) if played else []
        kind = "game_started" if step.number == 1 else "your_turn"
        if kind == "your_turn" and written.defer_asks:
            asks.append(asking.pending_ask(game, seat, pending[seat.position], labels))
        else:
            ready()
            ask(
                game=game,
                seats=seats,
                rules=rules,
                state=state,
                seat=seat,
                step=step,
                kind=kind,
                prompt_id=pending[seat.position].id,
                defaults_played=labels,
                asked_at=clock.now(),
            )
    if asks:
        asking.queue(game, asks, written.batch)
    for seat in holding.asked_again_away(written, pending) if step is not None else []:
        assert step is not None
        ready()
        played = defaults_played.pop(seat.position, [])
        ask(
            game=game,
            seats=seats,
            rules=rules,
            state=state,
            seat=seat,
            step=step,
            kind="your_turn",
            prompt_id=pending[seat.position].id,
            defaults_played=_labels(played, language_of(seat.user)) if played else [],
            asked_at=clock.now(),
        )
    for seat in people:
        if defaults_played.get(seat.position) and not seat.autoplay:
            ready()
            _tell_defaults(game, seats, seat, defaults_played[seat.position], state, rules)


def ask(
    *,
    game: Game,
    seats: list[Seat],
    rules,
    state,
    seat: Seat,
    step: GameStep,
    kind: str,
    prompt_id: str,
    defaults_played: list[str],
    asked_at: datetime,
) -> Notification | None:
    """Write the email asking `seat` its prompt in `step` (asked at `asked_at`), from the game
    as it is now; `defaults_played`: what the server played for the seat at the deadline."""
    pending = rules.pending(state)
    context = asking_context(game, seats, rules, state, seat, pending, step)
    context["defaults_played"] = defaults_played
    return notify(
        user=seat.user,
        game=game,
        step=holding.ask_cause(game, seat, step.number, kind, prompt_id),
        kind=kind,
        context=context,
        not_before=holding.hold_while_active(game, seat, asked_at) if kind == "your_turn" else None,
    )


def _labels(options: list, lang: str) -> list[str]:
    return [option.to_dict(lang)["label"] for option in options if option is not None]


def _tell_defaults(game: Game, seats: list[Seat], seat: Seat, played: list, state, rules) -> None:
    """The deadline passed and the player is not asked again at once: tell them, once per
    deadline, what was played for them (the log's position names the deadline)."""
    lang = language_of(seat.user)
    context = {
        **_base(game, seats, rules.view(state, seat.position, lang), lang),
        "defaults_played": _labels(played, lang),
        "deadline": None,
    }
    notify(
        user=seat.user,
        game=game,
        step=f"default{game.last_seq}",
        kind="default_played",
        context=context,
    )


def _score_table(seats: list[Seat], scores: dict, view: dict, lang: str) -> list[dict]:
    """The final scores, each with its breakdown, and the drachmas left where they broke a tie
    (all public at the end)."""
    places = {s: group["place"] for group in scores["ranking"] for s in group["seats"]}
    names, cities = _names(seats, lang), _cities(view, lang)
    totals = scores["totals"]
    drachmas = {player["seat"]: player.get("drachmas", 0) for player in view["players"]}
    return [
        {
            **scores["breakdown"][seat.position],
            "player": names[seat.position],
            "city": cities.get(seat.position, ""),
            "seat": seat.position,
            "total": totals[seat.position],
            "place": places[seat.position],
            "tied": totals.count(totals[seat.position]) > 1,
            "drachmas": drachmas.get(seat.position, 0),
        }
        for seat in seats
    ]


def asking_context(game, seats, rules, state, seat: Seat, pending: dict, step: GameStep) -> dict:
    """The context of an email that asks `seat` something: where the game is, the prompt with
    its answer links and reply address, and what happened since the player last looked."""
    lang = language_of(seat.user)
    deadline = told_deadline(game, step)  # past a running pause, where it will stand
    view = rules.view(state, seat.position, lang)
    names = _seat_names(game, seats, lang)
    return {
        "language": lang,
        **_base(game, seats, view, lang),
        # Khlor's table as text, above its numbered options (a text board, issue 46).
        "khlor_board": board_text(view, names, lang) if game.game_type == "khlor" else "",
        **prompt_context(
            seat.user,
            game,
            pending[seat.position],
            deadline,
            lang,
            _previews(rules, state, seat.position),
        ),
        **since_last_looked(game, seat, lang, names),
        "table_talk": table_talk(game, seat.user),
        "deadline": deadline,
        # Who else the game waits for while they are away (absences/): "Ann is away until...".
        "away": [
            entry
            for entry in away_in_game(game, seats, clock.now())
            if entry["seat"] != seat.position
        ],
    }


def _previews(rules, state, position: int) -> dict | None:
    """What each option will do and its warnings, for an email that asks (games whose engine
    has no previews: none)."""
    previews = getattr(rules, "previews", None)
    return previews(state, position) if previews else None


def _seat_names(game: Game, seats: list[Seat], lang: str) -> list[str]:
    """selectors.seat_names from the writer's seats (their users read with them)."""
    by_position = {seat.position: seat for seat in seats}
    return [
        seat_name_of(by_position[p], lang) if p in by_position else seat_name(p, None, False, lang)
        for p in range(game.num_seats)
    ]


def due_rung_hours(step: GameStep, now: datetime) -> int | None:
    kind = reminder_due(opened_at=step.opened_at, now=now, deadline=step.deadline)
    return int(kind.removeprefix("reminder_").removesuffix("h")) if kind else None


def remind(
    *, game: Game, seats: list[Seat], rules, state, step: GameStep, now: datetime
) -> tuple[int, int]:
    """Reminders before the step's deadline, to the players who still owe a decision.

    The ladder's most urgent due rung only, each at most once per step (the outbox is unique
    per step and kind); none inside a player's quiet hours unless the deadline would pass first.
    Returns (reminders written, players held back by quiet hours).
    """
    kind = reminder_due(opened_at=step.opened_at, now=now, deadline=step.deadline)
    if kind is None:
        return 0, 0
    pending = rules.pending(state)
    owe = owing_positions(game, seats, pending, now)
    written = held_back = 0
    for seat in seats:
        if seat.position not in owe:
            continue
        if not reminder_allowed(seat.user, now, step.deadline):
            held_back += 1
            continue
        context = asking_context(game, seats, rules, state, seat, pending, step)
        row = notify(user=seat.user, game=game, step=str(step.number), kind=kind, context=context)
        written += row is not None
    return written, held_back


def bot_plays(took_over: events.BotTookOver) -> None:
    """Tell an absent player, once per takeover, that a bot plays their seat and how to take
    it back (answering any prompt), with what was played for them at the deadline."""
    game, seats, seat, since = took_over.game, took_over.seats, took_over.seat, took_over.since
    defaults = took_over.defaults
    if not seat.user_id:
        return
    lang = language_of(seat.user)
    context = {
        **_base(game, seats, None, lang),
        "missed": seat.missed_deadlines,
        "voted_by": list(took_over.voted_by),  # the table's vote, not the deadlines missed
        "defaults_played": _labels(defaults or [], lang),
    }
    notify(user=seat.user, game=game, step=f"bot{since}", kind="bot_playing", context=context)


def asked_now(user) -> list[dict[str, Any]]:
    """What `user` is asked now, one entry per active game whose prompt their seat owes, most
    urgent first (the earliest deadline; games without one last): the context of an email
    that asks it (the game's name and cities, the prompt in their language with its answer
    links and reply address, the deadline). Read from the games as they are at this moment,
    so a prompt answered since it was announced is not there. A seat a bot plays is left out:
    the bot answers before any email could."""
    lang = language_of(user)
    now = clock.now()
    owing = (
        Seat.objects.filter(
            user=user, is_bot=False, autoplay=False, game__status=Game.Status.ACTIVE
        )
        .exclude(pending_prompt="")
        .select_related("game__creator")
    )
    entries = []
    for seat in owing:
        game = seat.game
        rules = engine_game(game)
        state = load_state(game)
        prompt = rules.pending(state).get(seat.position)
        seats = list(game.seats.select_related("user").order_by("position"))
        if seat.position not in owing_positions(game, seats, {seat.position: prompt}, now):
            continue  # nothing it can do, away, or the game is paused (games.absences.owing)
        deadline = told_deadline(game, open_step(game))
        entries.append(
            {
                **_base(game, seats, rules.view(state, seat.position, lang), lang),
                **prompt_context(
                    user, game, prompt, deadline, lang, _previews(rules, state, seat.position)
                ),
                "table_talk": table_talk(game, user),
                "deadline": deadline,
            }
        )
    entries.sort(
        key=lambda entry: (entry["deadline"] is None, entry["deadline"] or 0, entry["game_id"])
    )
    return entries


def player_told(told: events.PlayerTold) -> None:
    """An email about the table (an absence, a pause, a nudge, an invitation to substitute):
    once per step and kind, as every email of ours."""
    context = dict(told.context)
    if told.reply_prompt:
        context["reply_to"] = reply_address(told.user.pk, told.game.pk, told.reply_prompt)
    notify(user=told.user, game=told.game, step=told.step, kind=told.kind, context=context)
