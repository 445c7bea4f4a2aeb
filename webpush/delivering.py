"""Sending one push: claimed, checked still worth sending, encrypted, POSTed, its answer kept.

A row is claimed in a short transaction (`SELECT ... FOR UPDATE SKIP LOCKED`, its next
attempt moved past the POST's deadline and a margin), so that no other worker, nor the tick,
sends it while it is under way; the POST runs outside any transaction, and its answer is kept
in another. (The embedded default's SQLite has one writer at a time: a transaction held
through a slow push service would stop every other write of the site.)
A "your turn" whose prompt its player has answered (or whose game is no longer played) is
superseded, never sent: the kind's record in notifications.kinds says which kinds go stale,
as it does for the emails. The message says only what the push service may read: "your turn in
<the game's name>" (or that it ended) and the game's link; it is encrypted for the browser
(RFC 8291, by pywebpush) and signed with our VAPID key (RFC 8292, by py-vapid). The POST goes
through webhooks.transport: every address the host resolves to, and the one connected to, must
be public (unless WEBPUSH_ALLOW_PRIVATE_ADDRESSES), and the whole exchange ends by
WEBPUSH_DEADLINE_SECONDS.

The push service's answer: 2xx sent; 404 or 410 the subscription is gone, so it is removed
(and the preferences page names the device once); no answer, 429 or 5xx, tried again later
(WEBPUSH_RETRY_SECONDS, doubled each time, at most WEBPUSH_MAX_ATTEMPTS tries); any other
refusal is final. Every failure counts against the device, which the page then shows as
stopped answering.
"""

from __future__ import annotations

import json
import time
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from accounts.models import Profile
from common import clock
from games import naming
from games.models import Game, Seat
from notifications.kinds import kind_of
from webhooks import transport
from webpush import keys, services
from webpush.models import PushMessage

GONE = (404, 410)
# Answers worth another try: the service is busy, or failed on its side.
RETRYABLE = (429, 500, 502, 503, 504)
# The VAPID signature's lifetime: well under the 24 h push services accept.
SIGNATURE_SECONDS = 12 * 3600


# A claim outlives the POST's deadline by this much: time for its answer to be kept. Only a
# worker that dies between the two leaves the push to be sent again once the claim ends.
CLAIM_MARGIN_SECONDS = 30


def send_one(message_id: int) -> bool:
    """Send one pending push that is due; True when the push service took it."""
    message = _claim(message_id)
    if message is None:
        return False
    outcome = _post(message)
    with transaction.atomic():
        if not PushMessage.objects.select_for_update().filter(pk=message.pk).exists():
            return outcome.ok  # its device was removed meanwhile (and the message with it)
        return _record(message, outcome)


def _claim(message_id: int) -> PushMessage | None:
    """The push, if it is pending, due and still worth sending, with its next attempt moved
    past this one's deadline; None otherwise."""
    with transaction.atomic():
        message = (
            PushMessage.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("subscription", "subscription__user", "game", "game__creator")
            .filter(pk=message_id, status=PushMessage.Status.PENDING)
            .filter(next_attempt_at__lte=clock.now())
            .first()
        )
        if message is None:
            return None
        if not services.still_vouched_for(message.subscription):
            # Deactivated, or the password changed: no session that enabled it is left.
            message.subscription.delete()
            return None
        if _no_longer_asked(message):
            message.status = PushMessage.Status.SUPERSEDED
            message.save(update_fields=["status"])
            return None
        hold = settings.WEBPUSH_DEADLINE_SECONDS + CLAIM_MARGIN_SECONDS
        message.next_attempt_at = clock.now() + timedelta(seconds=hold)
        message.save(update_fields=["next_attempt_at"])
        return message


def _no_longer_asked(message: PushMessage) -> bool:
    if message.kind == "chat":  # news, not a question: still true once read
        return False
    record = kind_of(message.kind)
    if not record.stale_once_answered:
        return False
    return not Seat.objects.filter(
        game_id=message.game_id,
        user_id=message.subscription.user_id,
        pending_prompt=message.prompt,
        game__status=Game.Status.ACTIVE,
    ).exists()


