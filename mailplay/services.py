"""Mail that reaches us: store it, process it once, answer it.

`inbound_store` is all a receiver does (the SMTP server, the webhook): the mail is in the
database before anyone says "accepted". `inbound_process` claims one stored mail and, in one
transaction, reads it, applies the player's numbers through the same service the API uses
(`games.services.decisions_submit`) and writes our answer; a crash rolls all of it back and
leaves the mail pending for the sweep. Mail with a bad token, from a sender who is not the
token's player, or sent by a robot is logged and never answered (no backscatter).
"""

from __future__ import annotations

import hashlib
import logging
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction

from chat import services as chat_services
from common import clock
from common.errors import DomainError
from games import selectors
from games import services as game_services
from games.absences import mail as pause_mail
from games.models import Game
from mailplay import reading, replies
from mailplay.models import InboundMessage
from notifications import attention, emails
from notifications.mail_tokens import TALK, ReplyTarget, read_reply_token, token_of_address
from notifications.selectors import language_of
from notifications.suppression import is_suppressed

log = logging.getLogger(__name__)
User = get_user_model()


# The sweep leaves mail younger than this to the task enqueued for it.
SETTLE = timedelta(minutes=1)


class MessageTooLarge(Exception):
    pass


class InboxFull(Exception):
    """Today's cap of received messages is reached: the sender's server should retry later."""


# --- storing -------------------------------------------------------------------------------


def inbound_store(
    *, raw: bytes, via: str, envelope_from: str = "", envelope_to: str = ""
) -> InboundMessage | None:
    """Keep a received mail for processing; None when this Message-ID was stored before.

    Raises MessageTooLarge above MAILPLAY_MAX_MESSAGE_BYTES (the SMTP server refuses such
    mail before this point; the webhook logs it), InboxFull past MAILPLAY_MAX_STORED_PER_DAY
    messages received today (UTC; counted in the shared cache, before the row is written).
    """
    if len(raw) > settings.MAILPLAY_MAX_MESSAGE_BYTES:
        raise MessageTooLarge(
            f"The message has {len(raw)} bytes; at most "
            f"{settings.MAILPLAY_MAX_MESSAGE_BYTES} are accepted."
        )
    _count_today()
    headers = reading.parse_headers(raw)
    message_id = " ".join(str(headers.get("Message-ID", "")).split())
    if not message_id or len(message_id) > 255:
        # Without a usable Message-ID, the same bytes delivered twice are still one mail.
        message_id = f"<sha256.{hashlib.sha256(raw).hexdigest()}@khora.invalid>"
    row = InboundMessage(
        message_id=message_id,
        via=via,
        envelope_from=envelope_from[:320],
        envelope_to=envelope_to[:320],
        raw=raw,
        received_at=clock.now(),
    )
    try:
        with transaction.atomic():
            row.save(force_insert=True)
            transaction.on_commit(partial(_enqueue, "process_inbound", row.pk))
    except IntegrityError:
        log.info("Mail %s was delivered again; it is processed once.", message_id)
        return None
    return row


def _count_today() -> None:
    """Count a message against today's cap; InboxFull past it (nothing is stored then)."""
    cache = caches["default"]
    key = f"mailplay:stored:{clock.now().date().isoformat()}"
    cache.add(key, 0, 2 * 24 * 3600)
    try:
        stored = cache.incr(key)
    except ValueError:  # evicted between the two calls
        cache.add(key, 1, 2 * 24 * 3600)
        stored = 1
    if stored > settings.MAILPLAY_MAX_STORED_PER_DAY:
        raise InboxFull(
            f"{settings.MAILPLAY_MAX_STORED_PER_DAY} messages were received today, the most we "
            "keep in a day; please try again tomorrow."
        )


def _enqueue(task_name: str, inbound_id: int) -> None:
    from mailplay import tasks  # the tasks module imports this one

    try:
        getattr(tasks, task_name).delay(inbound_id)
    except Exception:  # the broker is down: the row waits for the sweep
        log.warning("Could not enqueue %s for mail %s; the sweep will.", task_name, inbound_id)


# --- processing ----------------------------------------------------------------------------


