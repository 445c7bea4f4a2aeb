"""A player's preferences beside Django's user: time zone and language for emails and pages."""

import zoneinfo

from django.conf import settings
from django.db import models

from accounts.usernames import username_key
from common import clock

TIME_ZONES = sorted(zoneinfo.available_timezones())
LANGUAGE_CHOICES = settings.LANGUAGES


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    time_zone = models.CharField(max_length=64, default="UTC")
    language = models.CharField(max_length=8, choices=LANGUAGE_CHOICES, default="en")
    # The username folded (accounts.usernames.username_key): unique, so the database refuses a
    # second account whose name differs only in letter case or Unicode form. Null only for an
    # older account that already had a twin when this rule came (the older one holds the name).
    username_key = models.CharField(max_length=150, unique=True, null=True, editable=False)

    def save(self, *args, **kwargs):
        if self._state.adding and self.username_key is None:
            self.username_key = username_key(self.user.username)
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return f"{self.user} ({self.time_zone}, {self.language})"


class UsedLoginLink(models.Model):
    """A login link already used, so each works once (accounts.login_links). The table kept
    the name it had when the web app owned the model."""

    # The random nonce signed into the link; a second use hits the unique constraint.
    nonce = models.CharField(max_length=32, unique=True)
    used_at = models.DateTimeField(default=clock.now)

    class Meta:
        db_table = "web_usedloginlink"

    def __str__(self) -> str:
        return f"login link {self.nonce} used {self.used_at:%Y-%m-%d %H:%M}"
