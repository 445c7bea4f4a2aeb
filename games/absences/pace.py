"""Seeing the pace: when a game should end at its current pace, and how long each player
takes to answer (their median over the game). Read from the steps' and decisions' times
only (never a replay): a step's key names its round ("r3.s41", the engine's step_key)."""

from __future__ import annotations

from datetime import datetime, timedelta
from statistics import median
from typing import Any

from games.models import GameEvent, GameStep

# The rounds whose durations set the pace: the last few, as players speed up or slow down.
PACE_ROUNDS = 3


def _round_of(key: str) -> int | None:
    head = key.split(".", 1)[0]
    return int(head[1:]) if head.startswith("r") and head[1:].isdigit() else None


def game_pace(game, seats, current_round: int | None, total_rounds: int | None, now: datetime):
    steps = list(GameStep.objects.filter(game=game).order_by("number"))
    return {
        "expected_end": _expected_end(steps, current_round, total_rounds, now),
        "median_answer_hours": _median_answers(game, seats, steps),
    }


def _expected_end(steps, current_round, total_rounds, now: datetime) -> datetime | None:
    """The current round's start plus the rounds left (this one included) at the mean length
    of the last PACE_ROUNDS finished rounds; None before a round has finished."""
    if not current_round or not total_rounds:
        return None
    starts: dict[int, datetime] = {}
    for step in steps:
        number = _round_of(step.key)
        if number is not None and number >= 1:
            starts.setdefault(number, step.opened_at)
    finished = [r for r in sorted(starts) if r + 1 in starts and r < current_round]
    lengths = [starts[r + 1] - starts[r] for r in finished][-PACE_ROUNDS:]
    if not lengths or current_round not in starts:
        return None
    per_round = sum(lengths, timedelta(0)) / len(lengths)
    left = total_rounds - current_round + 1
    return max(now, starts[current_round] + per_round * left)


def _median_answers(game, seats, steps) -> list[dict[str, Any]]:
    """Per person's seat: the median time from a step's opening to their first own answer in
    it (answers the server made for them are left out), in hours with one decimal."""
    people = {seat.position: seat for seat in seats if seat.user_id and not seat.is_bot}
    decisions = (
        GameEvent.objects.filter(game=game, type="decision", auto=False, seat__in=list(people))
        .order_by("seq")
        .values_list("seat", "created_at")
    )
    opened = [(step.opened_at, step.closed_at, set(step.seats)) for step in steps]
    delays: dict[int, list[float]] = {position: [] for position in people}
    answered: set[tuple[int, int]] = set()
    index = 0
    for position, at in decisions:
        # A step opens as the answer that closed the one before is made: that answer is the
        # earlier step's (strictly later openings only).
        while index + 1 < len(opened) and opened[index + 1][0] < at:
            index += 1
        if not opened or opened[index][0] > at or (index, position) in answered:
            continue
        answered.add((index, position))
        delays[position].append((at - opened[index][0]).total_seconds() / 3600)
    return [
        {
            "seat": position,
            "player": people[position].user.username,
            "hours": round(median(delays[position]), 1) if delays[position] else None,
            "answers": len(delays[position]),
        }
        for position in sorted(people)
    ]
