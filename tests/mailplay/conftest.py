"""Fixtures for play by email: players in a started game and replies built like mail clients'."""

from __future__ import annotations

import re
from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from notifications.models import Notification
from tests.players import (  # noqa: F401
    anonymous,
    fast_password_hashing,
    make_player,
    pytest_runtest_setup,
)


@pytest.fixture(autouse=True)
def site_settings(settings):
    settings.SITE_URL = "https://khora.example"
    settings.MAILPLAY_REPLY_ADDRESS = "play@khora.example"
    settings.NOTIFY_ACTIVE_MINUTES = 0  # these tests are about replies, not held emails


def reply(
    *,
    to: str,
    sender: str,
    text: str | None = "1",
    html: str | None = None,
    quote: str = "",
    subject: str = "Re: Khôra: your turn",
    message_id: str | None = None,
    headers: dict[str, str] | None = None,
) -> bytes:
    """A reply as a mail client writes it: the player's text above the quoted original."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = message_id or make_msgid(domain="client.example")
    for name, value in (headers or {}).items():
        message[name] = value
    if text is not None:
        quoted = "\n".join(f"> {line}" for line in quote.splitlines())
        body = f"{text}\n\nOn Mon, 23 Nov 2026 at 10:00, Khôra <khora@khora.example> wrote:\n"
        message.set_content(body + quoted + "\n")
        if html is not None:
            message.add_alternative(html, subtype="html")
    else:
        message.set_content(html, subtype="html")
    return message.as_bytes()


def latest_email(user) -> Notification:
    return Notification.objects.filter(recipient=user).order_by("-id").first()


def options_of(text: str) -> list[str]:
    """The numbered options an email lists, in order."""
    return re.findall(r"^  \d+\. (.+?)(?: \(the default\))?$", text, re.MULTILINE)
