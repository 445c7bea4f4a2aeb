"""The senders: what takes pending rows out of the outbox and hands them to the email backend.

A row is claimed with `SELECT ... FOR UPDATE SKIP LOCKED`, one per transaction, so any number
of senders share the work without sending a row twice, and a crash between the server's
acceptance and the commit that marks it sent duplicates at most that one row.

Nothing here may hold a worker long: a worker that serves the email queue may serve games too
(a small site runs one worker for both). So a drain stops after its time budget and hands the
rest to a fresh task, and once an attempt finds the server unreachable or hung every send
pauses for NOTIFY_PAUSE_SECONDS, leaving the rows pending, instead of waiting EMAIL_TIMEOUT
again per row.
"""

from __future__ import annotations

import contextlib
import logging
import smtplib
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from functools import partial

from celery import current_app
from django.conf import settings
from django.core.mail import get_connection
from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from kombu.exceptions import OperationalError

from common import clock
from games.models import Game, Seat
from notifications import emails
from notifications.kinds import KINDS, OWED, REMINDER_NAME, asks, stale_once_answered
from notifications.models import Notification, SendingPause
from notifications.selectors import language_of

logger = logging.getLogger(__name__)

# However many attempts are allowed, never wait more than a day between two of them.
MAX_BACKOFF = timedelta(hours=24)

PENDING = Notification.Status.PENDING
# The kinds superseded once their prompt is answered, as names and LIKE patterns (reminders).
_STALE = [
    "reminder_%" if kind.name == REMINDER_NAME else kind.name
    for kind in KINDS
    if kind.stale_once_answered
]
_KIND_MATCH = ["kind LIKE %s" if name.endswith("%") else "kind = %s" for name in _STALE]
ASKING_KINDS = Q(pk__in=[])
for _name in _STALE:
    ASKING_KINDS |= Q(kind__startswith="reminder_") if _name.endswith("%") else Q(kind=_name)
SUPERSEDE_BATCH = 5000


@dataclass
class Drained:
    sent: int = 0
    superseded: int = 0
    more: bool = False  # stopped by its limit or budget with rows still due


def send_due(limit: int | None = None, budget: float | None = None) -> int:
    """Send what is due; return how many were sent. See `drain`."""
    return drain(limit=limit, budget=budget).sent


def drain(limit: int | None = None, budget: float | None = None) -> Drained:
    """Send the pending rows whose time has come, the owed kinds (a game's start and end,
    "your turn") first, until none is due, `limit` rows were claimed or `budget` seconds
    were spent.

    First one statement marks superseded every pending "your turn" or reminder whose seat no
    longer owes its prompt (or whose game is no longer played): they never cost a claim. One
    SMTP connection serves the rest. The drain stops at the first failure that says the server
    is unreachable or hung, and sends pause (`paused`): a dead server costs one timeout.
    """
    started = time.monotonic()
    outcome = Drained()
    if paused():
        return outcome
    outcome.superseded = supersede_unasked()
    claimed = 0
    owed_left = True  # until the owed kinds run out; later ones come with their own task
    with _Outbox() as outbox:
        while True:
            if (limit is not None and claimed >= limit) or (
                budget is not None and time.monotonic() - started >= budget
            ):
                outcome.more = _due().exists()
                return outcome
            with transaction.atomic():
                row = _claim(_due().filter(kind__in=OWED)) if owed_left else None
                if row is None:
                    owed_left = False
                    row = _claim(_due())
                if row is None:
                    return outcome
                claimed += 1
                if _no_longer_asked(row):
                    outcome.superseded += 1
                    continue
                delivered = _deliver(row, outbox)
            outcome.sent += delivered
            if not delivered and outbox.unreachable:
                return outcome


def send_one(notification_id: int) -> bool:
    """Send one row if it is still pending and due; True when this call sent it."""
    if paused():
        return False  # it stays pending: the sweep's drain sends it once the pause ends
    with _Outbox() as outbox, transaction.atomic():
        row = _claim(_due().filter(pk=notification_id))
        return row is not None and not _no_longer_asked(row) and _deliver(row, outbox)


def _due() -> QuerySet[Notification]:
    return Notification.objects.filter(status=PENDING, next_attempt_at__lte=clock.now()).order_by(
        "next_attempt_at", "id"
    )


def oldest_due_since(seconds: float) -> bool:
    """Whether a row has been due for more than `seconds` (its task lost, its enqueue failed
    while the broker was down, held until a moment now past, retried, or paused)."""
    before = clock.now() - timedelta(seconds=seconds)
    return Notification.objects.filter(status=PENDING, next_attempt_at__lte=before).exists()


def supersede_unasked() -> int:
    """Mark superseded every pending "your turn" or reminder whose seat no longer owes its
    prompt, or whose game is over or crashed. Rows a sender holds are skipped (SKIP LOCKED),
    so this never waits on a send; the sender checks those itself."""
    owed = Seat.objects.filter(
        game_id=OuterRef("game_id"),
        user_id=OuterRef("recipient_id"),
        pending_prompt=OuterRef("prompt"),
        game__status=Game.Status.ACTIVE,
    )
    stale = (
        Notification.objects.filter(ASKING_KINDS, status=PENDING, game__isnull=False)
        .exclude(prompt="")
        .filter(~Exists(owed))
    )
    superseded = 0
    while True:
        with transaction.atomic():
            ids = list(
                stale.select_for_update(skip_locked=True, of=("self",)).values_list(
                    "pk", flat=True
                )[:SUPERSEDE_BATCH]
            )
            if ids:
                Notification.objects.filter(pk__in=ids).update(
                    status=Notification.Status.SUPERSEDED
                )
        superseded += len(ids)
        if len(ids) < SUPERSEDE_BATCH:
            return superseded


