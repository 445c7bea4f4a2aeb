"""What holidays, pauses and nudges tell: the emails to the players concerned (notifications
kinds player_away, pause_asked, pause_decided, nudge). Their notices in the game's log
(public, as the server's other notices) go through the log's one writer
(games.write.writer.write_notice). Called under the game's lock."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from games import events
from games.absences.selectors import days_left
from games.models import Game, Seat
from games.write.writer import write_notice


def player_away(game: Game, seat: Seat, absence, start) -> None:
    """The game starts waiting for a player on holiday: say so in its log and tell the others."""
    # A player on holiday is a person, never a bot's seat.
    assert seat.user_id is not None and seat.user is not None
    until = absence.ends_at
    write_notice(
        game,
        "player_away",
        seat.position,
        until=until.isoformat() if until else None,
        days_left=days_left(seat.user_id, start),
    )
    name = seat.user.username
    for other in _people(game, but=seat.user_id):
        tell(
            other,
            game,
            step=f"away{absence.pk}",
            kind="player_away",
            absence={
                "player": name,
                "until": until,
                "days_left": days_left(seat.user_id, start),
                "automatic": absence.automatic,
            },
        )


def holiday_capped(game: Game, seat: Seat, days: int) -> None:
    write_notice(game, "holiday_capped", seat.position, days=days)


def tell(
    seat: Seat, game: Game, *, step: str, kind: str, reply_prompt: str = "", **extra: Any
) -> None:
    """Write one email of `kind` to `seat`'s player (once per step and kind: the outbox's
    cause), with the game's public facts."""
    context = {**game_context(game), **extra}
    told = events.PlayerTold(seat.user, game, step, kind, context, reply_prompt=reply_prompt)
    events.emit(told)


def game_context(game: Game) -> dict[str, Any]:
    """The public facts every email about the game names (notifications.game_emails gives
    these and the list of players, which no email about an absence shows)."""
    return {
        "game_id": game.public_id,
        "game_name": game.name,
        "game_type": game.game_type,
        "creator": game.creator.username,
        "game_url": f"{settings.SITE_URL}/games/{game.public_id}/",
        "deadline": None,
    }


def _people(game: Game, but: int | None = None) -> list[Seat]:
    seats = game.seats.select_related("user").filter(is_bot=False, user__isnull=False)
    return [seat for seat in seats if seat.user_id != but]
