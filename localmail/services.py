"""The local mailbox: reading what the server sent, and answering it as a mail program would.

A reply is written as a player's mail program writes one (the quoted original below the new
text, In-Reply-To, "Re:") and handed to our receiving SMTP server's handler exactly as a
remote server's conversation would (RCPT, then DATA): the same checks, storing, parsing and
processing as a reply that came over the internet.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import formatdate, getaddresses, make_msgid, parseaddr

from aiosmtpd.smtp import Envelope
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from localmail.models import LocalMail
from mailplay.receiver import ReplyHandler

MAX_REPLY_CHARS = 5_000


@dataclass(frozen=True)
class Shown:
    """One kept message as the mailbox page shows it."""

    mail: LocalMail
    sender: str
    to: list[str]
    reply_to: str
    text: str
    html: str


@dataclass(frozen=True)
class Delivery:
    accepted: bool
    answer: str  # the receiver's last SMTP answer, e.g. "250 OK"


class ReplyRefused(ValueError):
    pass


def mailboxes() -> list[dict]:
    """Every address that received something, with its user's name when it is a player's."""
    counts: dict[str, int] = {}
    for recipients in LocalMail.objects.values_list("recipients", flat=True):
        for address in recipients:
            counts[address.lower()] = counts.get(address.lower(), 0) + 1
    names = {
        email.lower(): username
        for username, email in get_user_model()
        .objects.filter(email__in=list(counts))
        .values_list("username", "email")
    }
    return [
        {"address": address, "count": count, "username": names.get(address, "")}
        for address, count in sorted(counts.items(), key=lambda item: names.get(item[0], item[0]))
    ]


def messages_to(address: str | None, limit: int = 100) -> list[LocalMail]:
    rows = LocalMail.objects.defer("raw")
    if address:
        # JSON containment is not portable to SQLite: filter the newest rows here instead.
        return [row for row in rows[: limit * 10] if address.lower() in _lower(row.recipients)][
            :limit
        ]
    return list(rows[:limit])


def show(mail: LocalMail) -> Shown:
    message = _parse(mail.raw)
    text_part = message.get_body(preferencelist=("plain",))
    html_part = message.get_body(preferencelist=("html",))
    return Shown(
        mail=mail,
        sender=str(message.get("From", "")),
        to=[address for _, address in getaddresses([str(v) for v in message.get_all("To", [])])],
        reply_to=parseaddr(str(message.get("Reply-To", "") or message.get("From", "")))[1],
        text=text_part.get_content() if text_part is not None else "",
        html=html_part.get_content() if html_part is not None else "",
    )


def reply(mail: LocalMail, *, sender: str, text: str) -> Delivery:
    """Answer `mail` as `sender` (one of its recipients) with `text` above the quoted original,
    through our SMTP receiver's handler."""
    text = text.strip()
    if not text:
        raise ReplyRefused(_("Write something to send: the number of your choice, say."))
    if len(text) > MAX_REPLY_CHARS:
        raise ReplyRefused(
            _("A reply here holds at most %(count)d characters.") % {"count": MAX_REPLY_CHARS}
        )
    if sender.lower() not in _lower(mail.recipients):
        raise ReplyRefused(_("Only a recipient of this email can answer it."))
    shown = show(mail)
    original = _parse(mail.raw)
    message = EmailMessage()
    message["From"] = sender
    message["To"] = shown.reply_to
    message["Subject"] = "Re: " + mail.subject.removeprefix("Re: ")
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain="localmail.invalid")
    if original.get("Message-ID"):
        message["In-Reply-To"] = str(original["Message-ID"])
        message["References"] = str(original["Message-ID"])
    quoted = "\n".join(f"> {line}" if line else ">" for line in shown.text.splitlines())
    when = original.get("Date", "")
    message.set_content(f"{text}\n\nOn {when}, {shown.sender} wrote:\n{quoted}\n")
    return deliver(message.as_bytes(), mail_from=sender, rcpt_to=shown.reply_to)


def deliver(raw: bytes, *, mail_from: str, rcpt_to: str) -> Delivery:
    """Hand `raw` to our receiving SMTP server's handler as a remote server would: RCPT, then
    DATA (the handler stores the mail before it answers 250; processing follows)."""
    handler = ReplyHandler()
    envelope = Envelope()
    envelope.mail_from = mail_from

    async def conversation() -> str:
        answer = await handler.handle_RCPT(None, None, envelope, rcpt_to, [])
        if not answer.startswith("250"):
            return answer
        envelope.content = envelope.original_content = raw
        return await handler.handle_DATA(None, None, envelope)

    answer = asyncio.run(conversation())
    return Delivery(accepted=answer.startswith("250"), answer=answer)


def _parse(raw) -> EmailMessage:
    return message_from_bytes(bytes(raw), policy=policy.default)


def _lower(addresses: list[str]) -> list[str]:
    return [address.lower() for address in addresses]
