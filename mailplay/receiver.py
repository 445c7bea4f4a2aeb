"""Our receiving SMTP server (aiosmtpd): takes mail for reply addresses, nothing else.

A message is accepted ("250") only once it is stored; processing follows in a task. Mail for
any other address is refused at RCPT, so this is never an open relay, and a message larger
than MAILPLAY_MAX_MESSAGE_BYTES is refused at DATA with 552: the sender's own server tells
them.
"""

from __future__ import annotations

import logging

from aiosmtpd.controller import Controller
from asgiref.sync import sync_to_async
from django.conf import settings

from mailplay import services
from mailplay.tokens import is_reply_address

log = logging.getLogger(__name__)


class ReplyHandler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if not is_reply_address(address):
            return "550 5.1.1 No such mailbox here: this server only takes replies to games"
        if envelope.rcpt_tos:
            return "452 4.5.3 One reply address per message, please"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        try:
            row = await sync_to_async(_store, thread_sensitive=False)(envelope)
        except services.MessageTooLarge as refusal:
            return f"552 5.3.4 {refusal}"
        except Exception:
            log.exception("Could not store mail from %s", envelope.mail_from)
            return "451 4.3.0 Could not store the message now; please try again later"
        if row is None:
            return "250 OK (already received)"
        return "250 OK"


def _store(envelope):
    from django.db import close_old_connections

    close_old_connections()  # a long-running server: drop connections the database closed
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
