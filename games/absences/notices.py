"""What holidays, pauses and nudges tell: a notice in the game's log (public, as the server's
other notices) and the emails to the players concerned (notifications kinds player_away,
pause_asked, pause_decided, nudge). Called under the game's lock."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from common import clock
from games import events
from games.models import Game, Seat
from games.write.writer import write_notice


def game_changed(game: Game) -> None:
    """What the game shows changed (a deadline, who is away): its ETag and open streams move.
    The caller holds the game's lock."""
    game.updated_at = clock.now()
    Game.objects.filter(pk=game.pk).update(updated_at=game.updated_at, last_seq=game.last_seq)
    events.emit(events.GameChanged(game=game, user_ids=[]))


def log_notice(game: Game, kind: str, seat: int | None, **data: Any) -> int:
    """A notice in the game's log, taking its next seq (the caller holds the game's lock),
    written by the game's one log writer; the game's page and streams move."""
    seq = write_notice(game, kind, seat, data)
    game_changed(game)
    return seq


def player_away(game: Game, seat: Seat, absence, start) -> None:
    """The game starts waiting for a player on holiday: say so in its log and tell the others."""
    from games.absences.selectors import days_left

    # A player on holiday is a person, never a bot's seat.
    assert seat.user_id is not None and seat.user is not None
    until = absence.ends_at
    log_notice(
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
    log_notice(game, "holiday_capped", seat.position, days=days)


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
        "creator": game.creator.username,
        "game_url": f"{settings.SITE_URL}/games/{game.public_id}/",
        "deadline": None,
    }


def _people(game: Game, but: int | None = None) -> list[Seat]:
    seats = game.seats.select_related("user").filter(is_bot=False, user__isnull=False)
    return [seat for seat in seats if seat.user_id != but]
