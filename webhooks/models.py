"""Endpoints a user registered, and each event's delivery to one of them with its attempts."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from common import clock

EVENT_TYPES = ("game.your_turn", "game.over")


class Endpoint(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhook_endpoints"
    )
    url = models.URLField(max_length=2000)
    # whsec_<base64>: shown to its owner once, when made (at registration or a rotation).
    secret = models.CharField(max_length=100)
    # The secret before the last rotation: deliveries are signed with it too until then, so a
    # receiver can switch over without missing one (Standard Webhooks allows several
    # signatures in webhook-signature).
    previous_secret = models.CharField(max_length=100, blank=True, default="")
    previous_secret_until = models.DateTimeField(null=True, blank=True)
    event_types = models.JSONField(default=list)  # a subset of EVENT_TYPES
    active = models.BooleanField(default=True)
    disabled_reason = models.CharField(max_length=200, blank=True, default="")
    disabled_at = models.DateTimeField(null=True, blank=True)
    # Attempts that failed in a row, across deliveries: the circuit breaker's count.
    consecutive_failures = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        indexes = [models.Index(fields=["owner", "active"])]

    @property
    def secret_hint(self) -> str:
        """Enough of the secret to tell which one a receiver holds, too little to sign with."""
        return f"whsec_…{self.secret[-4:]}"


class Delivery(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        SUCCEEDED = "succeeded"
        FAILED = "failed"

    endpoint = models.ForeignKey(Endpoint, on_delete=models.CASCADE, related_name="deliveries")
    message_id = models.CharField(max_length=40, unique=True)  # webhook-id: same on every try
    event_type = models.CharField(max_length=40)
    payload = models.JSONField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True)
    # A worker is sending it until then: its deadline and a margin, so no other worker sends
    # it again while the first attempt may still run.
    claimed_until = models.DateTimeField(null=True)
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        indexes = [models.Index(fields=["status", "next_attempt_at"])]


class Attempt(models.Model):
    delivery = models.ForeignKey(Delivery, on_delete=models.CASCADE, related_name="attempt_log")
    number = models.PositiveIntegerField()
    at = models.DateTimeField(default=clock.now)
    status_code = models.PositiveIntegerField(null=True)  # null: no HTTP answer
    error = models.CharField(max_length=300, blank=True, default="")
    duration_ms = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["delivery", "number"]
