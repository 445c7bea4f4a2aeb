"""Deadlines that wait: for a player on holiday (hour by hour, from their bank) and for a
paused game. The minute tick calls `spend_due` before it expires anything; the deadline
worker calls `step_waits` and `start_automatic_holidays` (games.workers.advancing) under the game's
lock before it takes any default.

An hour of holiday is spent ahead, as it starts: it costs an hour of the player's bank once,
however many of their games wait in it, and moves on by an hour the deadline of each game
that waits for them (one whose open step asks them, within its cap of days in a row). So the
deadline of a game that waits is always at least the spent hour ahead of the clock.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import InterfaceError, OperationalError, transaction
from django.db.models import F, Q

from games.absences import bank, notices, owing, pauses
from games.absences.holidays import start_automatic
from games.absences.lookups import is_paused
from games.absences.models import Absence, AwayStretch
from games.absences.owing import Circumstances
from games.models import Game, GameEvent, GameStep, Seat
from games.write.enqueue import enqueue_advance
from games.write.state_store import engine_game, load_state
from games.write.writer import game_changed

log = logging.getLogger(__name__)

HOUR = timedelta(hours=1)
# Hours an absence may spend in one go (a tick after a long gap catches up in chunks).
MAX_HOURS_AT_ONCE = 24 * 400


def step_waits(known: Circumstances, seats, pending: dict) -> bool:
    """Does a step whose deadline passed wait rather than take defaults: the game is paused,
    or a seat it asks would owe an answer but for its player away (within their bank and the
    game's cap)? A seat away with nothing it can do is defaulted as any other."""
    if known.paused:
        return True
    return any(
        seat.position in known.away
        and owing.owes_answer(seat, pending.get(seat.position), away=False)
        for seat in seats
    )


def spend_due(now: datetime) -> int:
    """Spend the holiday hours and the pause time due by `now`; returns the absences and
    pauses that moved something."""
    moved = 0
    due = (
        Absence.objects.filter(ended_at__isnull=True, starts_at__lte=now, accounted_until__lte=now)
        .filter(Q(ends_at__isnull=True) | Q(accounted_until__lt=F("ends_at")))
        .order_by("accounted_until")
        .values_list("id", flat=True)
    )
    for absence_id in list(due):
        moved += _isolated(lambda absence_id=absence_id: _spend_absence(absence_id, now))
    moved += _isolated(lambda: pauses.move_deadlines(now))
    return moved


def _isolated(work) -> int:
    """One absence's (or the pauses') failure never stops the tick: it is logged, and the
    deadlines it would have moved are taken as usual. A database hiccup is raised, as the
    tick's other work does (the next tick does it)."""
    try:
        return int(work())
    except (OperationalError, InterfaceError):
        raise
    except Exception:
        log.exception("Moving deadlines for holidays or pauses failed")
        return 0


def _spend_absence(absence_id: int, now: datetime) -> bool:
    with transaction.atomic():
        absence = Absence.objects.select_for_update().filter(pk=absence_id).first()
        if absence is None or absence.ended_at is not None or absence.accounted_until > now:
            return False
        seats = list(
            Seat.objects.filter(
                user_id=absence.user_id,
                is_bot=False,
                autoplay=False,
                game__status=Game.Status.ACTIVE,
            ).exclude(pending_prompt="")
        )
        # Games locked in one order, so two players' spending never waits on each other.
        games = {
            game.pk: game
            for game in Game.objects.select_for_update()
            .filter(pk__in=[seat.game_id for seat in seats])
            .order_by("pk")
        }
        if absence.automatic and _answered_since(absence):
            _end(absence, Absence.Ending.ANSWERED, now)
            return True
        running = []
        for seat in seats:
            game = games[seat.game_id]
            step = (
                GameStep.objects.filter(game=game, closed_at__isnull=True)
                .order_by("-number")
                .first()
            )
            if step is not None and seat.position in step.seats and _owed_but_away(game, seat, now):
                running.append((seat, game, step))
        return spend_hours(absence, running, now)


def _owed_but_away(game, seat, now: datetime) -> bool:
    """Would the seat owe an answer, were its player not away? Only then is holiday spent on
    its deadline. (Whether the game is paused is asked hour by hour: `spend_hours`.)"""
    prompt = engine_game(game).pending(load_state(game)).get(seat.position)
    return owing.owes_answer(seat, prompt, away=False, paused=False)


def spend_hours(absence: Absence, running: list, now: datetime) -> bool:
    """Spend the absence's hours due by `now` on `running` (seat, game, open step), all
    locked by the caller; True when a deadline moved."""
    moved: dict[int, tuple] = {}
    for _ in range(MAX_HOURS_AT_ONCE):
        start = absence.accounted_until
        end = absence.ends_at
        if start > now or (end is not None and start >= end):
            break
        left = bank.left_seconds(absence.user_id, start)
        if left <= 0:
            _end(absence, Absence.Ending.BANK_EMPTY, start)
            break
        length = min(HOUR, timedelta(seconds=left), (end - start) if end else HOUR)
        spent, paused, fresh = timedelta(0), False, []
        for seat, game, step in running:
            if is_paused(game, start):
                paused = True  # nobody owes an answer in a paused game: its pause moves it
                continue
            by, started = _wait_in_game(absence, seat, game, step, start, length)
            if started:
                fresh.append((game, seat))
            if by:
                spent = max(spent, by)
                moved[game.pk] = (game, step)
        if not spent and not paused and absence.automatic:
            # Nothing of theirs waits any more (they answered, or the games moved on).
            _end(absence, Absence.Ending.ANSWERED, start)
            break
        if spent:
            bank.spend(absence.user_id, start, round(length.total_seconds()))
        for game, seat in fresh:  # told with the bank as it is after this hour
            notices.player_away(game, seat, absence, start)
            _advance_soon(game)
        absence.accounted_until = start + length
    absence.save(update_fields=["accounted_until", "ended_at", "ending"])
    for game, step in moved.values():
        step.save(update_fields=["deadline"])
        game_changed(game)
    return bool(moved)


def _wait_in_game(
    absence, seat, game, step, start: datetime, length: timedelta
) -> tuple[timedelta, bool]:
    """Move the game's deadline on by up to `length` for its player away, within the cap;
    returns by how much, and whether the game starts waiting for them with this hour."""
    stretch = AwayStretch.objects.filter(game=game, user_id=absence.user_id).first()
    fresh = stretch is None or (
        stretch.until < start and bank.stretch_is_over(stretch, seat.position)
    )
    if stretch is None:
        stretch = AwayStretch(game=game, user_id=absence.user_id, seconds=0, until=start)
    elif fresh:
        stretch.seconds = 0
    cap = bank.cap_seconds(absence.automatic)
    room = cap - stretch.seconds
    if room <= 0:
        return timedelta(0), False
    by = min(length, timedelta(seconds=room))
    step.deadline += by
    stretch.seconds += round(by.total_seconds())
    stretch.until = start + by
    stretch.save()
    if stretch.seconds >= cap:
        notices.holiday_capped(game, seat, cap // bank.DAY)
    return by, fresh


def _answered_since(absence: Absence) -> bool:
    """Has the player answered a prompt in any game since their automatic holiday began?"""
    positions = Seat.objects.filter(user_id=absence.user_id).values_list("game_id", "position")
    query = Q()
    for game_id, position in positions:
        query |= Q(game_id=game_id, seat=position)
    if not query:
        return False
    return GameEvent.objects.filter(
        query, type="decision", auto=False, created_at__gt=absence.starts_at
    ).exists()


def _end(absence: Absence, ending: str, at: datetime) -> None:
    absence.ended_at = max(at, absence.starts_at)
    absence.ending = ending
    absence.save(update_fields=["ended_at", "ending"])


def start_automatic_holidays(game, step, owing_seats: list, now: datetime) -> bool:
    """At a passed deadline: the owing players who want it go on holiday from the deadline, and
    its first hour moves the deadline on (the deadline worker holds the game's lock). True when
    the deadline moved, so no default is taken now."""
    started = start_automatic(game, step, owing_seats, now)
    moved = False
    by_user = {seat.user_id: seat for seat in owing_seats}
    for absence in started:
        moved |= spend_hours(absence, [(by_user[absence.user_id], game, step)], now)
    return moved


def _advance_soon(game) -> None:
    """A player away no longer holds up the bots that play for absent players (the bot ladder
    waits only for those who owe an answer): let the game's advance look again."""
    Game.objects.filter(pk=game.pk).update(needs_advance=True)
    enqueue_advance(game)
