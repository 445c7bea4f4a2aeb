"""The daily digest: at each player's local hour, at most once a local day, one email saying
what waits for their answer now (most urgent first, with its options' answer links) and the
news kept for it since the last one (a game's end, a default played, a bot at the seat).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from notifications import emails, local_time
from notifications.game_emails import asked_now
from notifications.kinds import DIGEST, asks, family_of
from notifications.models import Delivery, Notification
from notifications.selectors import preferences_of
from notifications.services import send_after_commit

logger = logging.getLogger(__name__)
User = get_user_model()


def send_digests(now: datetime) -> int:
    """Write one digest for each user whose digest hour it is locally; return how many."""
    waiting = Notification.objects.filter(status=Notification.Status.DIGEST).values("recipient")
    written = 0
    for user in User.objects.filter(pk__in=waiting).order_by("pk"):
        local = now.astimezone(local_time.zone_of(user))
        if local.hour != preferences_of(user).digest_hour:
            continue
        try:
            written += _write_digest(user, day=local.date().isoformat(), now=now) is not None
        except IntegrityError:
            pass  # another worker wrote today's digest for this user first
        except Exception:  # one user's digest never stops the others'
            logger.exception("The digest of user %s failed", user.pk)
    return written


def _write_digest(user, *, day: str, now: datetime) -> Notification | None:
    """Today's digest for `user`, written when something was kept for it.

    The rows kept say that something happened, not what to say: what the player is asked
    (your turn, reminders, a game's start) is read from the games now, so a prompt answered
    since its row was kept is not listed, and one still open is listed once however many
    rows announced it. The other rows (a game's end, a default played, a bot at the seat)
    are news and listed as they were written. With nothing asked and no news, nothing is sent.
    """
    with transaction.atomic():
        rows = list(
            Notification.objects.select_for_update(of=("self",))
            .filter(recipient=user, status=Notification.Status.DIGEST)
            .select_related("game")
            .order_by("created_at", "id")
        )
        if (
            not rows
            or Notification.objects.filter(
                recipient=user, game=None, step=day, kind=DIGEST
            ).exists()
        ):
            return None
        preferences = preferences_of(user)
        # A kind turned off since its row was written is dropped, not sent.
        wanted = [row for row in rows if getattr(preferences, family_of(row.kind)) != "off"]
        news = [row for row in wanted if not asks(row.kind)]
        asked = _asked(user, preferences, wanted) if wanted else None
        digest = None
        if (asked or news) and user.email:
            rendered = emails.digest(user, asked=asked, news=news)
            digest = Notification.objects.create(
                recipient=user,
                game=None,
                step=day,
                kind=DIGEST,
                status=Notification.Status.PENDING,
                subject=rendered.subject,
                body_text=rendered.text,
                body_html=rendered.html,
                reply_to=emails.digest_reply_to(asked or []),
                next_attempt_at=now,
                created_at=now,
            )
            send_after_commit(digest.pk)
        Notification.objects.filter(pk__in=[row.pk for row in wanted]).update(
            status=Notification.Status.DIGESTED, digest=digest
        )
        Notification.objects.filter(pk__in=[row.pk for row in rows if row not in wanted]).update(
            status=Notification.Status.DIGESTED
        )
        return digest


def _asked(user, preferences, wanted: list[Notification]) -> list[dict[str, Any]] | None:
    """What the digest lists as waiting: everything the player owes now, in every game. A
    player who turned "your turn" emails off hears only of the games whose kept rows asked
    something they still want (a game's start, a reminder); None: no such list at all."""
    if preferences.your_turn != Delivery.OFF:
        return _asked_now(user)
    games = {row.game.public_id for row in wanted if asks(row.kind) and row.game}
    if not games:
        return None
    return [entry for entry in _asked_now(user) if entry["game_id"] in games]


def _asked_now(user) -> list[dict[str, Any]]:
    return asked_now(user)
