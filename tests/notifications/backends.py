"""Email backends for tests: one that always fails, one that is slow enough to overlap."""

import time
from smtplib import SMTPServerDisconnected

from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.backends.locmem import EmailBackend as LocmemBackend


class FailingBackend(BaseEmailBackend):
    def send_messages(self, messages):
        raise SMTPServerDisconnected("the test server hung up")


class SlowLocmemBackend(LocmemBackend):
    """Keeps each message in the outbox, but takes a while, so senders run side by side."""

    def send_messages(self, messages):
        time.sleep(0.02)
        return super().send_messages(messages)
