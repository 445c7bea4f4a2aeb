"""Every write of the notifications app: the outbox, its senders and preferences (the daily
digest: `notifications.digests`).

`notify` runs inside its caller's transaction, so an email exists exactly when its cause was
committed; the send is enqueued only after that commit. Senders claim one row at a time with
`SELECT ... FOR UPDATE SKIP LOCKED`, so several workers never send a row twice.
"""

from __future__ import annotations

import contextlib
import logging
import smtplib
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.core.mail import get_connection
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from kombu.exceptions import OperationalError

from accounts.models import Profile
from chat.models import ChatPreference
from games import clock
from games.errors import DomainError
from games.models import Seat
from notifications import emails, local_time
from notifications.kinds import (
    ALL,
    CHAT_DIGEST,
    DIGEST,
    FAMILIES,
    family_of,
    stale_once_answered,
)
from notifications.models import Delivery, Notification, NotificationPreference
from notifications.selectors import preferences_of, unsubscribe_target
from notifications.suppression import is_suppressed

logger = logging.getLogger(__name__)

# However many attempts are allowed, never wait more than a day between two of them.
MAX_BACKOFF = timedelta(hours=24)


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
    first: an email asking a prompt no longer owed is never sent, see `_no_longer_asked`).

    Call it inside the transaction that commits its cause. Returns the new row, or None when
    nothing was written: the user has no address (or it bounced for good or complained),
    turned the kind off, or the same
    (user, game, step, kind) was already written. A duplicate never breaks the caller's
    transaction: the insert runs in a savepoint.
    """
    family = family_of(kind)
    if not user.email or is_suppressed(user.email):
        return None
    delivery = getattr(preferences_of(user), family)
    if delivery == Delivery.OFF:
        return None
    cause = {"recipient": user, "game": game, "step": step, "kind": kind}
    if _already_written(cause):
        return None
    rendered = emails.render(kind, user=user, context=context)
    row = Notification(
        **cause,
        status=Notification.Status.PENDING
        if delivery == Delivery.IMMEDIATELY
        else Notification.Status.DIGEST,
        subject=rendered.subject,
        body_text=rendered.text,
        body_html=rendered.html,
        link=context.get("game_url", ""),
        reply_to=context.get("reply_to", ""),
        prompt=context.get("prompt_id", ""),
        told_upto=context.get("told_upto"),
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


def send_due(limit: int = 100) -> int:
    """Send up to `limit` pending rows whose time has come; return how many were sent.

    One SMTP connection serves the batch. A batch stops at the first failure that says the
    server is unreachable or hung (the rows stay due for the next round): a dead server
    costs one timeout, not one per row.
    """
    sent = 0
    with _Outbox() as outbox:
        for _ in range(limit):
            with transaction.atomic():
                row = _claim(
                    Notification.objects.filter(
                        status=Notification.Status.PENDING, next_attempt_at__lte=clock.now()
                    ).order_by("next_attempt_at", "id")
                )
                if row is None:
                    break
                if _no_longer_asked(row):
                    continue
                delivered = _deliver(row, outbox)
            sent += delivered
            if not delivered and outbox.unreachable:
                break
    return sent


def send_one(notification_id: int) -> bool:
    """Send one row if it is still pending and due; True when this call sent it."""
    with _Outbox() as outbox, transaction.atomic():
        row = _claim(
            Notification.objects.filter(
                pk=notification_id,
                status=Notification.Status.PENDING,
                next_attempt_at__lte=clock.now(),
            )
        )
        return row is not None and not _no_longer_asked(row) and _deliver(row, outbox)


def _no_longer_asked(row: Notification) -> bool:
    """A "your turn" or reminder asking a prompt its player no longer owes (answered at the
    table while the email was held back or retried, taken by a deadline, the game over) is
    not sent: it is marked superseded. Checked on the claimed row, so it holds for every path
    that sends."""
    if not row.prompt or row.game_id is None or not stale_once_answered(row.kind):
        return False
    if Seat.objects.filter(
        game_id=row.game_id, user_id=row.recipient_id, pending_prompt=row.prompt
    ).exists():
        return False
    row.status = Notification.Status.SUPERSEDED
    row.save(update_fields=["status"])
    return True


def _claim(rows: QuerySet[Notification]) -> Notification | None:
    # SKIP LOCKED: a row another sender holds is simply not ours to send. `of=("self",)`
    # keeps the lock off the joined user row.
    return (
        rows.select_for_update(skip_locked=True, of=("self",)).select_related("recipient").first()
    )


# Failures that say the server is down or hung, not that one message was refused.
_UNREACHABLE = (OSError, smtplib.SMTPServerDisconnected, smtplib.SMTPConnectError)
_REFUSED = (smtplib.SMTPRecipientsRefused, smtplib.SMTPSenderRefused, smtplib.SMTPDataError)


class _Outbox:
    """The email backend's connection, opened at the first send and closed after the last
    row's commit: the SMTP goodbye (QUIT) never sits between a message's acceptance and the
    commit that marks it sent, so a crash there (a duplicate on retry) has the narrowest
    window we can give it."""

    def __init__(self):
        self.backend = get_connection()
        self.opened = False
        self.unreachable = False

    def send(self, message) -> None:
        if not self.opened:
            self.backend.open()
            self.opened = True
        message.connection = self.backend
        try:
            if not self.backend.send_messages([message]):
                raise smtplib.SMTPException("the email backend sent nothing")
        except Exception as error:
            self.unreachable = isinstance(error, _UNREACHABLE) and not isinstance(error, _REFUSED)
            self.close()  # a connection in an unknown state is not reused
            raise

    def close(self) -> None:
        if self.opened:
            self.opened = False
            with contextlib.suppress(Exception):
                self.backend.close()

    def __enter__(self) -> _Outbox:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _deliver(row: Notification, outbox: _Outbox) -> bool:
    """Send a claimed row and record the outcome; the caller's transaction holds its lock."""
    now = clock.now()
    row.attempts += 1
    try:
        if not row.recipient.email:
            raise ValueError("the recipient has no email address any more")
        outbox.send(emails.message_for(row))
    except Exception as error:  # whatever the backend raises, the row is retried later
        row.last_error = f"{type(error).__name__}: {error}"[:2000]
        if row.attempts >= settings.NOTIFY_MAX_ATTEMPTS:
            row.status = Notification.Status.FAILED
        else:
            row.next_attempt_at = now + backoff(row.attempts)
        row.save(update_fields=["attempts", "last_error", "status", "next_attempt_at"])
        logger.warning("notification %s: attempt %s failed: %s", row.pk, row.attempts, error)
        return False
    row.status = Notification.Status.SENT
    row.sent_at = now
    row.save(update_fields=["attempts", "status", "sent_at"])
    return True


def backoff(attempts: int) -> timedelta:
    """The wait after the `attempts`-th failure: the base, doubled after every failure."""
    seconds = settings.NOTIFY_RETRY_SECONDS * 2 ** min(attempts - 1, 30)
    return min(timedelta(seconds=seconds), MAX_BACKOFF)


def send_after_commit(notification_id: int) -> None:
    transaction.on_commit(partial(_enqueue_send, notification_id))


def _enqueue_send(notification_id: int) -> None:
    from notifications.tasks import send_notification  # the tasks module imports this one

    try:
        send_notification.delay(notification_id)
    except OperationalError:  # the broker is down: the row stays pending for send_due
        logger.warning("Could not enqueue notification %s; send_due will send it.", notification_id)


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
        if scope == ALL:
            families = FAMILIES
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
