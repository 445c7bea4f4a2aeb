"""Reads: who is away in a game and for how long, as the API, the page and the emails say it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from common import clock
from games.absences import bank
from games.absences.lookups import (
    active_pause,
    away_positions,
    current_absences,
    deadline_after_pause,
)
from games.absences.owing import circumstances, owes_answer, owing_positions
from games.absences.pace import game_pace


def days_left(user_id: int, moment: datetime) -> float:
    """The player's holiday left this year, in days (one decimal), as others are told it."""
    return round(bank.left_seconds(user_id, moment) / bank.DAY, 1)


def away_in_game(game, seats, now: datetime) -> list[dict[str, Any]]:
    """The players of `game` away now for whom it waits: "Ann is away until Thu 14:00 (5 days
    of holiday left)". `until` is None for an automatic holiday (until they answer)."""
    positions = away_positions(game, seats, now)
    if not positions:
        return []
    by_user = {seat.user_id: seat for seat in seats if seat.position in positions}
    entries = []
    for absence in current_absences(by_user, now).order_by("starts_at"):
        seat = by_user.pop(absence.user_id, None)
        if seat is None:
            continue
        entries.append(
            {
                "seat": seat.position,
                "player": seat.user.username,
                "until": absence.ends_at,
                "automatic": absence.automatic,
                "days_left": days_left(seat.user_id, now),
            }
        )
    return sorted(entries, key=lambda entry: entry["seat"])


def pause_summary(pause, now: datetime) -> dict[str, Any] | None:
    if pause is None:
        return None
    return {
        "id": pause.pk,
        "status": pause.status,
        "days": pause.days,
        "proposed_by": pause.proposed_by.username,
        "proposed_at": pause.proposed_at,
        "accepted": sorted(pause.accepted),
        "end_votes": sorted(pause.end_votes),
        "starts_at": pause.starts_at,
        "ends_at": pause.ends_at,
    }


# `pause` not given: read the game's.
_READ: Any = object()


def deadline(game, step, pause=_READ) -> datetime | None:
    """The open step's deadline as players are told it: in a running pause, where it will
    stand once the pause ends (lookups.deadline_after_pause). `pause`: the game's active pause
    (lookups.active_pause), when the caller has read it already."""
    if step is None:
        return None
    if pause is _READ:
        pause = active_pause(game)
    return deadline_after_pause(step, pause, clock.now())


def game_now(game, pending: dict, pause) -> dict[str, Any]:
    """What a game in progress shows besides the engine's view: whom it waits for (the seats
    that owe an answer, as the others may know it), who is away, for whom of them the deadline
    waits, and its pause (`pause`: lookups.open_pause, read once by the caller)."""
    now = clock.now()
    seats = list(game.seats.select_related("user").order_by("position"))
    known = circumstances(game, seats, now, paused=pause is not None and pause.runs_at(now))
    return {
        "waiting_for": sorted(
            owing_positions(game, seats, pending, now, seen_by_others=True, known=known)
        ),
        "away": away_in_game(game, seats, now),
        # The deadline waits for them, hour by hour of their holiday (waiting.step_waits; a
        # lone answer counts as a choice here, as in "waiting for", so that it tells nothing
        # of a hidden hand).
        "deadline_held_for": sorted(
            seat.position
            for seat in seats
            if seat.position in known.away
            and owes_answer(seat, pending.get(seat.position), seen_by_others=True)
        ),
        "pause": pause_summary(pause, now),
    }


def pace(game, current_round, total_rounds, finished: bool) -> dict[str, Any]:
    """The game's expected end at its current pace (None once over or too early to tell) and
    each player's median answer time."""
    seats = list(game.seats.select_related("user").order_by("position"))
    result = game_pace(game, seats, current_round, total_rounds, clock.now())
    if finished:
        result["expected_end"] = None
    return result
