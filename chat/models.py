"""Table talk: what players (and, apart, spectators) say at a game's table.

Chat never touches the game: no event, no change of `Game.updated_at`, nothing the engine
replays. A message is never erased: its author may delete it and the creator or staff may
hide it, and both show as such.
"""

from django.conf import settings
from django.db import models

from common import clock


class ChatMessage(models.Model):
    class Channel(models.TextChoices):
        PLAYERS = "players"  # the seated players; spectators read it unless the game is private
        SPECTATORS = "spectators"  # players read it only once the game is over

    class Via(models.TextChoices):
        WEB = "web"
        API = "api"
        EMAIL = "email"

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    channel = models.CharField(max_length=16, choices=Channel.choices)
    # The author's seat when they wrote it (None: a spectator).
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    text = models.TextField()
    via = models.CharField(max_length=8, choices=Via.choices)
    idempotency_key = models.CharField(max_length=255, blank=True, default="")
    created_at = models.DateTimeField(default=clock.now, editable=False)
    deleted_at = models.DateTimeField(null=True, blank=True)
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # Moved on by a deletion or a hiding: the page's poll sees the change without reading rows.
    changed_at = models.DateTimeField(default=clock.now)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "author", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="unique_chat_idempotency_key",
            ),
        ]
        indexes = [
            models.Index(fields=["game", "channel", "id"], name="chat_game_channel"),
            models.Index(fields=["author", "created_at"], name="chat_author_created"),
        ]

    def __str__(self) -> str:
        return f"{self.author} in {self.game_id} ({self.channel}) #{self.pk}"

    @property
    def removed(self) -> bool:
        return self.deleted_at is not None or self.hidden_at is not None


class ChatMute(models.Model):
    """`user` no longer sees what `muted` says at this game's table (for themselves only)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_mutes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user", "muted"], name="unique_chat_mute"),
        ]


class ChatReadMark(models.Model):
    """The newest message a user has seen on the game's page: what emails need not repeat."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seen_upto = models.BigIntegerField(default=0)
    seen_at = models.DateTimeField(default=clock.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="unique_chat_read_mark"),
        ]


class ChatPreference(models.Model):
    """Whether a user wants the chat digest: at most one email per game and hour with what was
    said at the table since they last looked. Off by default (no row: off)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_preference"
    )
    digest = models.BooleanField(default=False)
