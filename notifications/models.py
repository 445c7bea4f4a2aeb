"""The outbox and each user's choices about it.

A `Notification` is written in the same transaction as what caused it, already rendered, so
the email says what was true at that moment. Senders claim pending rows; nothing else is
needed to know what is still to be sent.
"""

import uuid

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from common import clock

HOURS = [MinValueValidator(0), MaxValueValidator(23)]


class Delivery(models.TextChoices):
    IMMEDIATELY = "immediately"
    DIGEST = "digest"
    OFF = "off"


def default_digest_hour() -> int:
    return settings.NOTIFY_DIGEST_HOUR


class Notification(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"  # to be sent as soon as a sender claims it
        DIGEST = "digest"  # waiting for the recipient's next daily digest
        DIGESTED = "digested"  # carried by a digest (or dropped: its kind was turned off)
        SENT = "sent"
        FAILED = "failed"  # gave up after the last attempt
        # Held back while its player was active, then not sent: they answered first.
        SUPERSEDED = "superseded"

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    game = models.ForeignKey(
        "games.Game",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="notifications",
        help_text="Empty for a digest, which covers several games.",
    )
    step = models.CharField(
        max_length=32, help_text="The cause within the game: a step number, start, end or a date."
    )
    kind = models.CharField(max_length=32)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    subject = models.CharField(max_length=255)
    body_text = models.TextField()
    body_html = models.TextField()
    link = models.CharField(max_length=500, blank=True, help_text="The deep link a digest lists.")
    reply_to = models.CharField(
        max_length=320, blank=True, help_text="The signed address a reply answers the prompt at."
    )
    prompt = models.CharField(
        max_length=64,
        blank=True,
        help_text="The prompt this email asks: not sent once its player has answered it.",
    )
    told_upto = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="The game's log seq this email's 'since you last looked' told up to.",
    )
    language = models.CharField(
        max_length=8,
        blank=True,
        help_text="The language it was composed in: composed again if its recipient's differs "
        "when it is sent.",
    )
    digest = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="items",
        help_text="The digest that carried this row.",
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=clock.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=clock.now, editable=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["recipient", "game", "step", "kind"], name="one_notification_per_cause"
            ),
            # NULLs never collide in a unique index, so digests (no game) need their own.
            models.UniqueConstraint(
                fields=["recipient", "step", "kind"],
                condition=models.Q(game__isnull=True),
                name="one_gameless_notification_per_cause",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "next_attempt_at"]),
            models.Index(fields=["recipient", "status"]),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.recipient} ({self.status})"


class SendingPause(models.Model):
    """One row: no email is sent before `until` (the SMTP server was found unreachable or
    hung; see notifications.sending). Kept in the database so every sender sees it."""

    until = models.DateTimeField()
    reason = models.CharField(max_length=500, blank=True)

    def __str__(self) -> str:
        return f"sending paused until {self.until}"


class SuppressedAddress(models.Model):
    """An address that bounced for good or whose owner marked our mail as spam: no game email
    goes to it again (account recovery does not pass through the outbox and still does)."""

    email = models.CharField(max_length=320, unique=True, help_text="Lowercased.")
    reason = models.CharField(max_length=16, help_text="bounced, complained or rejected")
    detail = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(default=clock.now)

    def __str__(self) -> str:
        return f"{self.email} ({self.reason})"


class NotificationPreference(models.Model):
    """How a user wants each family of email; a user without a row gets the defaults."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preference"
    )
    your_turn = models.CharField(max_length=12, choices=Delivery.choices, default="immediately")
    reminder = models.CharField(max_length=12, choices=Delivery.choices, default="immediately")
    game_started = models.CharField(max_length=12, choices=Delivery.choices, default="immediately")
    game_over = models.CharField(max_length=12, choices=Delivery.choices, default="immediately")
    invitations = models.CharField(max_length=12, choices=Delivery.choices, default="immediately")
    quiet_hours_start = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=HOURS, help_text="Local hour quiet hours begin (0–23)."
    )
    quiet_hours_end = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=HOURS, help_text="Local hour quiet hours end (0–23)."
    )
    digest_hour = models.PositiveSmallIntegerField(
        default=default_digest_hour, validators=HOURS, help_text="Local hour of the daily digest."
    )

    def __str__(self) -> str:
        return f"notification preferences of {self.user}"
