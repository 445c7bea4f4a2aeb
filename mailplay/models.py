"""Mail that reached us: stored before anything is done with it, processed once.

A message is written the moment the receiving SMTP server or the webhook gets it, unique on
its Message-ID, so a second delivery of the same reply is recognised and dropped. Processing
claims a pending row, applies it and marks it done in one transaction: a crash leaves it
pending for the sweep, never half-applied. The answer we send back is stored on the row too,
and sent (and retried) from there.
"""

import uuid

from django.conf import settings
from django.db import models

from common import clock


class InboundMessage(models.Model):
    class Via(models.TextChoices):
        SMTP = "smtp"
        WEBHOOK = "webhook"

    class Status(models.TextChoices):
        PENDING = "pending"  # stored, not processed yet (or a try failed; the sweep retries)
        DONE = "done"  # processed: see outcome
        FAILED = "failed"  # processing raised on every try; a person should look

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    message_id = models.CharField(
        max_length=255, unique=True, help_text="The Message-ID header (or a digest of the mail)."
    )
    via = models.CharField(max_length=8, choices=Via.choices)
    envelope_from = models.CharField(max_length=320, blank=True)
    envelope_to = models.CharField(max_length=320, blank=True)
    raw = models.BinaryField()
    received_at = models.DateTimeField(default=clock.now)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    processed_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=32, blank=True, help_text="What processing decided.")
    # Who and which game the token named, once it was read (for the admin and the logs).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    game = models.ForeignKey("games.Game", on_delete=models.SET_NULL, null=True, blank=True)
    # The answer we send back (none for mail we refuse without answering).
    reply_to_address = models.CharField(max_length=320, blank=True)
    reply_subject = models.CharField(max_length=255, blank=True)
    reply_text = models.TextField(blank=True)
    reply_html = models.TextField(blank=True)
    reply_reply_to = models.CharField(max_length=320, blank=True)
    reply_sent_at = models.DateTimeField(null=True, blank=True)
    reply_attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["-received_at", "-id"]
        indexes = [models.Index(fields=["status", "received_at"])]

    def __str__(self) -> str:
        return f"mail {self.message_id} ({self.status} {self.outcome})"
