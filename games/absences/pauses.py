"""A pause by agreement: any seated player proposes up to PAUSE_MAX_DAYS; it starts when every
human player accepted (web, API, or a "yes" replied to the email that asks) and ends at its end
or when all agree to end it. While it runs nobody owes an answer (games.absences.owing) and the
game's open deadline moves on by the time it lasted (`move_deadlines`, from the minute tick).
Each proposal emails every other player: a player proposes at most PAUSE_PROPOSALS_PER_DAY in a
game in any 24 hours (withdrawn ones count), so propose-decline-propose cannot flood inboxes.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction

from common import clock
from common.errors import DomainError
from games.absences import notices
from games.absences.lookups import open_pause
from games.absences.models import Pause
from games.models import Game, GameStep, Seat, is_public_id
from games.selectors import game_not_found
from games.write.writer import game_changed, write_notice


def propose(*, public_id: str, user, days: int) -> Pause:
    if not 1 <= days <= settings.PAUSE_MAX_DAYS:
        raise DomainError(
            "invalid_pause",
            f"A pause lasts from 1 to {settings.PAUSE_MAX_DAYS} days.",
            422,
            {"max_days": settings.PAUSE_MAX_DAYS},
        )
    with transaction.atomic():
        game, seat = _locked_seated(public_id, user)
        if open_pause(game) is not None:
            raise DomainError(
                "pause_open", "A pause is already proposed or running in this game.", 409
            )
        _require_proposals_left(game, user)
        try:
            with transaction.atomic():
                pause = Pause.objects.create(
                    game=game, proposed_by=user, days=days, accepted=[user.pk]
                )
        except IntegrityError:
            raise DomainError(
                "pause_open", "A pause is already proposed in this game.", 409
            ) from None
        write_notice(game, "pause_proposed", seat.position, days=days)
        if not _start_if_agreed(game, pause):
            for other in notices._people(game, but=user.pk):
                _ask(other, game, pause, user.username)
    return pause


PROPOSAL_WINDOW = timedelta(days=1)


class PauseProposedRecently(DomainError):
    """429: the player proposed as many pauses in this game as the last 24 hours allow;
    `retry_after` whole seconds until one more may be proposed (at `available_at`)."""

    def __init__(self, limit: int, available_at: datetime, now: datetime):
        self.limit = limit
        self.available_at = available_at
        self.retry_after = math.ceil((available_at - now).total_seconds())
        said = "a pause" if limit == 1 else f"{limit} pauses"
        super().__init__(
            "pause_proposed_recently",
            f"You proposed {said} in this game less than a day ago (each one emails the other "
            f"players); you can propose again in {self.retry_after} s.",
            429,
            {"retry_after": self.retry_after},
        )


def _require_proposals_left(game: Game, user) -> None:
    """Under the game's lock, so two proposals at once are counted one after the other."""
    limit = settings.PAUSE_PROPOSALS_PER_DAY
    if limit <= 0:
        return
    now = clock.now()
    recent = list(
        Pause.objects.filter(game=game, proposed_by=user, proposed_at__gt=now - PROPOSAL_WINDOW)
        .order_by("proposed_at")
        .values_list("proposed_at", flat=True)
    )
    if len(recent) >= limit:
        # One more fits once all but limit - 1 of them have left the window.
        raise PauseProposedRecently(limit, recent[len(recent) - limit] + PROPOSAL_WINDOW, now)


def accept(*, public_id: str, user) -> Pause:
    """Accept the proposed pause, or agree to end the running one."""
    with transaction.atomic():
        game, _seat = _locked_seated(public_id, user)
        pause = _require_open(game)
        if pause.status == Pause.Status.PROPOSED:
            if user.pk not in pause.accepted:
                pause.accepted = [*pause.accepted, user.pk]
                pause.save(update_fields=["accepted"])
            _start_if_agreed(game, pause)
        else:
            if user.pk not in pause.end_votes:
                pause.end_votes = [*pause.end_votes, user.pk]
                pause.save(update_fields=["end_votes"])
            if set(_humans(game)) <= set(pause.end_votes):
                _end(game, pause, clock.now())
        return pause


def decline(*, public_id: str, user) -> Pause:
    """Refuse the proposed pause (its proposer withdraws it): it is withdrawn, and every
    player hears so, and whether it was declined or withdrawn."""
    with transaction.atomic():
        game, seat = _locked_seated(public_id, user)
        pause = _require_open(game)
        if pause.status != Pause.Status.PROPOSED:
            raise DomainError(
                "pause_running",
                "The pause is running; to end it early, every player agrees to end it.",
                409,
            )
        pause.status = Pause.Status.WITHDRAWN
        pause.save(update_fields=["status"])
        outcome = "withdrawn" if pause.proposed_by_id == user.pk else "declined"
        write_notice(game, f"pause_{outcome}", seat.position)
        _tell_outcome(game, pause, outcome, by=user)
        return pause