def superseding(game_id: int, answered: list[tuple[int, str]]) -> tuple[str, list]:
    """The statement (SQL, parameters) that marks superseded the pending "your turn" emails
    and reminders of a game asking prompts now answered, as (recipient id, prompt id): the
    games side sends it with the other writes of the change that answered them, so a held
    email never reaches a sender. The (recipient, status) index finds the few rows."""
    table = connection.ops.quote_name(Notification._meta.db_table)
    pairs = ", ".join(["(%s, %s)"] * len(answered))
    rows = (
        f"SELECT id FROM {table} WHERE status = %s AND game_id = %s"
        f" AND ({' OR '.join(_KIND_MATCH)})"
        f" AND (recipient_id, prompt) IN ({pairs})"
    )
    if connection.vendor == "postgresql":
        # A row a sender holds is being sent: waiting for it would keep the game's lock,
        # and the game, waiting on the mail server.
        rows += " FOR UPDATE SKIP LOCKED"
    return (
        f"UPDATE {table} SET status = %s WHERE id IN ({rows})",
        [Notification.Status.SUPERSEDED, PENDING, game_id, *_STALE]
        + [value for pair in answered for value in pair],
    )


def _no_longer_asked(row: Notification) -> bool:
    """A row not to send: a "your turn" or reminder whose player no longer owes its prompt
    (answered while the email was held back or retried, taken by a deadline), or any email
    that asks something of a game no longer played (crashed, abandoned, over). Marked
    superseded. Checked on the claimed row, so it holds for every path that sends."""
    if not row.prompt or row.game_id is None:
        return False
    if stale_once_answered(row.kind):
        still = Seat.objects.filter(
            game_id=row.game_id,
            user_id=row.recipient_id,
            pending_prompt=row.prompt,
            game__status=Game.Status.ACTIVE,
        ).exists()
    elif asks(row.kind):  # asks, but stays worth reading once answered: the game's start
        still = Game.objects.filter(pk=row.game_id, status=Game.Status.ACTIVE).exists()
    else:
        return False
    if still:
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


# --- the pause after the server was found unreachable or hung --------------------------------


def paused() -> bool:
    until = SendingPause.objects.filter(pk=1).values_list("until", flat=True).first()
    return until is not None and clock.now() < until


def pause(reason: str) -> None:
    """No send for NOTIFY_PAUSE_SECONDS: a hung server would hold every sender (and the
    games a shared worker serves) for EMAIL_TIMEOUT per row."""
    until = clock.now() + timedelta(seconds=settings.NOTIFY_PAUSE_SECONDS)
    SendingPause.objects.update_or_create(pk=1, defaults={"until": until, "reason": reason[:500]})
    logger.warning("Email sending paused until %s: %s", until.isoformat(), reason)


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
        try:
            if not self.opened:
                self.backend.open()
                self.opened = True
            message.connection = self.backend
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
        _in_current_language(row)
        outbox.send(emails.message_for(row))
    except Exception as error:  # whatever the backend raises, the row is retried later
        row.last_error = f"{type(error).__name__}: {error}"[:2000]
        if row.attempts >= settings.NOTIFY_MAX_ATTEMPTS:
            row.status = Notification.Status.FAILED
        else:
            row.next_attempt_at = now + backoff(row.attempts)
        row.save(update_fields=["attempts", "last_error", "status", "next_attempt_at"])
        logger.warning("notification %s: attempt %s failed: %s", row.pk, row.attempts, error)
        if outbox.unreachable:
            pause(row.last_error)
        return False
    row.status = Notification.Status.SENT
    row.sent_at = now
    row.save(update_fields=["attempts", "status", "sent_at"])
    return True


def _in_current_language(row: Notification) -> None:
    """A row written in another language than its recipient's now (held back for an active
    player, retried, while they switched) is composed again from the game as it is now."""
    if not row.language or row.language == language_of(row.recipient):
        return
    _composer(row)


def _keep_as_written(row: Notification) -> object:
    return None


# What composes a row again (composing.recompose): it reads the game, which the outbox never
# does, and it sits above the outbox (it writes through it), so it is handed over at start
# by NotificationsConfig.ready instead of imported.
_composer: Callable[[Notification], object] = _keep_as_written


def compose_again_with(composer: Callable[[Notification], object]) -> None:
    """Set what composes a row again in its recipient's language now (at start)."""
    global _composer
    _composer = composer


def backoff(attempts: int) -> timedelta:
    """The wait after the `attempts`-th failure: the base, doubled after every failure."""
    seconds = settings.NOTIFY_RETRY_SECONDS * 2 ** min(attempts - 1, 30)
    return min(timedelta(seconds=seconds), MAX_BACKOFF)


def send_after_commit(notification_id: int) -> None:
    transaction.on_commit(partial(_enqueue_send, notification_id))


# The task by its registered name: the tasks module imports this one (NotificationsConfig.ready
# imports the tasks, registering it).
SEND_NOTIFICATION = "notifications.tasks.send_notification"


def _enqueue_send(notification_id: int) -> None:
    try:
        current_app.tasks[SEND_NOTIFICATION].delay(notification_id)
    except OperationalError:  # the broker is down: the row stays pending for the drain
        logger.warning("Could not enqueue email %s; the drain will send it.", notification_id)
