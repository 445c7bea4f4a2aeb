"""Through a real SMTP conversation: the message arrives whole, and a dead server is retried."""

from __future__ import annotations

import pytest

from notifications import services
from notifications.models import Notification
from tests.integration.conftest import SmtpSink, _free_port
from tests.notifications.conftest import SITE, turn_context


class RawSmtpSink(SmtpSink):
    """Also keeps the bytes as they came over the wire."""

    def __init__(self):
        super().__init__()
        self.raw: list[bytes] = []

    async def handle_DATA(self, server, session, envelope):
        self.raw.append(envelope.content)
        return await super().handle_DATA(server, session, envelope)


@pytest.fixture
def smtp_sink(settings):
    sink = RawSmtpSink()
    sink.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", sink.port
    settings.EMAIL_USE_TLS = False
    yield sink
    sink.stop()


def test_an_email_arrives_over_smtp_with_both_parts_and_every_header(make_user, game, smtp_sink):
    alice = make_user("alice", time_zone="Europe/Paris")
    row = services.notify(
        user=alice, game=game, step="4", kind="your_turn", context=turn_context(game)
    )
    assert services.send_due() == 1
    (received,) = smtp_sink.messages
    # Long values are folded onto a continuation line, which unfolds with a leading space.
    header = {name: str(received[name]).strip() for name in received}
    assert header["To"] == "alice@example.com"
    assert header["Subject"] == "Khôra: your turn in “Aegean Nights” (round 2)"
    assert header["Message-ID"] == f"<{row.uuid}@khora.example>"
    assert header["List-Unsubscribe"].startswith(f"<{SITE}/notifications/unsubscribe/")
    assert header["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # RFC 2369 parsers expect the URL itself, never an RFC 2047 encoded word.
    raw_headers = smtp_sink.raw[0].split(b"\r\n\r\n", 1)[0].decode("ascii")
    unsubscribe = raw_headers.split("List-Unsubscribe:", 1)[1].split("\r\nList-", 1)[0]
    assert "=?" not in unsubscribe and f"<{SITE}/notifications/unsubscribe/" in unsubscribe
    assert received.get_content_type() == "multipart/alternative"
    text = received.get_body(("plain",)).get_content()
    html = received.get_body(("html",)).get_content()
    assert "14:00 CET (Europe/Paris)" in text and "14:00 CET (Europe/Paris)" in html
    assert "Keep Lyceum (the default)" in text


def test_a_server_that_is_not_there_counts_as_a_failed_attempt(make_user, game, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", _free_port()  # nobody listens
    row = services.notify(
        user=make_user("alice"), game=game, step="4", kind="your_turn", context=turn_context(game)
    )
    assert services.send_due() == 0
    row.refresh_from_db()
    assert row.status == Notification.Status.PENDING and row.attempts == 1
    assert "ConnectionRefusedError" in row.last_error
    assert row.next_attempt_at > row.created_at
