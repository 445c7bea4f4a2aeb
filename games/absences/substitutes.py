"""A substitute for a seat a bot plays: the game's players (or its creator) invite someone by
link; the substitute takes the seat from the prompt open then on and sees what that seat sees
(its hand included) from then on; the log says who played which part. The original player
takes the seat back only after the substitute leaves it (then, as before, by answering)."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from common import clock
from common.errors import DomainError
from games.absences import notices
from games.absences.models import SubstituteInvite, Substitution
from games.models import Game, Seat, is_public_id
from games.selectors import game_not_found
from games.write.enqueue import enqueue_advance
from games.write.writer import write_notice

if TYPE_CHECKING:
    from django.contrib.auth.models import User  # the user model (settings.AUTH_USER_MODEL)

# An invitation link is a credential to take a seat: forwarded or found later, it must not
# keep working for good (the seat may be a bot's again months on).
INVITE_DAYS = 7
# The limits count the last day, rolling: SUBSTITUTE_INVITES_PER_DAY invitations per inviter
# (an invitation by email sends mail to someone who may not know us: it must not be a way to
# flood anyone), SUBSTITUTE_INVITE_EMAILS_PER_DAY invitation emails per invitee, from anyone.
LIMIT_WINDOW = timedelta(days=1)


def invite_url(game: Game, invite: SubstituteInvite) -> str:
    return f"{settings.SITE_URL}/games/{game.public_id}/substitute/{invite.token}/"


def substitute_links(game: Game, user) -> list[dict]:
    """The invitations `user` made for this game that still work (not used, not older than
    INVITE_DAYS, the seat still a bot's): what the page lists so that the link can be copied
    again, not only read once after it was made."""
    if not getattr(user, "is_authenticated", False) or game.status != Game.Status.ACTIVE:
        return []
    bot_played = {
        seat.position: seat.user.username
        for seat in game.seats.select_related("user").filter(autoplay=True, user__isnull=False)
        if seat.user is not None  # as filtered: for the type
    }
    if not bot_played:
        return []
    records = (
        SubstituteInvite.objects.filter(
            game=game,
            invited_by=user,
            used_at__isnull=True,
            created_at__gte=clock.now() - timedelta(days=INVITE_DAYS),
            position__in=list(bot_played),
        )
        .select_related("invitee")
        .order_by("-created_at")
    )
    return [
        {
            "position": record.position,
            "player": bot_played[record.position],
            "url": invite_url(game, record),
            "invitee": record.invitee.username if record.invitee else "",
            "created_at": record.created_at,
        }
        for record in records
    ]


def invite(*, public_id: str, user, position: int, username: str = "") -> SubstituteInvite:
    """An invitation link for seat `position`, which a bot plays for its absent player; with a
    `username`, that player also gets it by email."""
    with transaction.atomic():
        game = _locked(public_id)
        seated = game.seats.filter(user=user).exists()
        if not seated and game.creator_id != user.pk:
            raise DomainError(
                "not_seated", "Only the game's players or its creator can invite a substitute.", 403
            )
        seat = _bot_played_seat(game, position)
        invitee = None
        if username:
            invitee = get_user_model().objects.filter(username=username).first()
            if invitee is None:
                raise DomainError("player_not_found", f"There is no player {username!r}.", 404)
        _check_limits(user, invitee)
        record = SubstituteInvite.objects.create(
            game=game,
            position=seat.position,
            token=secrets.token_urlsafe(16),
            invited_by=user,
            invitee=invitee,
        )
        if invitee is not None:
            # The invitee's own preferences decide whether it is sent (notifications: the
            # "invitations" family, which its unsubscribe link turns off).
            notices.tell(
                Seat(game=game, position=seat.position, user=invitee),
                game,
                step=f"substitute{record.pk}",
                kind="substitute_invite",
                link=invite_url(game, record),
                absence={
                    "player": user.username,
                    "original": player_of(seat).username,
                    "invite_url": invite_url(game, record),
                },
            )
    return record


def _check_limits(user, invitee) -> None:
    """429 when the inviter made their day's invitations, or the invitee got theirs."""
    since = clock.now() - LIMIT_WINDOW
    made = SubstituteInvite.objects.filter(invited_by=user, created_at__gt=since)
    limit = settings.SUBSTITUTE_INVITES_PER_DAY
    if made.count() >= limit:
        raise DomainError(
            "too_many_invites",
            f"You may make at most {limit} substitute invitations a day; wait "
            f"{_wait(made)} s for the next.",
            429,
            {"retry_after": _wait(made)},
        )
    if invitee is None:
        return
    emailed = SubstituteInvite.objects.filter(invitee=invitee, created_at__gt=since)
    if emailed.count() >= settings.SUBSTITUTE_INVITE_EMAILS_PER_DAY:
        raise DomainError(
            "invitee_invited_enough",
            f"{invitee.username} cannot be sent another invitation by email today. Make the "
            "link without a username and pass it on yourself, or try again later.",
            429,
            {"retry_after": _wait(emailed)},
        )


def _wait(within_window) -> int:
    """Seconds until the oldest of these leaves the window, and one more may be made."""
    oldest = within_window.order_by("created_at").values_list("created_at", flat=True).first()
    return max(int((oldest + LIMIT_WINDOW - clock.now()).total_seconds()) + 1, 1)


def accept(*, public_id: str, user, token: str) -> Seat:
    """Take the seat the invitation names (once; not while seated in the game already)."""
    with transaction.atomic():
        game = _locked(public_id)
        record = (
            SubstituteInvite.objects.select_for_update()
            .filter(
                game=game,
                token=token,
                used_at__isnull=True,
                created_at__gte=clock.now() - timedelta(days=INVITE_DAYS),
            )
            .first()
        )
        if record is None:
            raise DomainError(
                "invite_not_found",
                f"This invitation is unknown, was used already, or is more than {INVITE_DAYS} "
                "days old: ask the players for a new one.",
                404,
            )
        if game.seats.filter(user=user).exists():
            raise DomainError("already_seated", "You already have a seat in this game.", 409)
        seat = _bot_played_seat(game, record.position)
        original = player_of(seat)
        Substitution.objects.create(
            game=game,
            position=seat.position,
            original=original,
            substitute=user,
            from_seq=game.last_seq + 1,
        )
        seat.user = user
        seat.autoplay = False  # a person plays it again, from the prompt open now on
        seat.missed_deadlines = 0
        seat.waiting = False
        seat.save(update_fields=["user", "autoplay", "missed_deadlines", "waiting"])
        record.used_at = clock.now()
        record.save(update_fields=["used_at"])
        write_notice(
            game,
            "substitute_joined",
            seat.position,
            player=user.username,
            original=original.username,
        )
    return seat


def leave(*, public_id: str, user, position: int) -> Seat:
    """The substitute gives the seat back: a bot plays it again for its original player, who
    takes it back by answering any prompt."""
    with transaction.atomic():
        game = _locked(public_id)
        current = Substitution.objects.filter(
            game=game, position=position, until_seq__isnull=True
        ).first()
        if current is None or current.substitute_id != user.pk:
            raise DomainError(
                "not_substitute", "Only the substitute playing this seat can leave it.", 403
            )
        seat = game.seats.get(position=position)
        seat.user_id = current.original_id
        seat.autoplay = True
        seat.save(update_fields=["user", "autoplay"])
        current.until_seq = game.last_seq + 1
        current.save(update_fields=["until_seq"])
        write_notice(
            game,
            "substitute_left",
            seat.position,
            player=user.username,
            original=current.original.username,
        )
        game.needs_advance = True  # the bot may owe an answer for the seat now
        game.save(update_fields=["needs_advance"])
    enqueue_advance(game)
    return seat


def _bot_played_seat(game: Game, position: int) -> Seat:
    """The seat a bot plays for its absent player: `player_of` is that player."""
    seat = game.seats.select_related("user").filter(position=position).first()
    if seat is None or seat.is_bot or not seat.autoplay or seat.user_id is None:
        raise DomainError(
            "seat_not_bot_played",
            f"Seat {position} is not a seat a bot plays for its absent player.",
            409,
        )
    return seat


def player_of(seat: Seat) -> User:
    """The player of a seat a person holds, or a bot plays for (as `_bot_played_seat` and
    `leave` return): never None, which only a bot's own seat has."""
    assert seat.user is not None
    return seat.user


def _locked(public_id: str) -> Game:
    if not is_public_id(public_id):
        raise game_not_found(public_id)
    game = Game.objects.select_for_update().filter(public_id=public_id).first()
    if game is None:
        raise game_not_found(public_id)
    if game.status != Game.Status.ACTIVE:
        raise DomainError("game_not_active", "Only a game in progress has seats to take.", 409)
    return game
