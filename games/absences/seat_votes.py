"""The table's say: once a player's own time to answer is up (holiday or not), the other
players present may vote to let a bot play that seat now, rather than wait for the deadline
ladder. A majority of the players present decides; the vote is in the log; the absent player
is told by email (notifications: bot_playing) and takes the seat back by answering, as from
any bot standing in for them.

"Time is up" is the seat's own time, not the step's deadline: a holiday holds the deadline
hour by hour, yet the table may still ask a bot to play. It runs from when the seat was asked
(Seat.asked_at), for the game's step length, and never counts a pause agreed by all.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction

from common import clock
from common.errors import DomainError
from games.absences import owing
from games.absences.models import Pause, SeatVote
from games.models import Game, GameEvent, Seat, is_public_id
from games.selectors import game_not_found
from games.write.state_store import engine_game, load_state
from games.write.writer import GameWriter


@dataclass(frozen=True)
class Table:
    """What a vote needs about a game now, read once (under the game's lock when voting)."""

    game: Game
    seats: list[Seat]
    pending: dict  # the engine's seat → prompt
    step: Any  # the open GameStep, or None
    known: owing.Circumstances
    now: datetime


def time_up_at(table: Table, seat: Seat) -> datetime | None:
    """When the seat's own time to answer its prompt runs out (None: it is not asked now).
    From when it was asked in the open step, plus the step's length; a pause that ended
    since starts the count again from its end (the pause moved every deadline on)."""
    step = table.step
    if step is None or seat.position not in step.seats or seat.position not in table.pending:
        return None
    start = max(seat.asked_at or step.opened_at, step.opened_at)
    pause_end = (
        Pause.objects.filter(game=table.game, starts_at__isnull=False, ends_at__lte=table.now)
        .order_by("-ends_at")
        .values_list("ends_at", flat=True)
        .first()
    )
    if pause_end is not None and pause_end > start:
        start = pause_end
    return min(start + timedelta(hours=table.game.step_hours), step.deadline)


def present(table: Table, but: int, voted: Collection[int] = ()) -> list[Seat]:
    """The players at the table now, besides seat `but`: people whose seat no bot plays and
    who are not away on holiday, or who voted (a player on holiday who votes is here)."""
    return [
        seat
        for seat in table.seats
        if seat.position != but
        and seat.user_id
        and not seat.is_bot
        and not seat.autoplay
        and (seat.position not in table.known.away or seat.user_id in voted)
    ]


def votes_since(table: Table, seat: Seat) -> list[SeatVote]:
    """The votes on the seat that still count: cast after its player's last own answer."""
    last = (
        GameEvent.objects.filter(game=table.game, seat=seat.position, type="decision", auto=False)
        .order_by("-seq")
        .values_list("created_at", flat=True)
        .first()
    )
    votes = SeatVote.objects.filter(game=table.game, position=seat.position)
    if last is not None:
        votes = votes.filter(created_at__gt=last)
    return list(votes.select_related("voter").order_by("created_at", "id"))


def state_of(table: Table, seat: Seat) -> dict[str, Any]:
    """The vote on one person's seat as everyone may see it: whether it is open, since when
    the player's time is up, the votes cast and how many it takes."""
    due = time_up_at(table, seat)
    owes = owing.owes_answer(seat, table.pending.get(seat.position), seen_by_others=True)
    cast = votes_since(table, seat)
    voters = present(table, but=seat.position, voted={vote.voter_id for vote in cast})
    counted = _counted(cast, voters)
    return {
        "seat": seat.position,
        "player": seat.user.username if seat.user else None,
        "open": bool(owes and not table.known.paused and due is not None and due <= table.now),
        "time_up_at": due,
        "votes": len(counted),
        "needed": needed(len(voters)),
        "voters": [vote.voter.username for vote in counted],
        "bot_plays": seat.autoplay,
    }


def needed(present_count: int) -> int:
    """A majority of the players present (at least one vote)."""
    return present_count // 2 + 1


def _counted(cast: list[SeatVote], voters: list[Seat]) -> list[SeatVote]:
    """The votes that count: one per player still present, since the absent one's answer."""
    allowed = {voter.user_id for voter in voters}
    counted, seen = [], set()
    for vote in cast:
        if vote.voter_id in allowed and vote.voter_id not in seen:
            seen.add(vote.voter_id)
            counted.append(vote)
    return counted


def votes_in(game: Game, seats: list[Seat], pending: dict, step, now: datetime) -> list[dict]:
    """The vote on every person's seat of the game whose player owes an answer now, as the
    others see it (holidays included: a player away may be voted on once their time is up)."""
    known = owing.circumstances(game, seats, now)
    table = Table(game, seats, pending, step, known, now)
    return [
        state_of(table, seat)
        for seat in seats
        if seat.user_id
        and not seat.is_bot
        and not seat.autoplay
        and owing.owes_answer(seat, pending.get(seat.position), seen_by_others=True)
    ]


def votes_of_game(game: Game) -> list[dict]:
    """`votes_in` for a game as it is now (a read: the page, the API)."""
    if game.status != Game.Status.ACTIVE:
        return []
    seats = list(game.seats.select_related("user").order_by("position"))
    if not any(seat.pending_prompt for seat in seats):
        return []
    pending = engine_game(game).pending(load_state(game))
    step = game.steps.filter(closed_at__isnull=True).order_by("-number").first()
    return votes_in(game, seats, pending, step, clock.now())


def vote(*, public_id: str, user, position: int) -> dict[str, Any]:
    """The user votes to let a bot play seat `position` now; the vote is logged, and once a
    majority of the players present agrees, a bot plays the seat until its player answers.
    Voting twice counts once. Returns the vote's state after it."""
    if not is_public_id(public_id):
        raise game_not_found(public_id)
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(public_id=public_id).first()
        if game is None:
            raise game_not_found(public_id)
        if game.status != Game.Status.ACTIVE:
            raise DomainError(
                "game_not_active", "Only a game in progress has seats to vote on.", 409
            )
        writer = GameWriter(game)
        now = clock.now()
        mine = next((seat for seat in writer.seats if seat.user_id == user.pk), None)
        if mine is None or mine.autoplay:
            raise DomainError(
                "not_seated", "Only the players at the table (no bot playing for them) vote.", 403
            )
        target = next((seat for seat in writer.seats if seat.position == position), None)
        if target is None or target.pk == mine.pk or target.is_bot or not target.user_id:
            raise DomainError(
                "invalid_seat", f"Seat {position} is not another player's seat in this game.", 422
            )
        pending = writer.rules.pending(writer.state)
        known = owing.circumstances(game, writer.seats, now)
        table = Table(game, writer.seats, pending, writer.open_step(), known, now)
        _require_open(table, target)
        assert target.user is not None  # checked above: a player's seat
        name = target.user.username
        if all(vote.voter_id != user.pk for vote in votes_since(table, target)):
            SeatVote.objects.create(game=game, position=position, voter=user, created_at=now)
            result = state_of(table, target)
            writer.note(
                "seat_vote",
                position,
                player=user.username,
                votes=result["votes"],
                needed=result["needed"],
            )
        result = state_of(table, target)
        if result["votes"] >= result["needed"]:
            target.autoplay = True
            target.save(update_fields=["autoplay"])
            writer.bot_takes_over(target, voted_by=result["voters"])
            writer.run_automatic()
        writer.commit()
    return {**result, "player": name, "bot_plays": target.autoplay}


def _require_open(table: Table, target: Seat) -> None:
    if table.known.paused:
        raise DomainError("pause_running", "The game is paused: nobody's time runs.", 409)
    if target.autoplay or not owing.owes_answer(
        target, table.pending.get(target.position), seen_by_others=True
    ):
        raise DomainError(
            "nothing_owed",
            "This player owes no answer now (answered, or a bot plays for them already).",
            409,
        )
    due = time_up_at(table, target)
    if due is None or due > table.now:
        raise DomainError(
            "time_not_up",
            "This player's time to answer is not up yet; the table may vote once it is.",
            409,
        )