def payload(message: PushMessage) -> dict[str, str]:
    """What the push says, in its player's language: no hidden information, as the push
    service reads it (the browser only shows it)."""
    game = message.game
    language = (
        Profile.objects.filter(user_id=message.subscription.user_id)
        .values_list("language", flat=True)
        .first()
    )
    with translation.override(language or settings.LANGUAGE_CODE):
        name = naming.game_title(game)
        if message.kind == "game_over":
            body = gettext("%(game)s is over: see the final scores.") % {"game": name}
        elif message.kind == "chat":
            body = gettext("New words at the table of %(game)s.") % {"game": name}
        else:
            body = gettext("Your turn in %(game)s.") % {"game": name}
        return {
            "title": "Khôra",
            "body": body,
            "url": reverse("web:game", args=[game.public_id]),
            "tag": f"{game.public_id}-{message.kind}",
        }


def encrypted(message: PushMessage) -> tuple[bytes, dict[str, str]]:
    """The body and headers of the push's POST (RFC 8030, 8291, 8292)."""
    from pywebpush import WebPusher  # its import pulls in aiohttp: only where a push is sent

    subscription = message.subscription
    info = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    data = json.dumps(payload(message), ensure_ascii=False).encode()
    body = WebPusher(info).encode(data, "aes128gcm")["body"]
    parts = urlsplit(subscription.endpoint)
    claims = {
        "sub": settings.WEBPUSH_VAPID_SUBJECT,
        "aud": f"{parts.scheme}://{parts.netloc}",
        "exp": int(time.time()) + SIGNATURE_SECONDS,
    }
    headers = {
        **keys.signer().sign(claims),
        "TTL": str(settings.WEBPUSH_TTL_SECONDS),
        "Urgency": "high" if message.kind == "your_turn" else "normal",
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        "User-Agent": "Khora-Push",
    }
    return body, headers


def _post(message: PushMessage) -> transport.Outcome:
    body, headers = encrypted(message)
    deadline = transport.deadline_in(settings.WEBPUSH_DEADLINE_SECONDS)
    return transport.post(
        message.subscription.endpoint,
        body,
        headers,
        deadline,
        allow_private=settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES,
    )


def _record(message: PushMessage, outcome: transport.Outcome) -> bool:
    subscription = message.subscription
    now = clock.now()
    message.attempts += 1
    if outcome.ok:
        message.status, message.sent_at = PushMessage.Status.SENT, now
        message.save(update_fields=["status", "sent_at", "attempts"])
        subscription.last_success_at, subscription.failures = now, 0
        subscription.last_error = ""
        subscription.save(update_fields=["last_success_at", "failures", "last_error"])
        return True
    if outcome.status_code in GONE:
        services.record_gone(subscription)  # its messages go with it
        return False
    error = outcome.error if outcome.status_code is None else f"HTTP {outcome.status_code}"
    retry = outcome.status_code is None or outcome.status_code in RETRYABLE
    if retry and message.attempts < settings.WEBPUSH_MAX_ATTEMPTS:
        message.next_attempt_at = now + backoff(message.attempts)
    else:
        message.status = PushMessage.Status.FAILED
    message.save(update_fields=["status", "attempts", "next_attempt_at"])
    subscription.failures += 1
    subscription.last_error = error[:300]
    subscription.save(update_fields=["failures", "last_error"])
    return False


def backoff(attempts: int) -> timedelta:
    """The wait after the `attempts`-th failure: the base, doubled after every failure."""
    return timedelta(seconds=settings.WEBPUSH_RETRY_SECONDS * 2 ** min(attempts - 1, 20))


def due(limit: int) -> list[int]:
    """Pending pushes whose time came (a retry, a task lost): the tick hands them on."""
    return list(
        PushMessage.objects.filter(
            status=PushMessage.Status.PENDING, next_attempt_at__lte=clock.now()
        )
        .order_by("next_attempt_at")
        .values_list("id", flat=True)[:limit]
    )