def inbound_process(inbound_id: int) -> str | None:
    """Process one stored mail if it is still pending; returns its outcome, or None."""
    try:
        with transaction.atomic():
            row = (
                InboundMessage.objects.select_for_update(skip_locked=True)
                .filter(pk=inbound_id, status=InboundMessage.Status.PENDING)
                .first()
            )
            if row is None:
                return None  # done already, or another worker holds it
            answer = _handle(row)
            row.status = InboundMessage.Status.DONE
            row.processed_at = clock.now()
            row.attempts += 1
            if answer is not None:
                # `_handle` names the player and the game before it answers anything.
                assert row.user is not None and row.game is not None
                rendered = replies.render(
                    answer, user=row.user, game=row.game, subject=row_subject(row)
                )
                row.reply_to_address = row.user.email
                row.reply_subject = rendered.subject
                row.reply_text = rendered.text
                row.reply_html = rendered.html
                row.reply_reply_to = rendered.reply_to
                transaction.on_commit(partial(_enqueue, "send_inbound_reply", row.pk))
            row.save()
            return row.outcome
    except Exception as error:  # a bug or an outage: nothing was kept; try again later
        log.exception("Processing mail %s failed", inbound_id)
        _record_failure(inbound_id, error)
        return None


def _record_failure(inbound_id: int, error: Exception) -> None:
    with transaction.atomic():
        row = InboundMessage.objects.select_for_update().filter(pk=inbound_id).first()
        if row is None or row.status != InboundMessage.Status.PENDING:
            return
        row.attempts += 1
        row.last_error = f"{type(error).__name__}: {error}"[:2000]
        if row.attempts >= settings.MAILPLAY_MAX_ATTEMPTS:
            row.status = InboundMessage.Status.FAILED
            log.error("Mail %s failed %s times; left for a person", row.message_id, row.attempts)
        row.save(update_fields=["attempts", "last_error", "status"])


def row_subject(row: InboundMessage) -> str:
    return str(reading.parse_headers(bytes(row.raw)).get("Subject", ""))


def _handle(row: InboundMessage) -> replies.Answer | None:
    """Decide what the mail means; apply its numbers. None: refused without an answer."""
    message = reading.parse(bytes(row.raw))
    if reading.is_automatic(message):
        _refuse(row, "ignored_automatic", "an auto-reply or bounce")
        return None
    target = _target(row, message)
    user = game = None
    if target is not None:
        user = User.objects.filter(pk=target.user_id).first()
        game = Game.objects.filter(pk=target.game_id).first()
    if target is None or user is None or game is None:
        _refuse(row, "refused_token", "no valid reply token")
        return None
    row.user, row.game = user, game
    sender = reading.sender_address(message)
    if not user.email or sender != user.email.strip().lower():
        _refuse(row, "refused_sender", f"the sender {sender!r} is not the token's player")
        return None
    # The player's own text: numbers above a line that says something at the table.
    numbers_text, said = reading.split_said(reading.fresh_text(reading.body_text(message)))
    if game.status != Game.Status.ACTIVE:
        outcome = "game_over" if game.status == Game.Status.FINISHED else "game_closed"
        return _answer(row, _say(replies.Answer(outcome), game, user, said))
    if selectors.seat_of(game, user) is None:
        _refuse(row, "refused_token", "the token's player has no seat in its game")
        return None
    # The prompts' texts in the player's language: our answer lists them (its own words are
    # chosen when it is rendered, from the problem's key).
    lang = language_of(user)
    if pause_mail.is_pause_token(target.prompt_id):  # "yes" to a pause's question (absences/)
        if said and not numbers_text.strip():  # only talk: the pause is left as it is
            answer = replies.Answer("said", prompt=selectors.game_prompt(game, user, lang))
            return _answer(row, _say(answer, game, user, said))
        outcome = pause_mail.pause_reply(game, user, target.prompt_id, numbers_text)
        answer = replies.Answer(outcome, problem=outcome)
        answer.prompt = selectors.game_prompt(game, user, lang)
        return _answer(row, _say(answer, game, user, said))
    current = selectors.game_prompt(game, user, lang)
    numbers = reading.numbers_in(numbers_text)
    if target.prompt_id == TALK:  # an email that asked nothing: its reply is talk
        answer = replies.Answer("said" if said else "talk_only", prompt=current)
        if numbers or not said:
            answer.problem = "talk_only"
        answer.waiting_for = _waiting_for(game, lang) if current is None else []
        return _answer(row, _say(answer, game, user, said))
    if said and not numbers:  # a message alone: said, and where the game is now
        answer = replies.Answer("said", prompt=current)
        answer.waiting_for = _waiting_for(game, lang) if current is None else []
        return _answer(row, _say(answer, game, user, said))
    if current is None or current["id"].lower() != target.prompt_id:
        answer = replies.Answer(
            "stale", problem="stale", prompt=current, waiting_for=_waiting_for(game, lang)
        )
        return _answer(row, _say(answer, game, user, said))
    if not numbers:
        count = len(current["options"])
        return _answer(
            row,
            replies.Answer(
                "no_number", problem="no_number", problem_values={"count": count}, prompt=current
            ),
        )
    # Both: the number first, then the words.
    return _answer(row, _say(_apply(game, user, current, numbers, lang), game, user, said))


