"""The receiving SMTP server refuses forged reply addresses at RCPT, before any DATA, and caps
messages per connection, per sending address and per day: junk is never stored."""

from __future__ import annotations

import smtplib
import socket
import uuid
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from django.core.cache import cache

from mailplay import receiver
from mailplay.models import InboundMessage
from notifications import mail_tokens as tokens

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def server(settings):
    settings.MAILPLAY_REPLY_ADDRESS = "play@khora.example"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    running = receiver.controller("127.0.0.1", port)
    running.start()
    yield port
    running.stop()


def _mail(to: str) -> bytes:
    message = EmailMessage()
    message["From"] = "ann@example.com"
    message["To"] = to
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = make_msgid(domain="client.example")
    message.set_content("1\n")
    return message.as_bytes()


def _forged_address(number: int) -> str:
    real = tokens.reply_token(number + 1, 7, "p0-1")
    forged = real[:-16] + ("a" * 16 if not real.endswith("a" * 16) else "b" * 16)
    return f"play+{forged}@khora.example"


def test_a_hundred_messages_to_forged_reply_addresses_are_refused_at_rcpt(server):
    refused = 0
    for batch in range(10):
        with smtplib.SMTP("127.0.0.1", server, timeout=10) as client:
            client.ehlo()
            for number in range(10):
                client.mail(f"spammer{uuid.uuid4().hex[:6]}@example.com")
                code, text = client.rcpt(_forged_address(batch * 10 + number))
                assert code == 550, (code, text)
                refused += 1
                client.rset()
    assert refused == 100
    assert InboundMessage.objects.count() == 0


def _send(port, sender, to):
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
        return client.sendmail(sender, [to], _mail(to))


def test_a_connection_carries_a_capped_number_of_messages(server, settings):
    settings.MAILPLAY_MAX_MESSAGES_PER_CONNECTION = 3
    with smtplib.SMTP("127.0.0.1", server, timeout=10) as client:
        client.ehlo()
        codes = []
        for _ in range(4):
            codes.append(client.mail(f"s{uuid.uuid4().hex[:6]}@example.com")[0])
            client.rset()
    assert codes == [250, 250, 250, 452]


def test_one_sending_address_and_one_day_are_capped(server, settings):
    settings.MAILPLAY_MAX_MESSAGES_PER_SENDER = 2
    settings.MAILPLAY_MAX_STORED_PER_DAY = 3
    cache.clear()
    to = f"play+{tokens.reply_token(1, 7, 'p0-1')}@khora.example"
    sender = f"ann{uuid.uuid4().hex[:6]}@example.com"
    _send(server, sender, to)
    _send(server, sender, to)
    with pytest.raises(smtplib.SMTPSenderRefused) as refusal:
        _send(server, sender, to)
    assert refusal.value.smtp_code == 452
    assert InboundMessage.objects.count() == 2

    _send(server, f"bob{uuid.uuid4().hex[:6]}@example.com", to)
    with pytest.raises(smtplib.SMTPDataError) as full:
        _send(server, f"cy{uuid.uuid4().hex[:6]}@example.com", to)
    assert full.value.smtp_code == 452
    assert InboundMessage.objects.count() == 3
