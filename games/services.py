"""Every write to a game: one function per operation, each owning its transaction.

A write locks the game row (`select_for_update`), so there is one writer per game at a time;
the unique (game, seq) constraint backs that up.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, TypeVar

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from rest_framework.utils.encoders import JSONEncoder as ApiJSONEncoder

import bots
import engine
from common import clock
from common.errors import DomainError
from games.absences.selectors import deadline as told_deadline
from games.models import Game, IdempotencyRecord, Seat, is_public_id
from games.refusals import DecisionRefused, engine_refusals
from games.selectors import game_not_found, prompt_payload, seat_of
from games.standing import services as standing
from games.workers import advancing
from games.write.locked_reads import lock_game, read_table
from games.write.writer import GameWriter

Result = TypeVar("Result")
IDEMPOTENCY_KEY_MIN, IDEMPOTENCY_KEY_MAX = 8, 255
# Visible ASCII only: a one-character or blank key is a client bug that would make unrelated
# submissions collide.
IDEMPOTENCY_KEY_PATTERN = re.compile(rf"[\x21-\x7e]{{{IDEMPOTENCY_KEY_MIN},{IDEMPOTENCY_KEY_MAX}}}")


@dataclass(frozen=True)
class DecisionInput:
    prompt: str
    option: str


@dataclass(frozen=True)
class Submission:
    body: dict[str, Any]
    replayed: bool = False  # True when an Idempotency-Key retry got the first response back


class BatchStopped(DecisionRefused):
    """A batch whose first decisions were kept and whose next one was refused."""

    def __init__(self, refusal: engine.IllegalDecision, accepted: list[dict[str, Any]]):
        super().__init__(
            refusal.code,
            f"{len(accepted)} decision(s) were accepted, then one was refused: {refusal.message}",
            {**refusal.details, "accepted": accepted},
        )


def game_create(
    *,
    creator,
    game_type: str,
    seats: int,
    options: dict[str, Any],
    step_hours: int,
    name: str = "",
    private: bool = False,
    bots: list[str] | None = None,
) -> Game:
    """A new game in the lobby, the creator in seat 0. `bots`: the levels of bots taking
    seats 1, 2, ... at once; a game they fill starts at once."""
    try:
        rules = engine.get_game(game_type)
    except KeyError:
        hosted = ", ".join(engine.game_types())
        raise DomainError(
            "unknown_game",
            f"Unknown game {game_type!r}; the server hosts {hosted}.",
            400,
            {"accepted": engine.game_types()},
        ) from None
    bot_levels = list(bots or [])
    _check_bot_levels(bot_levels, game_type)
    if len(bot_levels) > seats - 1:
        room = "1 bot" if seats == 2 else f"{seats - 1} bots"
        raise DomainError(
            "too_many_bots",
            f"A game of {seats} seats has room for at most {room} beside you.",
            422,  # the request matches the schema; the seats it asks for refuse it
            {"max_bots": seats - 1},
        )
    with engine_refusals():  # a bad setup is refused: invalid_setup
        rules.new_game(seats, options)
    with transaction.atomic():
        # The creator's row lock makes the count and the insert one step, per player.
        # The user model, not type(creator): a web request's user is a lazy wrapper.
        get_user_model().objects.select_for_update().filter(pk=creator.pk).first()
        open_lobbies = Game.objects.filter(creator=creator, status=Game.Status.LOBBY).count()
        if open_lobbies >= settings.GAME_MAX_OPEN_LOBBIES:
            raise DomainError(
                "too_many_lobbies",
                f"You have {open_lobbies} lobbies waiting for players, the most one player may "
                "have open; start one, or leave one (which abandons it), before creating "
                "another.",
                409,
                {"open_lobbies": open_lobbies, "limit": settings.GAME_MAX_OPEN_LOBBIES},
            )
        game = Game.objects.create(
            game_type=game_type,
            rules_version=rules.rules_version,
            num_seats=seats,
            options=options,
            step_hours=step_hours,
            creator=creator,
            name=name,
            private=private,
        )
        Seat.objects.create(game=game, position=0, user=creator)
        Seat.objects.bulk_create(
            Seat(game=game, position=position, is_bot=True, bot_level=level)
            for position, level in enumerate(bot_levels, start=1)
        )
        if len(bot_levels) == seats - 1:
            _start(game)
    if bot_levels:
        game.refresh_from_db()  # the advance queued on commit may have moved the game on
    return game


def _check_bot_levels(levels: list[str], game_type: str) -> None:
    offered = bots.levels_of(game_type)
    unknown = [level for level in levels if level not in offered]
    if unknown:
        raise DomainError(
            "unknown_bot_level",
            f"Unknown bot levels {unknown}; levels: {', '.join(offered)}.",
            # The request names levels the schema knows (another game's): it is the game
            # chosen that refuses them, as for a bad setup.
            422,
        )


def game_join(*, public_id: str, user) -> Game:
    with transaction.atomic():
        game = _locked_game(public_id)
        _require_lobby(game)
        if seat_of(game, user) is not None:
            raise DomainError("already_seated", "You already have a seat in this game.", 409)
        taken = set(game.seats.values_list("position", flat=True))
        free = [position for position in range(game.num_seats) if position not in taken]
        if not free:
            raise DomainError("game_full", "Every seat of this game is taken.", 409)
        Seat.objects.create(game=game, position=free[0], user=user)
        if len(free) == 1:  # the lobby is full: the game starts by itself
            _start(game)
        else:
            _touch(game)
    game.refresh_from_db()  # the advance queued on commit may have moved the game on
    return game


def game_leave(*, public_id: str, user) -> Game:
    """Leave a lobby. When the creator leaves, the game is abandoned."""
    with transaction.atomic():
        game = _locked_game(public_id)
        _require_lobby(game)
        seat = seat_of(game, user)
        if seat is None:
            raise DomainError("not_seated", "You have no seat in this game to leave.", 409)
        seat.delete()
        if game.creator_id == user.id:
            game.status = Game.Status.ABANDONED
        _touch(game)
    return game


def game_start(*, public_id: str, user, fill_with_bots: bool, bot_level: str = "standard") -> Game:
    with transaction.atomic():
        game = _locked_game(public_id)
        _check_bot_levels([bot_level], game.game_type)
        _require_lobby(game)
        if game.creator_id != user.id:
            raise DomainError("not_creator", "Only the game's creator can start it.", 403)
        taken = set(game.seats.values_list("position", flat=True))
        free = [position for position in range(game.num_seats) if position not in taken]
        if free and not fill_with_bots:
            raise DomainError(
                "seats_empty",
                f"Seats {free} are empty; wait for players or start with "
                '{"fill_with_bots": true}.',
                409,
                {"empty_seats": free},
            )
        Seat.objects.bulk_create(
            Seat(game=game, position=position, is_bot=True, bot_level=bot_level)
            for position in free
        )
        _start(game)
    game.refresh_from_db()  # the advance queued on commit may have moved the game on
    return game


def decisions_submit(
    *,
    public_id: str,
    user,
    decisions: list[DecisionInput],
    idempotency_key: str | None = None,
    lang: str | Callable[[], str] = "en",
    via: str = "api",
) -> Submission:
    """Apply the seat's decisions in order, then chance and bots; return the response body.

    A batch keeps the decisions before a refused one whenever any were accepted: rolling them
    back would let a player redraw the cards or dice they triggered by sending a bad second
    decision on purpose. `lang` may be a function, called only when the response carries a
    prompt (the API's reads the requester's profile). `via`: how the request came ("api",
    "page", "link", "reply"); the emails tell a player asked again at once accordingly.
    """
    if idempotency_key is not None and not IDEMPOTENCY_KEY_PATTERN.fullmatch(idempotency_key):
        raise DomainError(
            "invalid_idempotency_key",
            f"An Idempotency-Key is {IDEMPOTENCY_KEY_MIN} to {IDEMPOTENCY_KEY_MAX} visible ASCII "
            "characters (no spaces); a UUID is ideal.",
            400,
        )
    request_hash = hashlib.sha256(
        json.dumps([[d.prompt, d.option] for d in decisions]).encode()
    ).hexdigest()
    stopped: BatchStopped | None = None
    with transaction.atomic():
        game = _locked_game(public_id, with_snapshot=True)
        table = read_table(game, user, idempotency_key)
        if table.remembered_id is not None:
            remembered = _remembered_response(table.remembered_id, request_hash)
            if remembered is not None:
                return Submission(remembered, replayed=True)
        seat = _seat_of(table.seats, user)
        if seat is None:
            raise DomainError("not_seated", "Only a seated player can decide in this game.", 403)
        _require_active(game)
        returning = _take_seat_back(seat)
        writer = GameWriter(
            game,
            seats=table.seats,
            latest_step=table.latest_step,
            defer_asks=True,
            requester=seat.position,
            channel=via,
        )
        if returning:
            writer.seat_taken_back(seat)
        accepted: list[dict[str, Any]] = []
        for decision in decisions:
            # What the server owes comes first: a roll or a draw another seat's answer (or the
            # previous decision of this batch) made due, which the worker would sample next.
            # A prompt offered before it is then answered, not refused with waiting_for_chance;
            # if the outcome changed the prompt, the refusal is stale_prompt with the new one.
            writer.sample_chance()
            try:
                seq = writer.decide(seat.position, decision.prompt, decision.option)
            except engine.InvalidEvent:
                raise  # corruption, not a refusal
            except engine.IllegalDecision as refusal:
                if not accepted:
                    raise DecisionRefused.of(refusal) from refusal
                stopped = BatchStopped(refusal, accepted)
                break
            accepted.append({"prompt": decision.prompt, "option": decision.option, "seq": seq})
        writer.commit(flush=False)  # sent below with the Idempotency-Key's response
        body = {
            "accepted": accepted,
            "last_seq": game.last_seq,
            "status": game.status,
            # The game now waits on the server (a roll, a draw, bots): read the prompt again
            # shortly, or wait for the email.
            "advancing": game.needs_advance,
            "prompt": _next_prompt(game, writer, seat, lang, table.active_pause),
        }
        if idempotency_key and stopped is None:
            record = IdempotencyRecord(
                game=game,
                user_id=user.pk,
                key=idempotency_key,
                request_hash=request_hash,
                response_status=200,
                # Datetimes (the prompt's deadline) as the API renders them, so a retry gets
                # the first response byte for byte.
                response_body=json.loads(json.dumps(body, cls=ApiJSONEncoder)),
            )
            writer.batch.insert(IdempotencyRecord, [record])
        writer.flush()
    if stopped is not None:
        raise stopped
    return Submission(body)


def _next_prompt(game: Game, writer: GameWriter, seat: Seat, lang, pause) -> dict[str, Any] | None:
    """The seat's open prompt after the change, as it will be committed; `pause`: the game's
    active pause, as read with its seats (locked_reads)."""
    if seat.position not in writer.rules.pending(writer.state):
        return None
    lang = lang() if callable(lang) else lang
    deadline = told_deadline(game, writer.open_step(), pause)
    return prompt_payload(game, writer.state, seat.position, lang, deadline)


def decision_revise(*, public_id: str, user, lang: str = "en") -> dict[str, Any]:
    """Take back the player's sealed choice (a draft pick, tile assignment) while others are
    still choosing; the player is asked again."""
    with transaction.atomic():
        game = _locked_game(public_id, with_snapshot=True)
        table = read_table(game, user, None)
        seat = _seat_of(table.seats, user)
        if seat is None:
            raise DomainError("not_seated", "Only a seated player can revise a choice.", 403)
        _require_active(game)
        returning = _take_seat_back(seat)
        writer = GameWriter(game, seats=table.seats, latest_step=table.latest_step, defer_asks=True)
        if returning:
            writer.seat_taken_back(seat)
        with engine_refusals():  # nothing_to_revise when no sealed choice is open
            event = writer.rules.revise(writer.state, seat.position)
        writer.standing.leave_to_player(seat.position)  # their rule must not choose again
        seq = writer.append(event)
        writer.commit()
        return {
            "revised": event.data["step"],
            "seq": seq,
            "prompt": prompt_payload(
                game,
                writer.state,
                seat.position,
                lang,
                told_deadline(game, writer.open_step(), table.active_pause),
            ),
        }


def _remembered_response(record_id: int, request_hash: str) -> dict | None:
    record = IdempotencyRecord.objects.filter(pk=record_id).first()
    if record is None:
        return None
    if record.created_at < idempotency_cutoff():
        record.delete()  # expired: the key is free again (the tick prunes the rest)
        return None
    if record.request_hash != request_hash:
        raise DomainError(
            "idempotency_key_reused",
            "This Idempotency-Key was already used for different decisions; "
            "send a new key for a new submission.",
            422,
        )
    return record.response_body


def idempotency_cutoff():
    """Responses remembered before this moment are forgotten."""
    return clock.now() - timedelta(hours=settings.IDEMPOTENCY_KEY_HOURS)


def idempotency_records_prune() -> int:
    deleted, _ = IdempotencyRecord.objects.filter(created_at__lt=idempotency_cutoff()).delete()
    return deleted


def _take_seat_back(seat: Seat) -> bool:
    """A player who decides is back: no more bot for their seat, no misses counted. True when
    a bot was playing the seat."""
    returning = seat.autoplay
    if seat.autoplay or seat.missed_deadlines:
        seat.autoplay = False
        seat.missed_deadlines = 0
        seat.save(update_fields=["autoplay", "missed_deadlines"])
    return returning


def _start(game: Game) -> None:
    game.status = Game.Status.ACTIVE
    game.started_at = clock.now()
    # Everyone waits for the setup: their first prompts come as the "game started" email.
    game.seats.filter(is_bot=False).update(waiting=True)
    standing.copy_defaults(game)  # the players' standing answers for new games (games.standing)
    GameWriter(game).commit()  # the setup's chance and bots run in the advance task


def _seat_of(seats: list[Seat], user) -> Seat | None:
    return next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)


def _locked_game(public_id: str, with_snapshot: bool = False) -> Game:
    """The game row, locked. `with_snapshot`: its state snapshot comes in the same read (the
    lock is on the game row only; see games.write.state_store._snapshot_row)."""
    if not is_public_id(public_id):
        raise game_not_found(public_id)
    if with_snapshot:
        game = lock_game(public_id)
    else:
        game = Game.objects.select_for_update(of=("self",)).filter(public_id=public_id).first()
    if game is None:
        raise game_not_found(public_id)
    return game


def _require_lobby(game: Game) -> None:
    if game.status != Game.Status.LOBBY:
        raise DomainError(
            "not_in_lobby",
            f"The game is {game.status}; seats change and games start only in the lobby.",
            409,
        )


def _require_active(game: Game) -> None:
    if game.status == Game.Status.FINISHED:
        raise DomainError("game_over", "The game is over; there is nothing to decide.", 409)
    if game.status != Game.Status.ACTIVE:
        raise DomainError(
            "game_not_active", f"The game is {game.status}; decisions open once it starts.", 409
        )


def _touch(game: Game) -> None:
    game.updated_at = clock.now()
    game.save(update_fields=["status", "updated_at"])


def game_advance(game_id: int, *, slow_bots: bool = True) -> bool:
    """Sample chance and let bots play until a player is asked; False if nothing was due.
    The advance task runs it after a change left the game waiting on the server; a reply by
    email runs it in its own transaction, so the answer it sends carries the next prompt,
    with `slow_bots=False`: a slow bot's prompt is left to the advance task asked for when
    that transaction commits, since the bot must not think under the game's lock."""
    return advancing.game_advance(game_id, slow_bots=slow_bots)


def isolated(game_id: int, work: Callable[[], Result], default: Result) -> Result:
    """Run one game's work for an app above (the reminders); if the game itself fails, count
    it on the game (crashed after GAME_ADVANCE_MAX_FAILURES) and return `default`."""
    return advancing.isolated(game_id, work, default)
