"""Reading a player's reply: who sent it, whether a robot did, and the numbers they wrote.

Only the player's own new text counts: quoted lines, the "On ... wrote:" header above a
quote, a forwarded or Outlook-style original and the signature are cut off before numbers
are looked for. A reply in HTML only is read as text.
"""

from __future__ import annotations

import html
import re
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr

# The most numbers one reply may carry: a chain of prompts is a few dice or tiles, not more.
MAX_NUMBERS = 8
# Only the start of a body is read; a reply is a number, not a letter.
MAX_TEXT_CHARS = 20_000

_QUOTE_HEADERS = [
    re.compile(r"^\s*On\b.*\bwrote:\s*$", re.IGNORECASE),  # Gmail, Apple Mail, Thunderbird
    re.compile(r"^\s*-{2,}\s*(Original|Forwarded) Message\s*-{2,}", re.IGNORECASE),
    re.compile(r"^\s*_{10,}\s*$"),  # Outlook's rule above the original
    re.compile(r"^\s*From:\s", re.IGNORECASE),  # Outlook's header block of the original
    re.compile(r"^\s*Sent from my\b", re.IGNORECASE),  # phone signatures
]
_SIGNATURE = re.compile(r"^-- ?$")  # the standard signature separator ("-- ")
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3})(?![\w]|[.,]\d)")


def parse(raw: bytes) -> EmailMessage:
    return message_from_bytes(raw, policy=policy.default)


def sender_address(message: EmailMessage) -> str:
    return parseaddr(str(message.get("From", "")))[1].strip().lower()


def recipient_addresses(message: EmailMessage) -> list[str]:
    """Every address the headers say the mail went to (a webhook may give no envelope)."""
    fields = [
        str(value)
        for name in ("Delivered-To", "X-Original-To", "To", "Cc")
        for value in message.get_all(name, [])
    ]
    return [address for _, address in getaddresses(fields) if address]


def is_automatic(message: EmailMessage) -> bool:
    """Auto-replies, bounces and list mail: never answered, or two robots write forever."""
    auto = str(message.get("Auto-Submitted", "no")).strip().lower()
    precedence = str(message.get("Precedence", "")).strip().lower()
    return (
        auto != "no"
        or precedence in ("bulk", "junk", "list", "auto_reply")
        or "X-Autoreply" in message
        or "X-Autorespond" in message
        or str(message.get("Content-Type", "")).lower().startswith("multipart/report")
    )


def body_text(message: EmailMessage) -> str:
    """The reply's text: its plain part, else its HTML part turned into text."""
    part = message.get_body(preferencelist=("plain",))
    if part is not None:
        return _content(part)[:MAX_TEXT_CHARS]
    part = message.get_body(preferencelist=("html",))
    if part is not None:
        return html_to_text(_content(part)[: MAX_TEXT_CHARS * 5])[:MAX_TEXT_CHARS]
    return ""


def _content(part) -> str:
    try:
        content = part.get_content()
    except (LookupError, ValueError, AssertionError):  # an unknown charset or a broken part
        payload = part.get_payload(decode=True) or b""
        content = payload.decode("utf-8", errors="replace")
    return content if isinstance(content, str) else ""


def html_to_text(markup: str) -> str:
    # Quotes in HTML replies sit in <blockquote> (Gmail also marks its "wrote:" line): drop
    # them whole, then turn block ends into line breaks and the rest into text.
    markup = re.sub(r"(?is)<(head|style|script)\b.*?</\1\s*>", "", markup)
    markup = re.sub(r"(?is)<blockquote\b.*?</blockquote\s*>", "", markup)
    markup = re.sub(r"(?is)<div[^>]*class=\"?gmail_quote.*", "", markup)
    markup = re.sub(r"(?i)<br\s*/?>|</(p|div|li|tr|h\d)\s*>", "\n", markup)
    return html.unescape(re.sub(r"(?s)<[^>]*>", "", markup))


def fresh_text(text: str) -> str:
    """The player's own lines: everything above the first quote, quote header or signature."""
    lines = text.replace("\r\n", "\n").split("\n")
    kept = []
    for index, line in enumerate(lines):
        if line.lstrip().startswith(">") or _SIGNATURE.match(line):
            break
        if any(header.match(line) for header in _QUOTE_HEADERS):
            break
        following = lines[index + 1].strip().lower() if index + 1 < len(lines) else ""
        if line.lstrip().lower().startswith("on ") and following.endswith("wrote:"):
            break  # "On <date>, <name>" with "wrote:" wrapped onto the next line
        kept.append(line)
    return "\n".join(kept).strip()


def numbers_in(text: str) -> list[int]:
    """The numbers of the first line of the player's text that has any ("2 5", "2, 5",
    "I take 3"). Later lines are left alone: they are more often prose than answers."""
    for line in text.split("\n"):
        found = [int(number) for number in _NUMBER.findall(line)]
        if found:
            return found[: MAX_NUMBERS + 1]  # one more than allowed, so too many is seen
    return []


# A line of the player's own text that starts with one of these says something at the table:
# "say:" (or the Ukrainian "скажи:"), or an opening quote mark.
_SAY = re.compile(r"^\s*(?:(?:say|скажи)\s*:|[\"“„«])", re.IGNORECASE)
_CLOSING_QUOTES = '"”“»'


def split_said(text: str) -> tuple[str, str]:
    """The player's text before the first line that says something at the table, and what it
    says (that line after its marker and every line below it); "" when nothing is said.
    Numbers are read only in the first part, so a number in a message is never played."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        marker = _SAY.match(line)
        if marker is None:
            continue
        said = "\n".join([line[marker.end() :], *lines[index + 1 :]]).strip()
        if marker.group(0).strip()[-1] in '"“„«':  # opened with a quote: drop its closing one
            said = said[:-1].rstrip() if said and said[-1] in _CLOSING_QUOTES else said
        return "\n".join(lines[:index]), said
    return text, ""


def parse_headers(raw: bytes) -> EmailMessage:
    """Only the header block: enough for the Message-ID and Subject of any size of mail."""
    end = raw.find(b"\r\n\r\n")
    if end < 0:
        end = raw.find(b"\n\n")
    return message_from_bytes(raw[: end if end >= 0 else len(raw)], policy=policy.default)
