"""Our receiving SMTP server (aiosmtpd): takes mail for reply addresses, nothing else.

A message is accepted ("250") only once it is stored; processing follows in a task. Mail for
any other address, or for a reply address whose token we did not sign, is refused at RCPT
(550), before any DATA is read: this is never an open relay, and junk never reaches the
inbound table. A message larger than MAILPLAY_MAX_MESSAGE_BYTES is refused at DATA with 552:
the sender's own server tells them. A connection carries at most
MAILPLAY_MAX_MESSAGES_PER_CONNECTION messages, a sending address at most
MAILPLAY_MAX_MESSAGES_PER_SENDER an hour (counted in the shared cache), and the table takes at
most MAILPLAY_MAX_STORED_PER_DAY a day (services.inbound_store): past a cap, a temporary 452.
"""

from __future__ import annotations

import hashlib
import logging

from aiosmtpd.controller import Controller
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import caches

from mailplay import services
from notifications.mail_tokens import read_reply_token, token_of_address

log = logging.getLogger(__name__)
SENDER_WINDOW_SECONDS = 3600


class ReplyHandler:
    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        started = getattr(session, "khora_messages", 0)
        if started >= settings.MAILPLAY_MAX_MESSAGES_PER_CONNECTION:
            return "452 4.5.3 Too many messages on one connection; please reconnect"
        if await sync_to_async(_sender_count, thread_sensitive=False)(address) >= (
            settings.MAILPLAY_MAX_MESSAGES_PER_SENDER
        ):
            return "452 4.7.1 Too many messages from this sender; please try again later"
        session.khora_messages = started + 1
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        token = token_of_address(address)
        if token is None:
            return "550 5.1.1 No such mailbox here: this server only takes replies to games"
        if read_reply_token(token) is None:
            return "550 5.1.1 No such reply address: it was not made by this server"
        if envelope.rcpt_tos:
            return "452 4.5.3 One reply address per message, please"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        try:
            row = await sync_to_async(_store, thread_sensitive=False)(envelope)
        except services.MessageTooLarge as refusal:
            return f"552 5.3.4 {refusal}"
        except services.InboxFull as refusal:
            return f"452 4.3.1 {refusal}"
        except Exception:
            log.exception("Could not store mail from %s", envelope.mail_from)
            return "451 4.3.0 Could not store the message now; please try again later"
        if row is None:
            return "250 OK (already received)"
        return "250 OK"


def _sender_key(address) -> str:
    folded = (address or "").strip().lower().encode("utf-8", "surrogatepass")
    return "mailplay:sender:" + hashlib.sha256(folded).hexdigest()[:32]


def _sender_count(address) -> int:
    return caches["default"].get(_sender_key(address), 0)


def _count_sender(address) -> None:
    cache, key = caches["default"], _sender_key(address)
    if not cache.add(key, 1, SENDER_WINDOW_SECONDS):
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.add(key, 1, SENDER_WINDOW_SECONDS)


def _store(envelope):
    from django.db import close_old_connections

    close_old_connections()  # a long-running server: drop connections the database closed
    _count_sender(envelope.mail_from)
    return services.inbound_store(
        raw=envelope.original_content or envelope.content,
        via="smtp",
        envelope_from=envelope.mail_from or "",
        envelope_to=envelope.rcpt_tos[0] if envelope.rcpt_tos else "",
    )


def controller(host: str, port: int) -> Controller:
    return Controller(
        ReplyHandler(),
        hostname=host,
        port=port,
        data_size_limit=settings.MAILPLAY_MAX_MESSAGE_BYTES,
        # Mail from anywhere may carry 8-bit text; keep the bytes exactly as received.
        decode_data=False,
    )
