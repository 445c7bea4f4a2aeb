"""A player whose seat someone else plays: who plays it (a bot standing in for them, or a
substitute), since when, and taking it back with one button rather than by answering.

The rules of who may take a seat back are the substitutes' (games.absences.substitutes): a
seat a bot plays comes back at once; a seat a substitute plays only once the substitute leaves
it, so a player who vanished cannot take a seat from under someone who stepped in.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from common import clock
from common.errors import DomainError
from games.absences.models import Absence, Substitution
from games.models import NOTICE, Game, GameEvent, Seat, is_public_id
from games.selectors import game_not_found
from games.write.writer import GameWriter

# The log's notices after which someone else plays a seat.
HANDED_OVER = ("bot_plays_seat", "bot_voted_in", "substitute_left", "substitute_joined")


def _since(game_id: int, position: int):
    """When the seat last changed hands, from the log's notice that says so."""
    return (
        GameEvent.objects.filter(
            game_id=game_id, seat=position, type=NOTICE, payload__kind__in=HANDED_OVER
        )
        .order_by("-seq")
        .values_list("created_at", flat=True)
        .first()
    )


def replaced_seats(user, game: Game | None = None) -> list[dict[str, Any]]:
    """The user's seats in games in progress that someone else plays now (in `game` only,
    when given): {game, position, by ("bot" or "substitute"), substitute, since,
    can_take_back}."""
    bots = Seat.objects.filter(
        user=user, autoplay=True, is_bot=False, game__status=Game.Status.ACTIVE
    ).select_related("game__creator")
    subs = Substitution.objects.filter(
        original=user, until_seq__isnull=True, game__status=Game.Status.ACTIVE
    ).select_related("game__creator", "substitute")
    if game is not None:
        bots, subs = bots.filter(game=game), subs.filter(game=game)
    rows = [
        {
            "game": seat.game,
            "position": seat.position,
            "by": "bot",
            "substitute": None,
            "since": _since(seat.game_id, seat.position),
            "can_take_back": True,
        }
        for seat in bots
    ]
    rows += [
        {
            "game": sub.game,
            "position": sub.position,
            "by": "substitute",
            "substitute": sub.substitute.username,
            "since": _since(sub.game_id, sub.position),
            "can_take_back": False,
        }
        for sub in subs
    ]
    return sorted(rows, key=lambda row: (row["since"] is None, row["since"]), reverse=True)


def take_back(*, public_id: str, user) -> Seat:
    """The player plays their seat again from now on: no bot answers for it, their misses
    are forgotten, and an automatic holiday of theirs ends (they are here)."""
    if not is_public_id(public_id):
        raise game_not_found(public_id)
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(public_id=public_id).first()
        if game is None:
            raise game_not_found(public_id)
        if game.status != Game.Status.ACTIVE:
            raise DomainError("game_not_active", "Only a game in progress has seats to take.", 409)
        writer = GameWriter(game)
        seat = next((seat for seat in writer.seats if seat.user_id == user.pk), None)
        if seat is None:
            _refuse_substituted(game, user)
        assert seat is not None
        if not seat.autoplay:
            raise DomainError("seat_not_bot_played", "No bot plays your seat: it is yours.", 409)
        now = clock.now()
        seat.autoplay, seat.missed_deadlines, seat.asked_at = False, 0, now
        seat.save(update_fields=["autoplay", "missed_deadlines", "asked_at"])
        Absence.objects.filter(user=user, automatic=True, ended_at__isnull=True).update(
            ended_at=now, ending=Absence.Ending.ANSWERED
        )
        writer.seat_taken_back(seat)
        writer.commit()
    return seat


def _refuse_substituted(game: Game, user) -> None:
    current = (
        Substitution.objects.filter(game=game, original=user, until_seq__isnull=True)
        .select_related("substitute")
        .first()
    )
    if current is not None:
        raise DomainError(
            "substitute_plays",
            f"{current.substitute.username} plays your seat as a substitute; it comes back to "
            "you when they leave it.",
            409,
        )
    raise DomainError("not_seated", "You have no seat in this game.", 403)
