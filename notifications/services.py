"""Every write of the notifications app: the outbox, its senders and preferences (the daily
digest: `notifications.digests`).

`notify` runs inside its caller's transaction, so an email exists exactly when its cause was
committed; the send is enqueued only after that commit. The senders (`notifications.sending`)
claim one row at a time with `SELECT ... FOR UPDATE SKIP LOCKED`, so several workers never
send a row twice.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from accounts.models import Profile
from chat.models import ChatPreference
from common import clock
from common.errors import DomainError
from notifications import emails, local_time
from notifications.kinds import (
    ALL,
    CHAT_DIGEST,
    DIGEST,
    FAMILIES,
    family_of,
    kind_of,
)
from notifications.mail_tokens import talk_address
from notifications.models import Delivery, Notification, NotificationPreference
from notifications.selectors import language_of, preferences_of, unsubscribe_target

# The senders live in notifications.sending; these names are the app's public surface.
from notifications.sending import backoff, drain, send_after_commit, send_due, send_one  # noqa: F401
from notifications.suppression import is_suppressed

logger = logging.getLogger(__name__)


# --- the outbox ----------------------------------------------------------------------------


def notify(
    *,
    user,
    game,
    step: str,
    kind: str,
    context: dict[str, Any],
    not_before: datetime | None = None,
) -> Notification | None:
    """Write the email of `kind` about `game` for `user`, unless it exists or is not wanted.

    `not_before` holds the email back until then (a player active at the table may answer
    first: an email asking a prompt no longer owed is never sent, see `sending`).

    Call it inside the transaction that commits its cause. Returns the new row, or None when
    nothing was written: the user has no address (or it bounced for good or complained),
    turned the kind off, or the same
    (user, game, step, kind) was already written. A duplicate never breaks the caller's
    transaction: the insert runs in a savepoint.
    """
    family = family_of(kind)
    record = kind_of(kind)
    if not user.email or is_suppressed(user.email):
        return None
    delivery = getattr(preferences_of(user), family)
    if delivery == Delivery.OFF:
        return None
    cause = {"recipient": user, "game": game, "step": step, "kind": kind}
    if _already_written(cause):
        return None
    if not context.get("reply_to") and not record.asks and record.talk_reply:
        # An email that asks nothing still takes a reply from a player of the game: its
        # "say:" lines reach the table (mailplay), as the footer says. (An invitation goes to
        # someone not at the table: it invites no reply. An email that asks carries its
        # prompt's own address, from the games side.)
        context = {**context, "reply_to": talk_address(user.pk, game.pk)}
    rendered = emails.render(kind, user=user, context=context)
    row = Notification(
        **cause,
        status=Notification.Status.PENDING
        if delivery == Delivery.IMMEDIATELY
        else Notification.Status.DIGEST,
        subject=rendered.subject,
        body_text=rendered.text,
        body_html=rendered.html,
        # What a digest links to: the email's own link when it has one (an invitation's).
        link=context.get("link") or context.get("game_url", ""),
        reply_to=context.get("reply_to", ""),
        prompt=context.get("prompt_id", ""),
        told_upto=context.get("told_upto"),
        language=language_of(user),
        next_attempt_at=not_before or clock.now(),
    )
    try:
        with transaction.atomic():
            row.save(force_insert=True)
    except IntegrityError:
        return None  # a concurrent caller wrote the same cause first
    if row.status == Notification.Status.PENDING and not_before is None:
        send_after_commit(row.pk)
    return row


def _already_written(cause: dict[str, Any]) -> bool:
    # A cheap check that spares rendering; the unique constraint is what guarantees it.
    return Notification.objects.filter(**cause).exists()


# --- quiet hours ---------------------------------------------------------------------------


def in_quiet_hours(user, when: datetime) -> bool:
    """Whether `when` falls in the user's quiet hours, read on their own wall clock."""
    preferences = preferences_of(user)
    start, end = preferences.quiet_hours_start, preferences.quiet_hours_end
    if start is None or end is None:
        return False
    local = when.astimezone(local_time.zone_of(user))
    return local_time.hour_in_range(local.hour, start, end)


