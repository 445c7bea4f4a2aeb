"""The matchmaking queue and rematches.

A `QueueEntry` is one player's "find me a game" with its terms; it waits until a game is formed
from it (`matched`), its player leaves (`left`) or it expires (`expired`). Every change to the
queue first locks the one `QueueLock` row, so that two players joining at once, in two web
processes, are matched by one of them after the other: one game, never two.

A `RematchOffer` asks the people of a finished game to play again at the same table; each
accepts with a `RematchAcceptance`, and the last acceptance starts the new game.
"""

from django.conf import settings
from django.db import models

from common import clock


class QueueLock(models.Model):
    """The one row every queue change locks (select_for_update) before it reads the queue."""

    changes = models.PositiveBigIntegerField(default=0)


class QueueEntry(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting"
        MATCHED = "matched"
        LEFT = "left"
        EXPIRED = "expired"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entries"
    )
    game_type = models.CharField(max_length=32, default="khora")
    # The number of seats wanted; null: any of 2, 3 or 4.
    players = models.PositiveSmallIntegerField(null=True, blank=True)
    step_hours = models.PositiveIntegerField()
    language = models.CharField(max_length=8)
    # At most this far from the player's rating (either way); null: anyone. The rating is the
    # one shown (μ − 3σ) when the entry was made.
    rating_band = models.PositiveSmallIntegerField(null=True, blank=True)
    rating = models.FloatField(default=0.0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    game = models.ForeignKey(
        "games.Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=clock.now)
    expires_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "expires_at"], name="queue_waiting")]

    def __str__(self) -> str:
        return f"{self.user} {self.players or 'any'}p {self.step_hours}h {self.status}"


class RematchOffer(models.Model):
    class Status(models.TextChoices):
        OPEN = "open"
        STARTED = "started"
        EXPIRED = "expired"

    finished = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="rematch_offer"
    )
    proposer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    game = models.ForeignKey(
        "games.Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=clock.now)
    expires_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"rematch of {self.finished_id} {self.status}"


class RematchAcceptance(models.Model):
    offer = models.ForeignKey(RematchOffer, on_delete=models.CASCADE, related_name="acceptances")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["offer", "user"], name="one_acceptance_per_player")
        ]
