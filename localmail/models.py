"""Email the embedded default keeps instead of sending: one row per message, as sent.

Only `localmail.backend.EmailBackend` writes here, and only when LOCAL_MAILBOX is on (the
embedded default, never production): a newcomer can read what players receive and answer it
without running mail servers.
"""

from django.db import models

from common import clock


class LocalMail(models.Model):
    sent_at = models.DateTimeField(default=clock.now, db_index=True)
    sender = models.CharField(max_length=320)
    recipients = models.JSONField(help_text="Every address the message went to (to, cc, bcc).")
    subject = models.CharField(max_length=998, blank=True)
    raw = models.BinaryField(help_text="The whole message as an SMTP server would receive it.")

    class Meta:
        ordering = ["-sent_at", "-id"]

    def __str__(self) -> str:
        return f"{self.subject} → {', '.join(self.recipients)}"
