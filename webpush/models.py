"""A player's push subscriptions (one per browser), what they want pushed, and the messages.

A `PushMessage` is one push to one subscription for one cause (a wait for a prompt, a game's
end): unique, so a player hears of a wait once per device, however often the change that
asks them is seen.
"""

from django.conf import settings
from django.db import models

from common import clock


class PushSubscription(models.Model):
    """What a browser's PushManager gave us: where to POST, and the keys to encrypt for."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.CharField(max_length=1024, unique=True)
    p256dh = models.CharField(max_length=100, help_text="The browser's ECDH key, base64url.")
    auth = models.CharField(max_length=40, help_text="The browser's auth secret, base64url.")
    label = models.CharField(max_length=80, help_text="Which browser: 'Firefox · Android'.")
    created_at = models.DateTimeField(default=clock.now)
    last_success_at = models.DateTimeField(null=True, blank=True)
    # Attempts failed in a row (no answer, or an error other than 404/410): past
    # WEBPUSH_STOPPED_AFTER_FAILURES the page says this device stopped answering.
    failures = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    # The credential that stored it (webpush.credentials): its end ends this device's pushes.
    # Empty for devices stored before we kept it; those end only with the account.
    credential = models.CharField(max_length=80, blank=True, db_index=True)
    password_stamp = models.CharField(max_length=16, blank=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"push to {self.label} of {self.user}"

    @property
    def stopped(self) -> bool:
        return self.failures >= settings.WEBPUSH_STOPPED_AFTER_FAILURES


class PushPreference(models.Model):
    """What a user wants pushed (a user without a row gets the defaults: turns and ends on,
    table talk off), and the
    last device the push service said is gone (shown once on the preferences page)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_preference"
    )
    your_turn = models.BooleanField(default=True)
    game_over = models.BooleanField(default=True)
    # What the other players say at the table: off unless chosen (at most one push an hour
    # per game, never while the game's page is open).
    chat = models.BooleanField(default=False)
    removed_label = models.CharField(max_length=80, blank=True)
    removed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"push preferences of {self.user}"


class PushMessage(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        SENT = "sent"
        FAILED = "failed"
        # Its prompt was answered (or its game ended) before it went out: never sent.
        SUPERSEDED = "superseded"

    subscription = models.ForeignKey(
        PushSubscription, on_delete=models.CASCADE, related_name="messages"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=32, help_text="A kind of notifications.kinds.")
    cause = models.CharField(max_length=100, help_text="'<step>:<prompt>' of a wait, or 'end'.")
    prompt = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=clock.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["subscription", "game", "kind", "cause"], name="one_push_per_cause"
            )
        ]
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self) -> str:
        return f"{self.kind} push {self.cause} ({self.status})"
