"""Rows of long games among people: holidays (a yearly bank, absences), pauses by agreement
and nudges. The games app never reads these tables itself: it calls `games.absences.owing` and
`games.absences.waiting` through narrow functions.
"""

from django.conf import settings
from django.db import models

from common import clock
from games.models import Game


class HolidayPreference(models.Model):
    """Whether a deadline passing starts an automatic holiday (on unless the player said no)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="holiday_preference"
    )
    automatic = models.BooleanField(default=True)


class Absence(models.Model):
    """A player away: announced ahead (from–to) or started by the server at a deadline
    (automatic, open-ended: it ends when the player answers, or the bank or the cap runs out).

    Holiday is spent hour by hour from `accounted_until` on (see games.absences.waiting): each hour
    in which a deadline of the player's runs costs an hour of the bank and moves that deadline
    on by an hour.
    """

    class Ending(models.TextChoices):
        CANCELLED = "cancelled"  # the player took it back (or shortened it)
        ANSWERED = "answered"  # an automatic holiday: the player answered
        BANK_EMPTY = "bank_empty"  # no holiday left this year

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="absences"
    )
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(null=True, blank=True, help_text="None: until they answer.")
    automatic = models.BooleanField(default=False)
    accounted_until = models.DateTimeField(help_text="Holiday is spent up to here.")
    ended_at = models.DateTimeField(null=True, blank=True)
    ending = models.CharField(max_length=16, choices=Ending.choices, blank=True, default="")
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        ordering = ["starts_at", "id"]
        indexes = [models.Index(fields=["ended_at", "starts_at"], name="absence_current")]

    def __str__(self) -> str:
        return f"{self.user} away from {self.starts_at} to {self.ends_at or 'their answer'}"

    def last_moment(self):
        """When it stops covering time: its end, the moment it was cut short, or None."""
        ends = [moment for moment in (self.ends_at, self.ended_at) if moment is not None]
        return min(ends) if ends else None

    def covers(self, moment) -> bool:
        end = self.last_moment()
        return self.starts_at <= moment and (end is None or moment < end)


class HolidayYear(models.Model):
    """The holiday a player spent in one calendar year (UTC), in seconds."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="holiday_years"
    )
    year = models.PositiveSmallIntegerField()
    spent_seconds = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "year"], name="one_holiday_year"),
        ]


class AwayStretch(models.Model):
    """How long one game has waited for one player on holiday without a break: capped at
    HOLIDAY_MAX_DAYS_IN_A_ROW, so a player cannot stall a game they are losing."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="away_stretches")
    seconds = models.PositiveIntegerField(default=0)
    # The end of the last hour spent: an hour that does not follow on starts a new stretch.
    until = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="one_away_stretch"),
        ]


class Pause(models.Model):
    """A pause of a game by agreement of all its human players."""

    class Status(models.TextChoices):
        PROPOSED = "proposed"
        ACTIVE = "active"
        ENDED = "ended"
        WITHDRAWN = "withdrawn"  # a player declined, or the game moved on (finished)

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="pauses")
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pauses_proposed"
    )
    days = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PROPOSED)
    # User ids who accepted the pause (the proposer first); then those who agree to end it.
    accepted = models.JSONField(default=list, blank=True)
    end_votes = models.JSONField(default=list, blank=True)
    proposed_at = models.DateTimeField(default=clock.now)
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    # Deadlines were moved on for the pause up to here (games.absences.waiting).
    accounted_until = models.DateTimeField(null=True, blank=True)

    def runs_at(self, moment) -> bool:
        """Whether the pause runs at `moment`, from its times alone: a proposal has not
        started, and a pause ended early has its end moved to when it ended."""
        return self.starts_at is not None and self.starts_at <= moment < self.ends_at

    class Meta:
        ordering = ["-proposed_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game"],
                condition=models.Q(status__in=["proposed", "active"]),
                name="one_open_pause_per_game",
            ),
        ]


class Nudge(models.Model):
    """One player reminding another who owes an answer; at most one a day per pair."""

    nudger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="nudges_sent"
    )
    nudged = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="nudges_received"
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="nudges")
    prompt = models.CharField(max_length=64)
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        indexes = [models.Index(fields=["nudger", "nudged", "created_at"], name="nudge_pair")]


class SubstituteInvite(models.Model):
    """An invitation by link to take over a seat a bot plays for its absent player."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="substitute_invites")
    position = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=32, unique=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="substitutes_invited"
    )
    # The player it was emailed to, if any: what the per-invitee limit counts.
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="substitute_invitations",
    )
    created_at = models.DateTimeField(default=clock.now)
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["invited_by", "created_at"], name="invites_by_inviter"),
            models.Index(fields=["invitee", "created_at"], name="invites_by_invitee"),
        ]


class Substitution(models.Model):
    """Who played a seat when: the original player, then a substitute from `from_seq` on (the
    log says so too). The original takes the seat back only once the substitute leaves."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="substitutions")
    position = models.PositiveSmallIntegerField()
    original = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seats_substituted"
    )
    substitute = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="substitutions"
    )
    from_seq = models.PositiveIntegerField()
    until_seq = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "position"],
                condition=models.Q(until_seq__isnull=True),
                name="one_current_substitute_per_seat",
            ),
        ]


class SeatVote(models.Model):
    """A player's vote to let a bot play an absent player's seat now (the table's say, once
    that player's time is up). Votes count from the absent player's last own answer on: an
    answer makes the votes cast before it void (games.absences.seat_votes)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_votes")
    position = models.PositiveSmallIntegerField()
    voter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seat_votes"
    )
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        indexes = [models.Index(fields=["game", "position", "created_at"], name="seat_vote_seat")]
