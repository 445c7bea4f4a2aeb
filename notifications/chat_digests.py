"""The chat digest: for a player who chose it, one email per game at most every hour with
what was said at the table since they last looked. Nobody else ever gets an email for chat:
what is said rides along in the emails they get anyway (your turn, reminders, the digest)."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from chat import selectors
from games.models import Game
from notifications import emails
from notifications.game_emails import talk_context
from notifications.kinds import CHAT_DIGEST
from notifications.mail_tokens import talk_address
from notifications.models import Notification
from notifications.selectors import table_talk
from notifications.services import send_after_commit
from notifications.suppression import is_suppressed

log = logging.getLogger(__name__)
HOUR = timedelta(hours=1)


def send_chat_digests(now: datetime) -> int:
    """Write the chat digests due now; returns how many. One failure never stops the others."""
    written = 0
    for user_id, game_id in selectors.digest_candidates(now - HOUR):
        try:
            written += write_chat_digest(user_id, game_id, now) is not None
        except Exception:
            log.exception("The chat digest of user %s for game %s failed", user_id, game_id)
    return written


def write_chat_digest(user_id: int, game_id: int, now: datetime) -> Notification | None:
    user = get_user_model().objects.filter(pk=user_id).first()
    game = Game.objects.filter(pk=game_id).select_related("creator").first()
    if user is None or game is None or not user.email or is_suppressed(user.email):
        return None
    if not selectors.wants_digest(user):
        return None
    recent = Notification.objects.filter(
        recipient=user, game=game, kind=CHAT_DIGEST, created_at__gt=now - HOUR
    )
    if recent.exists():  # at most one an hour per game
        return None
    talk = table_talk(game, user)
    if not talk["lines"]:
        return None
    context = {**talk_context(game, user), "table_talk": talk}
    context["reply_to"] = talk_address(user.pk, game.pk)  # its "say:" lines reach the table
    rendered = emails.chat_digest(user, context)
    row = Notification(
        recipient=user,
        game=game,
        # The hour's key makes a second writer of the same hour a duplicate.
        step=f"chat{now:%Y%m%d%H}",
        kind=CHAT_DIGEST,
        subject=rendered.subject,
        body_text=rendered.text,
        body_html=rendered.html,
        link=context.get("game_url", ""),
        reply_to=context.get("reply_to", ""),
        next_attempt_at=now,
    )
    try:
        with transaction.atomic():
            row.save(force_insert=True)
    except IntegrityError:
        return None
    send_after_commit(row.pk)
    return row
