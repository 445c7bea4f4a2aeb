"""The web app's only table: login links already used, so each works once."""

from django.db import models

from common import clock


class UsedLoginLink(models.Model):
    # The random nonce signed into the link; a second use hits the unique constraint.
    nonce = models.CharField(max_length=32, unique=True)
    used_at = models.DateTimeField(default=clock.now)

    def __str__(self) -> str:
        return f"login link {self.nonce} used {self.used_at:%Y-%m-%d %H:%M}"
