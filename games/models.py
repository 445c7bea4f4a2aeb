"""Games as an append-only log of engine events, plus rows that are only caches or indexes.

The truth of a game is its `GameEvent` rows replayed through the engine. `StateSnapshot` is a
cache of that replay and may be deleted at any time; `Seat.pending_prompt` and `GameStep` are
bookkeeping the services rewrite after every append.
"""

import re
import secrets

from django.conf import settings
from django.db import models

from common import clock


def new_public_id() -> str:
    # 96 random bits: an id that cannot be guessed, so a game's address works as its invitation.
    return secrets.token_urlsafe(12)


PUBLIC_ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")


def is_public_id(text: str) -> bool:
    """Whether `text` could be a game id (URL-safe base64, at most the column's length); other
    text (a NUL byte, which PostgreSQL refuses in a query) is never looked up."""
    return PUBLIC_ID_PATTERN.fullmatch(text) is not None


class Game(models.Model):
    class Status(models.TextChoices):
        LOBBY = "lobby"
        ACTIVE = "active"
        FINISHED = "finished"
        ABANDONED = "abandoned"
        CRASHED = "crashed"  # the engine raised on this game's log; it no longer advances

    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    game_type = models.CharField(max_length=32, default="khora")
    name = models.CharField(max_length=80, blank=True, default="")
    # A private game is never listed among open games: players join by its link.
    private = models.BooleanField(default=False)
    rules_version = models.CharField(max_length=32)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.LOBBY)
    num_seats = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, blank=True)
    step_hours = models.PositiveIntegerField(default=48)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created"
    )
    # The seq of the newest event (0: none yet). Written only under the game's row lock.
    last_seq = models.PositiveIntegerField(default=0)
    # True while the game waits on the server (chance to sample, bots to play) rather than on
    # a player. The advance task clears it; the tick sweeps games left True by a lost task.
    needs_advance = models.BooleanField(default=False)
    advance_failures = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(default=clock.now, editable=False)
    updated_at = models.DateTimeField(default=clock.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["status", "-created_at"]),
            models.Index(
                fields=["updated_at"],
                condition=models.Q(needs_advance=True),
                name="game_needs_advance",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_type} {self.public_id} ({self.status})"


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
    )
    is_bot = models.BooleanField(default=False)
    # A bot seat's level (bots.LEVELS); "" for a player's seat, whose bot when the player is
    # absent is settings.GAME_LADDER_BOT_LEVEL.
    bot_level = models.CharField(max_length=16, blank=True, default="")
    # Deadlines missed in a row; after enough of them a bot plays the seat (autoplay) until
    # its player decides again.
    missed_deadlines = models.PositiveSmallIntegerField(default=0)
    autoplay = models.BooleanField(default=False)
    # True once the seat has answered and the game waits on other players: its next prompt is
    # news worth an email. Answering a chain of prompts in one go never sets it.
    waiting = models.BooleanField(default=False)
    # The id of the prompt this seat must answer now, or "" (an index for "awaiting my decision").
    pending_prompt = models.CharField(max_length=64, blank=True, default="")
    # When the seat was last asked after owing nothing (or after a deadline's defaults): its
    # own time runs from here, whatever holds the step's deadline (a holiday), so the others
    # know when its player's time is up (games.absences.seat_votes).
    asked_at = models.DateTimeField(null=True, blank=True)
    joined_at = models.DateTimeField(default=clock.now)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="unique_seat_position"),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="one_seat_per_user",
            ),
            models.CheckConstraint(
                condition=models.Q(is_bot=True, user__isnull=True)
                | models.Q(is_bot=False, user__isnull=False),
                name="seat_is_a_bot_or_a_user",
            ),
        ]

    def __str__(self) -> str:
        who = "bot" if self.is_bot else str(self.user)
        return f"seat {self.position} of {self.game.public_id}: {who}"


class Actor(models.TextChoices):
    """Who made a decision in the log, as it was when it was written: the seat's own player,
    a substitute playing it, a bot (a bot's seat, or one playing for an absent player), or
    the server's default at a deadline. Chance and notices have none ("")."""

    PLAYER = "player"
    SUBSTITUTE = "substitute"
    BOT = "bot"
    DEADLINE = "deadline"


