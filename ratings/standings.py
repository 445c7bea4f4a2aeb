"""Who played each seat of a finished game and in which place, as the ratings count it.

A seat is rated for the player it belonged to: its first player, even when a substitute sat
in later (the substitute is not rated for a game they joined halfway). A player who left is
ranked last, below everyone who stayed, all leavers sharing that place: at the end a bot was
playing their seat for them (missed deadlines, the table's vote, a substitute who gave the
seat back), or a substitute held it. A seat a bot played from the start enters with the bot's
fixed rating.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.absences.models import Substitution
from games.models import Game, Seat


@dataclass(frozen=True)
class Standing:
    position: int
    user_id: int | None  # None: a bot's seat
    bot_level: str
    place: int  # as rated: 1 best, equal places tie, leavers last
    left: bool


def standings(game: Game, seats: list[Seat], ranking: list[dict]) -> list[Standing]:
    """The rated standings, in seat order, from the seats as they are at the end and the
    engine's ranking (games.selectors.final_ranking's shape)."""
    engine_place = {seat: group["place"] for group in ranking for seat in group["seats"]}
    owners, substituted_at_end = _owners(game, seats)
    rows: list[tuple[int, int | None, str, bool]] = []
    for seat in sorted(seats, key=lambda s: s.position):
        if seat.is_bot:
            rows.append((seat.position, None, seat.bot_level, False))
            continue
        left = seat.autoplay or seat.position in substituted_at_end
        rows.append((seat.position, owners[seat.position], "", left))
    last = len(rows) + 1
    return [
        Standing(position, user_id, level, last if left else engine_place[position], left)
        for position, user_id, level, left in rows
    ]


def seat_owners(game: Game, seats: list[Seat]) -> dict[int, int]:
    """Each player's seat (position → user id) as the ratings count it: its first player's."""
    return _owners(game, seats)[0]


def _owners(game: Game, seats: list[Seat]) -> tuple[dict[int, int], set[int]]:
    """The seats' first players, and the seats a substitute held at the end."""
    originals: dict[int, int] = {}
    substituted_at_end: set[int] = set()
    for record in Substitution.objects.filter(game=game).order_by("from_seq", "id"):
        originals.setdefault(record.position, record.original_id)
        if record.until_seq is None:
            substituted_at_end.add(record.position)
    owners = {
        seat.position: originals.get(seat.position, seat.user_id or 0)
        for seat in seats
        if not seat.is_bot and seat.user_id is not None
    }
    return owners, substituted_at_end