def move_deadlines(now: datetime) -> int:
    """Move the open deadline of every paused game on by the pause time since the last move,
    and end the pauses that are over. Returns how many pauses were looked at."""
    ids = list(
        Pause.objects.filter(status=Pause.Status.ACTIVE, accounted_until__lt=now).values_list(
            "id", flat=True
        )
    )
    for pause_id in ids:
        with transaction.atomic():
            pause = Pause.objects.select_related("game").filter(pk=pause_id).first()
            if pause is None:  # its game was deleted since the ids were read
                continue
            game = Game.objects.select_for_update().filter(pk=pause.game_id).first()
            if game is None:
                continue
            pause.refresh_from_db()
            if pause.status != Pause.Status.ACTIVE:
                continue
            assert pause.ends_at is not None  # an active pause has its end
            _account(game, pause, min(now, pause.ends_at))
            if now >= pause.ends_at:
                _end(game, pause, pause.ends_at)
    return len(ids)


def _account(game: Game, pause: Pause, until: datetime) -> None:
    """The game's open deadline moves on by the pause time from `accounted_until` to `until`
    (for a step opened during the pause, from its opening)."""
    step = GameStep.objects.filter(game=game, closed_at__isnull=True).order_by("-number").first()
    if step is not None and step.expired_at is None:
        assert pause.accounted_until is not None  # set when the pause became active
        since = max(pause.accounted_until, step.opened_at)
        if until > since:
            step.deadline += until - since
            step.save(update_fields=["deadline"])
            game_changed(game)
    pause.accounted_until = until
    pause.save(update_fields=["accounted_until"])


def _start_if_agreed(game: Game, pause: Pause) -> bool:
    if not set(_humans(game)) <= set(pause.accepted):
        return False
    now = clock.now()
    pause.status = Pause.Status.ACTIVE
    pause.starts_at = pause.accounted_until = now
    pause.ends_at = now + timedelta(days=pause.days)
    pause.save(update_fields=["status", "starts_at", "ends_at", "accounted_until"])
    write_notice(game, "pause_started", None, days=pause.days)
    _tell_outcome(game, pause, "started")
    return True


def _end(game: Game, pause: Pause, at: datetime) -> None:
    _account(game, pause, at)
    pause.status = Pause.Status.ENDED
    pause.ends_at = at
    pause.save(update_fields=["status", "ends_at"])
    write_notice(game, "pause_ended", None)
    _tell_outcome(game, pause, "ended")


def _ask(seat: Seat, game: Game, pause: Pause, proposer: str) -> None:
    notices.tell(
        seat,
        game,
        step=f"pause{pause.pk}",
        kind="pause_asked",
        reply_prompt=pause_token(pause),  # a "yes" replied to it accepts (games/absences/mail.py)
        absence={"player": proposer, "days": pause.days},
    )


def _tell_outcome(game: Game, pause: Pause, outcome: str, by=None) -> None:
    """Email every person in the game the pause's outcome; `by`, the user who declined or
    withdrew it, is named, and not told what they have just done."""
    for seat in notices._people(game, but=by.pk if by else None):
        notices.tell(
            seat,
            game,
            step=f"pause{pause.pk}{outcome}",
            kind="pause_decided",
            absence={
                "outcome": outcome,
                "days": pause.days,
                "pause_ends": pause.ends_at if outcome == "started" else None,
                "player": by.username if by else "",
            },
        )


def pause_token(pause: Pause) -> str:
    """The "prompt" a reply address names for a pause's question (mailplay's reply tokens)."""
    return f"pause-{pause.pk}"


def pause_of_token(prompt_id: str) -> int | None:
    head, _, number = prompt_id.partition("-")
    return int(number) if head == "pause" and number.isdigit() else None


def _humans(game: Game) -> list[int]:
    return list(
        game.seats.filter(is_bot=False, user__isnull=False).values_list("user_id", flat=True)
    )


def _locked_seated(public_id: str, user) -> tuple[Game, Seat]:
    if not is_public_id(public_id):
        raise game_not_found(public_id)
    game = Game.objects.select_for_update().filter(public_id=public_id).first()
    if game is None:
        raise game_not_found(public_id)
    seat = game.seats.filter(user=user).first() if user.is_authenticated else None
    if seat is None:
        raise DomainError("not_seated", "Only the game's players can pause it.", 403)
    if game.status != Game.Status.ACTIVE:
        raise DomainError("game_not_active", "Only a game in progress can be paused.", 409)
    return game, seat


def _require_open(game: Game) -> Pause:
    pause = open_pause(game)
    if pause is None:
        raise DomainError("no_pause", "No pause is proposed or running in this game.", 409)
    return pause