# The log type of a notice: something the server did that is no engine event (a bot took over
# a seat, deadlines were extended after downtime). Public, and never replayed by the engine.
NOTICE = "notice"


class GameEvent(models.Model):
    """One engine event or notice. Rows are only ever inserted, in `seq` order without gaps."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=16)
    version = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    payload = models.JSONField()
    auto = models.BooleanField(default=False)
    # Who acted (Actor, "" for none) and the username that stood for the seat then: the
    # player, the substitute, the player a bot played for, or the player who missed the
    # deadline. Written once with the row, so a past line never changes hands with the seat.
    actor = models.CharField(max_length=16, choices=Actor.choices, blank=True, default="")
    actor_name = models.CharField(max_length=150, blank=True, default="")
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="unique_event_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.game.public_id} #{self.seq} {self.type}"


class GameStep(models.Model):
    """A step: the decisions the game waits for at once, with one deadline.

    It follows the engine's step key: every prompt asked while the engine stays on one step
    (each seat's chain of atomic prompts included) belongs to it and shares its deadline. It
    closes when the engine moves on. The deadline worker claims open steps whose deadline passed.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="steps")
    number = models.PositiveIntegerField()
    key = models.CharField(max_length=64, help_text="The engine's step key.")
    prompts = models.JSONField(default=dict, help_text="Prompt id → seat, for every prompt.")
    seats = models.JSONField(default=list, help_text="The seats asked in this step.")
    opened_at = models.DateTimeField(default=clock.now)
    deadline = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)
    # When the deadline worker took the defaults for the seats that had not answered.
    expired_at = models.DateTimeField(null=True, blank=True)
    # The nearest-to-deadline reminder rung (in hours) every late player has had, so the tick
    # skips this step until a nearer rung is due.
    reminded_hours = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="unique_step_number"),
            models.UniqueConstraint(fields=["game", "key"], name="unique_step_key"),
        ]
        indexes = [models.Index(fields=["closed_at", "deadline"])]

    def __str__(self) -> str:
        return f"{self.game.public_id} step {self.number}"


class PendingAsk(models.Model):
    """A seat asked after waiting on other players, whose "your turn" is still to be written.

    Written in the transaction that asks (one row, no reading, no rendering), so the ask is
    never lost; a worker then writes the email from the game as it is (`notifications.asking`) and
    deletes the row. The sweep picks up rows a dead process left behind.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="pending_asks")
    position = models.PositiveSmallIntegerField()
    prompt = models.CharField(max_length=64)
    # What the server played for this seat at the deadline just taken, in its player's words.
    defaults_played = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "position", "prompt"], name="one_pending_ask"),
        ]
        indexes = [models.Index(fields=["created_at"], name="pending_ask_created")]

    def __str__(self) -> str:
        return f"your turn {self.prompt} for seat {self.position} of {self.game_id}"


class StateSnapshot(models.Model):
    """A cache of the replayed engine state after event `seq`. Safe to delete at any time."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="snapshot")
    seq = models.PositiveIntegerField()
    rules_version = models.CharField(max_length=32)
    data = models.BinaryField()
    updated_at = models.DateTimeField(default=clock.now)


class StateCheckpoint(models.Model):
    """The replayed engine state after event `seq`, kept for good every
    `state_store.CHECKPOINT_EVERY` events: a past state the cache lacks is replayed from the
    checkpoint before it, never from the setup. Like the snapshot, only a cache of the log:
    deleting rows changes no answer, only how long one takes."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="checkpoints")
    seq = models.PositiveIntegerField()
    rules_version = models.CharField(max_length=32)
    data = models.BinaryField()
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="unique_checkpoint_seq"),
        ]


class IdempotencyRecord(models.Model):
    """The first successful response to a submission sent with an `Idempotency-Key` header."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="idempotency_records")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    key = models.CharField(max_length=255)
    request_hash = models.CharField(max_length=64)
    response_status = models.PositiveSmallIntegerField()
    response_body = models.JSONField()
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user", "key"], name="unique_idempotency_key"),
        ]
        indexes = [models.Index(fields=["created_at"], name="idempotency_created")]


class Heartbeat(models.Model):
    """When a periodic job last ran ("tick"): a longer gap than its period means the server
    was down, and the deadlines that fell in the gap are extended before any default."""

    name = models.CharField(max_length=32, primary_key=True)
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} at {self.at}"
