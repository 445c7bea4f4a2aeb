"""Who acted in each log entry, and the names a past entry is told with.

The actor is recorded with the entry when it is written (`recorded`, by games.write.writer),
never worked out from who holds the seat today: a substitute who takes a seat must not become
the author of the original player's moves, and a bot's move is no missed deadline. The other
seats a past line names are named as they were held then (`Holders`, from the substitutions).
Entries written before actors were recorded are read as their flags say (`of_row`).
"""

from __future__ import annotations

from typing import Any

from engine.khora import catalog
from games.absences.models import Substitution
from games.models import Actor, GameEvent, Seat

DECISION = "decision"
# The line the engine adds to every decision the server made for a seat; it is true only of a
# deadline's default, so the lines of a bot's move leave it out.
DEADLINE_LINE = "deadline_default"


class Recorder:
    """The actor of each event a writer appends, from the seats it read under the game's
    lock (the substitutes playing now are read once, at a player's first own decision)."""

    def __init__(self, game, seats: list[Seat]):
        self.game = game
        self.seats = {seat.position: seat for seat in seats}
        self._substituted: set[int] | None = None

    def of(self, event) -> tuple[str, str]:
        """(actor, name) of an engine event about to be appended."""
        seat = self.seats.get(event.seat) if event.seat is not None else None
        if event.type != DECISION or seat is None:
            return "", ""
        name = _username(seat)
        if event.data.get("bot"):  # a bot's seat, or a bot playing for an absent player
            return Actor.BOT, name
        if event.auto:
            return Actor.DEADLINE, name
        return (Actor.SUBSTITUTE if self._substitute(seat) else Actor.PLAYER), name

    def _substitute(self, seat: Seat) -> bool:
        if hasattr(seat, "substituted"):  # read with the seats (games.write.locked_reads)
            return bool(seat.substituted)
        if self._substituted is None:
            current = Substitution.objects.filter(game=self.game, until_seq__isnull=True)
            self._substituted = set(current.values_list("position", flat=True))
        return seat.position in self._substituted


def _username(seat: Seat) -> str:
    """The seat's player's username, as read with the seats when it was (locked_reads)."""
    if not seat.user_id:
        return ""
    if hasattr(seat, "username"):
        return seat.username or ""
    user = seat.user
    return user.username if user is not None else ""


def of_row(row: GameEvent) -> tuple[str, str]:
    """The entry's (actor, name); for an entry written before they were recorded, what its
    flags say, with no name (the seat is then named as it was held: `Holders`)."""
    if row.actor:
        return row.actor, row.actor_name
    if row.type != DECISION or row.seat is None:
        return "", ""
    if row.payload.get("bot"):
        return Actor.BOT, ""
    return (Actor.DEADLINE if row.auto else Actor.PLAYER), ""


class Holders:
    """Who held each seat at each seq, from the game's substitutions: the substitute from
    `from_seq` until `until_seq`, the original player before and after."""

    def __init__(self, game):
        self._spans: dict[int, list[Any]] = {}
        rows = Substitution.objects.filter(game=game).select_related("original", "substitute")
        for row in rows.order_by("from_seq"):
            self._spans.setdefault(row.position, []).append(row)

    def __bool__(self) -> bool:
        return bool(self._spans)

    def at(self, position: int, seq: int) -> str | None:
        """The username that held the seat at `seq`, or None: as it is held now."""
        for span in self._spans.get(position, []):
            if span.from_seq <= seq and (span.until_seq is None or seq < span.until_seq):
                return span.substitute.username
            if seq < span.from_seq:
                return span.original.username
        spans = self._spans.get(position)
        return spans[-1].original.username if spans else None


def names_at(
    row: GameEvent, names: list[str], holders: Holders, bot_seats: set[int], lang: str
) -> list[str]:
    """The seats' names for the lines of `row`: each seat as it was held at the time, and
    the seat that acted named by its recorded actor (a bot playing for a player: "a bot for
    anna")."""
    if holders:
        names = [holders.at(position, row.seq) or name for position, name in enumerate(names)]
    actor, name = of_row(row)
    if not actor or row.seat is None or row.seat >= len(names):
        return names
    names = list(names)
    if actor == Actor.BOT:
        if row.seat not in bot_seats:
            names[row.seat] = catalog.text("actor.bot_for", lang, name=name or names[row.seat])
    elif name:
        names[row.seat] = name
    return names


def keeps(row: GameEvent, line: dict[str, Any]) -> bool:
    """Whether a line the engine narrated for `row` is true of it: "missed the deadline" only
    for a deadline's default."""
    return line.get("msg") != DEADLINE_LINE or of_row(row)[0] == Actor.DEADLINE


def described(row: GameEvent, told: list[str]) -> dict[str, Any] | None:
    """The entry's actor as the API's log gives it (`told`: the names its lines are told
    with, names_at): its kind, the player (who acted, missed the deadline, or whom a bot
    played for; null for a bot's own seat) and the words naming it; None for chance and
    notices."""
    actor, name = of_row(row)
    if not actor or row.seat is None or row.seat >= len(told):
        return None
    player = name or None
    if player is None and actor != Actor.BOT:
        player = told[row.seat]
    return {"kind": str(actor), "player": player, "text": told[row.seat]}
