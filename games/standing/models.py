"""A player's answers left with the server (docs/standing-answers.md): standing rules, and
answers given ahead (used once). The write path applies them (games.standing.applying)."""

from django.conf import settings
from django.db import models

from common import clock
from games.models import Game


class StandingAnswer(models.Model):
    class Kind(models.TextChoices):
        PROGRESS = "progress"
        EXPLORE = "explore"
        ACHIEVEMENT = "achievement"
        KEEP_CARD = "keep_card"
        DICE_PLAN = "dice_plan"
        DRAFT_ORDER = "draft_order"
        CITIZENS = "citizens"
        AHEAD = "ahead"

    class Cancel(models.TextChoices):
        BY_PLAYER = "cancelled_by_player"
        REPLACED = "replaced"
        TRACK_AT_TOP = "track_at_top"
        OPTION_MISSING = "option_missing"
        TOO_FEW_TILES = "too_few_tiles"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="standing_answers"
    )
    game = models.ForeignKey(
        Game,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="standing_answers",
        help_text="None: a default, copied onto each new game of the player's.",
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    params = models.JSONField(default=dict)
    # Checked only against prompts asked after it was set: the log's seq then, and the
    # seat's prompt open then (which it never answers).
    set_at_seq = models.IntegerField(default=0)
    skip_prompt = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(default=clock.now)
    active = models.BooleanField(default=True)
    uses = models.IntegerField(default=0)
    used_seq = models.IntegerField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    cancel_reason = models.CharField(max_length=24, choices=Cancel.choices, blank=True)
    cancelled_seq = models.IntegerField(null=True, blank=True)
    dismissed = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["game", "active"]), models.Index(fields=["user", "game"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.params} ({self.user_id}, game {self.game_id})"


class StandingUse(models.Model):
    """The log entry a standing answer made: its mark, read only by its owner."""

    answer = models.ForeignKey(StandingAnswer, on_delete=models.CASCADE, related_name="used")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    seq = models.IntegerField()
    prompt = models.CharField(max_length=64)
    option = models.CharField(max_length=128)
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="standing_use_one_per_entry")
        ]