def _say(answer: replies.Answer, game: Game, user, said: str) -> replies.Answer:
    """Post what the reply says at the table, if anything; the answer tells how it went."""
    if not said:
        return answer
    try:
        posted = chat_services.message_post(game=game, user=user, raw_text=said, via="email")
    except DomainError as refusal:
        answer.said_refused = {
            "code": refusal.code,
            "message": refusal.message,
            "retry_after": getattr(refusal, "retry_after", 0),
        }
        return answer
    answer.said = posted.message.text
    return answer


def _apply(game: Game, user, current: dict | None, numbers: list[int], lang: str) -> replies.Answer:
    """Each number answers the seat's prompt of the moment, in order, while it is asked within
    the same step: a prompt of a later step (after bots played on) is one the player has not
    seen, so a number meant for something else is never applied to it."""
    answer = replies.Answer("applied")
    step = selectors.open_step(game)
    for index, number in enumerate(numbers):
        if current is None or (index and selectors.open_step(game) != step):
            answer.unused = numbers[index:]
            break
        if index >= reading.MAX_NUMBERS:
            answer.unused = numbers[index:]
            break
        options = current["options"]
        if not 1 <= number <= len(options):
            answer.outcome = "bad_number" if not answer.taken else "applied_partly"
            answer.problem = "bad_next_number" if answer.taken else "bad_number"
            answer.problem_values = {"number": number, "count": len(options)}
            break
        option = options[number - 1]
        try:
            with attention.replying(game, user.pk):  # this answer asks what comes next
                game_services.decisions_submit(
                    public_id=game.public_id,
                    user=user,
                    decisions=[game_services.DecisionInput(current["id"], option["id"])],
                    via="reply",
                )
        except DomainError as refusal:
            answer.outcome = "refused" if not answer.taken else "applied_partly"
            answer.problem = "refused"
            answer.problem_values = {
                "number": number,
                "code": refusal.code,
                "message": refusal.message,
            }
            current = selectors.game_prompt(Game.objects.get(pk=game.pk), user, lang)
            break
        answer.taken.append({"number": number, "label": option["label"]})
        with attention.replying(game, user.pk):
            game = _advanced(game)
        active = game.status == Game.Status.ACTIVE
        current = selectors.game_prompt(game, user, lang) if active else None
    answer.prompt = current
    game.refresh_from_db()
    answer.waiting_for = _waiting_for(game, lang) if current is None else []
    return answer


def _advanced(game: Game) -> Game:
    """The game after its chance and bots ran: the next prompt may follow a draw or roll.
    Done here, in this transaction, rather than waiting for the advance task: the prompt that
    follows straight from the player's own answer is no news, so no other email would tell a
    player who plays by email what they are asked now; this reply does. A slow bot (`strong`)
    is not waited for: this transaction holds the game's lock, so the bot thinks in the
    advance task asked for on commit, and the reply says nothing is asked of the player right
    now; they are emailed when asked again, as after any other player's move."""
    game = Game.objects.get(pk=game.pk)
    if game.needs_advance:
        game_services.game_advance(game.pk, slow_bots=False)
        game = Game.objects.get(pk=game.pk)
    return game


