"""What a finished game's log shows of each player's seat, kept once it ends (SeatRecord): the
city they played, and how long each of their own answers took.

An answer's time runs from the moment the seat was asked after owing nothing (the log entry
after which the engine first asked it, or the game's start) to the seat's first decision
after it, when its own player made that decision. Prompts that follow straight from their own
answer (a chain) are the same turn and not timed again. A decision the server took at a
deadline, a bot's or a substitute's is no answer of the player's: that turn is not timed, and
the seat's time starts anew if it is still asked after it. The log is replayed through the
engine to know who was asked when (a few milliseconds a game).
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction

import engine
from games.models import NOTICE, Actor, Game
from ratings.models import SeatRecord
from ratings.standings import seat_owners


def record_game(game_id: int) -> int:
    """Keep the seat records of a finished game, once; return how many were written."""
    game = Game.objects.filter(id=game_id, status=Game.Status.FINISHED).first()
    if game is None or SeatRecord.objects.filter(game=game).exists():
        return 0
    seats = list(game.seats.all())
    owners = seat_owners(game, seats)
    if not owners:
        return 0
    names = dict(
        get_user_model().objects.filter(pk__in=owners.values()).values_list("pk", "username")
    )
    seconds, cities = _replay(game, {position: names[user] for position, user in owners.items()})
    records = [
        SeatRecord(
            game=game,
            user_id=user_id,
            position=position,
            city=cities.get(position, ""),
            answer_seconds=seconds[position],
        )
        for position, user_id in owners.items()
    ]
    with transaction.atomic():
        written = SeatRecord.objects.bulk_create(records, ignore_conflicts=True)
    return len(written)


def _replay(game: Game, players: dict[int, str]) -> tuple[dict[int, list[int]], dict[int, str]]:
    """Each player's seat's answer times (seconds) and the city it played, from the log."""
    rules = engine.get_game(game.game_type)
    state = rules.new_game(game.num_seats, game.options)
    start = game.started_at or game.created_at
    asked: dict[int, datetime] = dict.fromkeys(rules.deciding(state), start)
    timed: set[int] = set()  # seats whose turn was timed already: the rest of it is a chain
    seconds: dict[int, list[int]] = {position: [] for position in players}
    fields = ("type", "seat", "payload", "version", "auto", "actor", "actor_name", "created_at")
    for row in game.events.exclude(type=NOTICE).order_by("seq").only(*fields):
        seat = row.seat
        own = (
            row.type == "decision"
            and row.actor == Actor.PLAYER
            and seat in players
            and row.actor_name == players[seat]
        )
        if own and seat in asked and seat not in timed:
            seconds[seat].append(max(0, round((row.created_at - asked[seat]).total_seconds())))
            timed.add(seat)
        event = engine.Event(row.type, row.payload, seat, row.version, row.auto)
        state = rules.advance(state, event)
        deciding = set(rules.deciding(state))
        for position in list(asked):
            if position not in deciding:
                del asked[position]
                timed.discard(position)
        for position in deciding - asked.keys():
            asked[position] = row.created_at
        if row.type == "decision" and not own and seat is not None and seat in deciding:
            asked[seat] = row.created_at  # answered for them: their own time starts anew
            timed.discard(seat)
    return seconds, _cities(state, players)


def _cities(state, players: dict[int, str]) -> dict[int, str]:
    """The city each seat played (a Khôra state's players have one; another game's, none)."""
    seats = getattr(state, "players", [])
    return {
        position: getattr(seats[position], "city", None) or ""
        for position in players
        if position < len(seats)
    }
