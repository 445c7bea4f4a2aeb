"""A chat message's text: what is accepted, and how it is shown as HTML.

Messages are plain text. On a page or in an HTML email every character is escaped, and only
`http://` and `https://` addresses become links (so `javascript:` never does), each marked
`nofollow noopener noreferrer ugc` and opened in a new tab.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from common.errors import DomainError

# C0 controls but tab and newline, DEL and the C1 controls: invisible, and some terminals and
# mail readers act on them.
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_URL = re.compile(r"\bhttps?://[^\s<>\"'`]+", re.IGNORECASE)
# Punctuation that ends a sentence rather than an address ("see https://x.org.").
_TRAILING = ".,;:!?)]}'\"»”’"


def clean(raw: object) -> str:
    """The message as stored: newlines made \\n, trimmed; refused when empty, too long, not
    valid Unicode (a lone surrogate from a JSON escape) or holding control characters."""
    if not isinstance(raw, str):
        raise DomainError("invalid_text", "A message is a string of text.", 400)
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        raise DomainError(
            "invalid_text",
            "The message is not valid Unicode (it holds a lone surrogate); send UTF-8 text.",
            422,
        ) from None
    text = raw.replace("\r\n", "\n").replace("\r", "\n").strip()
    if _CONTROLS.search(text):
        raise DomainError(
            "invalid_text", "The message holds control characters; send plain text.", 422
        )
    if not text:
        raise DomainError("empty_message", "The message is empty; write something to say.", 422)
    limit = settings.CHAT_MESSAGE_MAX_CHARS
    if len(text) > limit:
        raise DomainError(
            "message_too_long",
            f"A message is at most {limit} characters; this one has {len(text)}.",
            422,
            {"max_chars": limit},
        )
    return text


def to_html(text: str) -> SafeString:
    """The text escaped, its web addresses made links, its line breaks kept as <br>."""
    parts: list[str] = []
    position = 0
    for match in _URL.finditer(text):
        address = match.group(0).rstrip(_TRAILING)
        start, end = match.start(), match.start() + len(address)
        parts.append(escape(text[position:start]))
        parts.append(_link(address) if _is_web_address(address) else escape(address))
        position = end
    parts.append(escape(text[position:]))
    return mark_safe("".join(parts).replace("\n", "<br>"))


def _is_web_address(address: str) -> bool:
    try:
        parts = urlsplit(address)
    except ValueError:
        return False
    return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)


def _link(address: str) -> str:
    shown = escape(address)
    return f'<a href="{shown}" rel="nofollow noopener noreferrer ugc" target="_blank">{shown}</a>'


def quoted(text: str) -> str:
    """The text as a plain-text email quotes it: every line, blank ones too, after "> ", so
    that no line of a message can pass for a line of the email's own (an option, "reply 2 to
    ...") however it is written; the email's own words never start so."""
    return "\n".join(f"> {line}".rstrip() for line in text.split("\n"))
