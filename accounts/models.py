"""A player's preferences beside Django's user: time zone and language for emails and pages."""

import zoneinfo

from django.conf import settings
from django.db import models

TIME_ZONES = sorted(zoneinfo.available_timezones())
LANGUAGE_CHOICES = settings.LANGUAGES


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    time_zone = models.CharField(max_length=64, default="UTC")
    language = models.CharField(max_length=8, choices=LANGUAGE_CHOICES, default="en")

    def __str__(self) -> str:
        return f"{self.user} ({self.time_zone}, {self.language})"
