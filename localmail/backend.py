"""An email backend that keeps every message in the local mailbox instead of sending it."""

from __future__ import annotations

from django.core.mail.backends.base import BaseEmailBackend

from localmail.models import LocalMail


class EmailBackend(BaseEmailBackend):
    def send_messages(self, email_messages) -> int:
        rows = [
            LocalMail(
                sender=message.from_email,
                recipients=list(message.recipients()),
                subject=message.subject[:998],
                # What an SMTP server would receive: the headers and body with every part.
                raw=message.message().as_bytes(linesep="\r\n"),
            )
            for message in email_messages
            if message.recipients()
        ]
        LocalMail.objects.bulk_create(rows)
        return len(rows)
