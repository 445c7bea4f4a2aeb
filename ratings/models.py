"""Ratings per game type and per player-count band (Weng–Lin Plackett–Luce, ratings/skill.py;
the band keys in ratings/bands.py), the games they came from in the order they were applied,
each player's change in each game (the history), and what each player's seat showed of them
(the city played, the times they took to answer).

Everything here can be rebuilt from the finished games (`manage.py recompute_ratings`).
"""

from django.conf import settings
from django.db import models

from common import clock


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game_type = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(default=clock.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game_type"], name="one_rating_per_game_type")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.game_type} μ={self.mu:.2f} σ={self.sigma:.2f}"


class RatedGame(models.Model):
    """A finished game whose result moved ratings. Its id is the order of application, which
    a recomputation follows, so that it gets the live numbers again."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="rated")
    game_type = models.CharField(max_length=32)
    players = models.PositiveSmallIntegerField()
    rated_at = models.DateTimeField(default=clock.now)

    def __str__(self) -> str:
        return f"rated {self.game_id}"


class RatingChange(models.Model):
    """One player's rating before and after one rated game, with their place in it."""

    rated_game = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    game_type = models.CharField(max_length=32)
    position = models.PositiveSmallIntegerField()
    # The place the rating used (1 is best; equal places are a tie); one who left is last.
    place = models.PositiveSmallIntegerField()
    left = models.BooleanField(default=False)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(help_text="Rated games of this type, this one included.")
    at = models.DateTimeField()

    class Meta:
        ordering = ["rated_game_id", "position"]
        constraints = [
            # One for the game type and one for its player-count band (ratings/bands.py).
            models.UniqueConstraint(
                fields=["rated_game", "user", "game_type"], name="one_change_per_game_and_key"
            )
        ]
        indexes = [models.Index(fields=["user", "game_type", "rated_game"])]


class SeatRecord(models.Model):
    """What one player's seat at a finished game showed of them, taken from its log once it
    ended (ratings/records.py): the city they played and the seconds each of their own answers
    took, from being asked to answering (ratings.md says exactly which answers count)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="seat_records")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seat_records"
    )
    position = models.PositiveSmallIntegerField()
    city = models.CharField(max_length=32, blank=True, default="")
    answer_seconds = models.JSONField(default=list, blank=True)
    recorded_at = models.DateTimeField(default=clock.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_record_per_player_game")
        ]
        indexes = [models.Index(fields=["user", "game"])]

    def __str__(self) -> str:
        return f"record of {self.user_id} at {self.game_id}"