def _waiting_for(game: Game, lang: str) -> list[str]:
    # Whom the game waits for, as the game's page says it (the one predicate, as the others
    # see it), named as the game's history names them (selectors.seat_name).
    return [selectors.seat_name_of(seat, lang) for seat in selectors.owing_seats(game)]


def _target(row: InboundMessage, message) -> ReplyTarget | None:
    candidates = [row.envelope_to] if row.envelope_to else reading.recipient_addresses(message)
    for address in candidates:
        token = token_of_address(address)
        target = read_reply_token(token) if token else None
        if target is not None:
            return target
    return None


def _refuse(row: InboundMessage, outcome: str, reason: str) -> None:
    row.outcome = outcome
    log.warning(
        "Mail %s from %r to %r refused (%s): %s; not answered.",
        row.message_id,
        row.envelope_from,
        row.envelope_to,
        outcome,
        reason,
    )
    return None


def _answer(row: InboundMessage, answer: replies.Answer) -> replies.Answer:
    row.outcome = answer.outcome
    log.info("Mail %s from user %s: %s", row.message_id, row.user_id, answer.outcome)
    return answer


# --- answering -----------------------------------------------------------------------------


def reply_send(inbound_id: int) -> bool:
    """Send the stored answer to one mail, once; True when this call sent it."""
    with transaction.atomic():
        row = (
            InboundMessage.objects.select_for_update(skip_locked=True)
            .filter(pk=inbound_id, reply_sent_at__isnull=True)
            .exclude(reply_subject="")
            .first()
        )
        if row is None or row.reply_attempts >= settings.NOTIFY_MAX_ATTEMPTS:
            return False
        if is_suppressed(row.reply_to_address):  # it bounced for good since: never write again
            row.reply_attempts = settings.NOTIFY_MAX_ATTEMPTS
            row.last_error = "answer: the address is suppressed (bounce or complaint)"
            row.save(update_fields=["reply_attempts", "last_error"])
            return False
        row.reply_attempts += 1
        try:
            _reply_message(row).send()
        except Exception as error:  # the sweep tries again
            row.last_error = f"answer: {type(error).__name__}: {error}"[:2000]
            row.save(update_fields=["reply_attempts", "last_error"])
            log.warning("Answer to mail %s: attempt %s failed", row.pk, row.reply_attempts)
            return False
        row.reply_sent_at = clock.now()
        row.save(update_fields=["reply_attempts", "reply_sent_at"])
        return True


def _reply_message(row: InboundMessage) -> EmailMultiAlternatives:
    return emails.stored_message(
        local_id=f"answer-{row.uuid}",  # the same on every retry
        subject=row.reply_subject,
        text=row.reply_text,
        html=row.reply_html,
        to=row.reply_to_address,
        reply_to=row.reply_reply_to,
        headers={
            "In-Reply-To": row.message_id,
            "References": row.message_id,
            "Auto-Submitted": "auto-replied",  # RFC 3834: no auto-responder answers this
        },
    )


# --- the sweep -----------------------------------------------------------------------------


def sweep(limit: int = 200) -> dict[str, int]:
    """Process mail a lost task left pending, and send answers not sent yet."""
    settle = clock.now() - SETTLE
    pending = list(
        InboundMessage.objects.filter(status=InboundMessage.Status.PENDING, received_at__lte=settle)
        .order_by("received_at")
        .values_list("id", flat=True)[:limit]
    )
    processed = sum(inbound_process(pk) is not None for pk in pending)
    unsent = list(
        InboundMessage.objects.filter(
            reply_sent_at__isnull=True,
            processed_at__lte=settle,
            reply_attempts__lt=settings.NOTIFY_MAX_ATTEMPTS,
        )
        .exclude(reply_subject="")
        .order_by("processed_at")
        .values_list("id", flat=True)[:limit]
    )
    answered = sum(reply_send(pk) for pk in unsent)
    return {"processed": processed, "answered": answered}