def reminder_allowed(user, now: datetime, deadline: datetime) -> bool:
    """Whether a reminder may go out at `now`.

    Never inside quiet hours, unless the deadline itself comes before these quiet hours end:
    waiting until morning would then remind the player too late.
    """
    if not in_quiet_hours(user, now):
        return True
    end = preferences_of(user).quiet_hours_end
    assert end is not None  # in quiet hours, so both their ends are set
    local_now = now.astimezone(local_time.zone_of(user))
    return deadline < local_time.next_hour_mark(local_now, end)


def reminder_due(*, opened_at: datetime, now: datetime, deadline: datetime) -> str | None:
    """The rung of the reminder ladder to send now, as a kind ("reminder_2h"), or None.

    A rung is due once its time (deadline minus its hours) has come and the deadline has not
    passed; rungs whose time came before the step even opened never are (the turn email has
    just said it all). When several are due the nearest to the deadline wins: a reminder held
    back by quiet hours is not followed by a stale one. Send it with `notify`, whose
    uniqueness per (player, game, step, kind) makes each rung go out at most once per step.
    """
    if now >= deadline:
        return None
    due = [
        hours
        for hours in settings.NOTIFY_REMINDER_HOURS
        if opened_at < deadline - timedelta(hours=hours) <= now
    ]
    return f"reminder_{min(due)}h" if due else None


# --- preferences and unsubscribing ---------------------------------------------------------


def preferences_update(*, user, changes: dict[str, Any]) -> None:
    """Apply validated changes; the time zone goes to the user's profile."""
    with transaction.atomic():
        preferences, _ = NotificationPreference.objects.select_for_update().get_or_create(user=user)
        for field, value in changes.items():
            if field != "time_zone":
                setattr(preferences, field, value)
        _check_quiet_hours(preferences.quiet_hours_start, preferences.quiet_hours_end)
        preferences.save()
        if "time_zone" in changes:
            Profile.objects.update_or_create(
                user=user, defaults={"time_zone": changes["time_zone"]}
            )


def _check_quiet_hours(start: int | None, end: int | None) -> None:
    if (start is None) != (end is None):
        raise _invalid(
            "quiet_hours_end" if end is None else "quiet_hours_start",
            "Set both quiet_hours_start and quiet_hours_end (local hours 0-23), "
            "or set both to null for no quiet hours.",
        )
    if start is not None and start == end:
        raise _invalid(
            "quiet_hours_end",
            "quiet_hours_start and quiet_hours_end are equal; quiet hours run from the start "
            "hour up to the end hour, so use two different hours, or null for none.",
        )


def _invalid(field: str, message: str) -> DomainError:
    # 422: each value fits the schema; together with the stored ones they break a rule.
    return DomainError(
        "invalid_quiet_hours",
        f"The quiet hours were refused. {field}: {message}",
        422,
        {"errors": {field: [message]}},
    )


class InvalidUnsubscribeLink(Exception):
    """The link was not made by us, was altered, or its user no longer exists."""


def unsubscribe(*, token: str) -> dict[str, Any]:
    """Turn off what the link names; return its target (user, scope, label). Idempotent."""
    target = unsubscribe_target(token)
    if target is None:
        raise InvalidUnsubscribeLink
    user, scope = target["user"], target["scope"]
    with transaction.atomic():
        preferences, _ = NotificationPreference.objects.select_for_update().get_or_create(user=user)
        if scope in (ALL, CHAT_DIGEST):
            ChatPreference.objects.filter(user=user).update(digest=False)
        families: list[str]
        if scope == ALL:
            families = list(FAMILIES)
        elif scope == CHAT_DIGEST:
            families = []
        elif scope == DIGEST:
            families = [f for f in FAMILIES if getattr(preferences, f) == Delivery.DIGEST]
        else:
            families = [scope]
        for family in families:
            setattr(preferences, family, Delivery.OFF)
        preferences.save()
    return target
