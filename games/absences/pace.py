"""Seeing the pace: when a game should end at its current pace, and how long each player
takes to answer (their median over the game). Read from the steps' and decisions' times
only (never a replay): a step's key names its round ("r3.s41", the engine's step_key).
Time paused by agreement is not play: it is left out of the rounds' lengths, and a pause
running now moves the expected end on by what is left of it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from statistics import median
from typing import Any

from games.absences.models import Pause
from games.models import GameEvent, GameStep

# A pause's time: when it started and when it ended, or will end if it is running.
Span = tuple[datetime, datetime]

# The rounds whose durations set the pace: the last few, as players speed up or slow down.
PACE_ROUNDS = 3


def _round_of(key: str) -> int | None:
    head = key.split(".", 1)[0]
    return int(head[1:]) if head.startswith("r") and head[1:].isdigit() else None


def game_pace(game, seats, current_round: int | None, total_rounds: int | None, now: datetime):
    steps = list(GameStep.objects.filter(game=game).order_by("number"))
    spans = (
        Pause.objects.filter(game=game, starts_at__isnull=False, ends_at__isnull=False)
        .exclude(status=Pause.Status.PROPOSED)
        .values_list("starts_at", "ends_at")
    )
    # Filtered already; the comprehension tells the type the times are set.
    paused = [(starts, ends) for starts, ends in spans if starts is not None and ends is not None]
    return {
        "expected_end": _expected_end(steps, current_round, total_rounds, now, paused),
        "median_answer_hours": _median_answers(game, seats, steps),
    }


def _paused_within(paused: Sequence[Span], start: datetime, end: datetime) -> timedelta:
    """How long the pauses ran between `start` and `end`."""
    total = timedelta(0)
    for began, ended in paused:
        total += max(timedelta(0), min(end, ended) - max(start, began))
    return total


def _expected_end(
    steps, current_round, total_rounds, now: datetime, paused: Sequence[Span] = ()
) -> datetime | None:
    """The current round's start plus the rounds left (this one included) at the mean length
    of the last PACE_ROUNDS finished rounds, each without its paused time, plus the time
    paused since the current round began (a running pause to its end); never before now or
    a running pause's end. None before a round has finished."""
    if not current_round or not total_rounds:
        return None
    starts: dict[int, datetime] = {}
    for step in steps:
        number = _round_of(step.key)
        if number is not None and number >= 1:
            starts.setdefault(number, step.opened_at)
    finished = [r for r in sorted(starts) if r + 1 in starts and r < current_round]
    lengths = [
        starts[r + 1] - starts[r] - _paused_within(paused, starts[r], starts[r + 1])
        for r in finished
    ][-PACE_ROUNDS:]
    if not lengths or current_round not in starts:
        return None
    per_round = sum(lengths, timedelta(0)) / len(lengths)
    left = total_rounds - current_round + 1
    begun = starts[current_round]
    still_paused = _paused_within(paused, begun, datetime.max.replace(tzinfo=begun.tzinfo))
    return max(now, *(ended for _began, ended in paused), begun + per_round * left + still_paused)


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
        assert position is not None  # filtered on the people's seats
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
