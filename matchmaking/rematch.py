"""Rematch: the people of a finished game play again at the same table, once each accepts.

The first player to ask proposes (and accepts); the new game starts with the last acceptance.
The table is the same: the same people (whoever held each seat at the end) and the same bots
at their levels; the same options, step length, name and privacy. The first person of the old
table creates the new game: games seats its creator first, the bots next, then the others in
their old order. An offer expires as a queue entry does (MATCHMAKING_ENTRY_HOURS).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction

from common import clock
from common.errors import DomainError
from games import selectors as game_selectors
from games.models import Game, Seat
from matchmaking.models import RematchAcceptance, RematchOffer
from matchmaking.services import lock_queue, start_table


def rematch_accept(*, public_id: str, user) -> dict[str, Any]:
    """Propose or accept the rematch of a finished game; the last acceptance starts it."""
    now = clock.now()
    with transaction.atomic():
        lock_queue()  # one lock for every matchmaking write: two acceptances start one game
        game = game_selectors.game_get(public_id)
        seats = _seats(game)
        _require_player(game, seats, user)
        offer = RematchOffer.objects.filter(finished=game).first()
        if (
            offer is not None
            and offer.status == RematchOffer.Status.OPEN
            and offer.expires_at <= now
        ):
            offer.status = RematchOffer.Status.EXPIRED
        if offer is None or offer.status == RematchOffer.Status.EXPIRED:
            offer = offer or RematchOffer(finished=game)
            offer.proposer = user
            offer.status = RematchOffer.Status.OPEN
            offer.created_at = now
            offer.expires_at = now + timedelta(hours=settings.MATCHMAKING_ENTRY_HOURS)
            offer.save()
            offer.acceptances.all().delete()
        if offer.status == RematchOffer.Status.OPEN:
            RematchAcceptance.objects.get_or_create(offer=offer, user=user)
            people = [seat.user for seat in seats if seat.user_id is not None]
            accepted = set(offer.acceptances.values_list("user_id", flat=True))
            if all(person.pk in accepted for person in people):
                offer.game = start_table(
                    people,
                    game_type=game.game_type,
                    step_hours=game.step_hours,
                    options=game.options,
                    bots=[seat.bot_level for seat in seats if seat.user_id is None],
                    name=game.name,
                    private=game.private,
                )
                offer.status = RematchOffer.Status.STARTED
                offer.save(update_fields=["game", "status"])
    return rematch_state(public_id=public_id, user=user)


def rematch_state(*, public_id: str, user) -> dict[str, Any]:
    """Whether a rematch is asked, who accepted, and the new game once it started."""
    game = game_selectors.game_get(public_id)
    seats = _seats(game)
    _require_player(game, seats, user)
    offer = RematchOffer.objects.filter(finished=game).first()
    status = offer.status if offer else "none"
    if offer and status == RematchOffer.Status.OPEN and offer.expires_at <= clock.now():
        status = RematchOffer.Status.EXPIRED
    accepted = set(offer.acceptances.values_list("user_id", flat=True)) if offer else set()
    live = status in (RematchOffer.Status.OPEN, RematchOffer.Status.STARTED)
    return {
        "game": game.public_id,
        "status": status,
        "players": [
            {"username": seat.user.username, "accepted": live and seat.user_id in accepted}
            for seat in seats
            if seat.user_id is not None
        ],
        "bots": [seat.bot_level for seat in seats if seat.user_id is None],
        "you_accepted": live and user.pk in accepted,
        "expires_at": offer.expires_at if offer and status == "open" else None,
        "new_game": offer.game.public_id if offer and offer.game_id else None,
    }


def _seats(game: Game) -> list[Seat]:
    return list(game.seats.select_related("user").order_by("position"))


def _require_player(game: Game, seats: list[Seat], user) -> None:
    if not user.is_authenticated or not any(seat.user_id == user.pk for seat in seats):
        raise DomainError(
            "not_seated", "Only the players of the game can ask for or accept its rematch.", 403
        )
    if game.status != Game.Status.FINISHED:
        raise DomainError(
            "game_not_finished",
            f"The game is {game.status}; a rematch is asked once it is finished.",
            409,
        )
