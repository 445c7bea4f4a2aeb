"""What the holiday, pause and nudge endpoints take and give (drf-spectacular reads these)."""

from rest_framework import serializers

from common.inputs import StrictInput


class AwayOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.CharField()
    until = serializers.DateTimeField(
        allow_null=True, help_text="When the absence ends; null: until the player answers."
    )
    automatic = serializers.BooleanField(
        help_text="Started by the server when a deadline passed (ends when they answer)."
    )
    days_left = serializers.FloatField(help_text="Days of holiday the player has left this year.")


class PauseOutput(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["proposed", "active", "ended", "withdrawn"])
    days = serializers.IntegerField()
    proposed_by = serializers.CharField()
    proposed_at = serializers.DateTimeField()
    accepted = serializers.ListField(
        child=serializers.IntegerField(), help_text="User ids of the players who accepted."
    )
    end_votes = serializers.ListField(
        child=serializers.IntegerField(), help_text="User ids of those who agree to end it now."
    )
    starts_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True)


class AbsenceOutput(serializers.Serializer):
    id = serializers.IntegerField()
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField(allow_null=True)
    automatic = serializers.BooleanField()


class HolidaysOutput(serializers.Serializer):
    days_per_year = serializers.IntegerField()
    max_days_in_a_row = serializers.IntegerField(
        help_text="The most days in a row one game waits for you; then the deadline ladder goes on."
    )
    automatic_max_days_in_a_row = serializers.IntegerField(
        help_text="The same for a holiday the server started when a deadline passed (one you "
        "did not announce): a shorter wait. Announced absences keep max_days_in_a_row."
    )
    days_left = serializers.FloatField()
    hours_left = serializers.IntegerField()
    automatic = serializers.BooleanField(
        help_text="Whether a deadline passing starts a holiday while you have days left."
    )
    absences = AbsenceOutput(many=True)


class AbsenceInput(StrictInput):
    starts_at = serializers.DateTimeField(help_text="From when (now or later).")
    ends_at = serializers.DateTimeField(help_text="Until when.")


class HolidayPreferenceInput(StrictInput):
    automatic = serializers.BooleanField(required=False, help_text="Leave out to keep it as it is.")


class PauseInput(StrictInput):
    days = serializers.IntegerField(min_value=1, max_value=366)


class PauseAnswerInput(StrictInput):
    answer = serializers.ChoiceField(
        choices=["accept", "decline"],
        help_text="accept: agree to the proposed pause (or, while it runs, to end it now); "
        "decline: refuse the proposed pause.",
    )


class NudgeInput(StrictInput):
    seat = serializers.IntegerField(min_value=0, help_text="The seat of the player to nudge.")


class NudgeOutput(serializers.Serializer):
    nudged = serializers.CharField()
    prompt = serializers.CharField()
    created_at = serializers.DateTimeField()


class AnswerTimeOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.CharField()
    hours = serializers.FloatField(
        allow_null=True, help_text="Median hours from a step's start to the player's answer."
    )
    answers = serializers.IntegerField(help_text="How many answers the median is taken over.")


class PaceOutput(serializers.Serializer):
    expected_end = serializers.DateTimeField(
        allow_null=True,
        help_text="When the game should end at the pace of its last rounds (time paused by "
        "agreement left out; a running pause adds what is left of it); null before a round has "
        "finished, or once the game is over.",
    )
    median_answer_hours = AnswerTimeOutput(many=True)


class SubstituteInviteInput(StrictInput):
    username = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=150,
        help_text="A player to email the invitation to; leave out to share the link yourself.",
    )


class SubstituteInviteOutput(serializers.Serializer):
    position = serializers.IntegerField()
    invite_url = serializers.URLField(help_text="The link that takes the seat (once).")
    token = serializers.CharField(help_text="What games/{id}/substitute/accept/ takes.")


class SubstituteAcceptInput(StrictInput):
    token = serializers.CharField(max_length=32)


class SeatTakenOutput(serializers.Serializer):
    position = serializers.IntegerField()
    player = serializers.CharField()


class PauseEnvelopeOutput(serializers.Serializer):
    pause = PauseOutput(allow_null=True, help_text="null: no pause proposed or running.")


class SeatVoteOutput(serializers.Serializer):
    """The table's say on one player's seat: a bot plays it now once a majority of the
    players present votes so, after that player's time to answer is up."""

    seat = serializers.IntegerField()
    player = serializers.CharField(help_text="The player the game waits for.")
    open = serializers.BooleanField(
        help_text="The vote is open: their time is up (holiday or not) and the game is not paused."
    )
    time_up_at = serializers.DateTimeField(
        allow_null=True, help_text="When their time to answer runs out (or ran out)."
    )
    votes = serializers.IntegerField(help_text="Votes cast since they last answered.")
    needed = serializers.IntegerField(help_text="A majority of the players present.")
    voters = serializers.ListField(child=serializers.CharField())
    bot_plays = serializers.BooleanField(help_text="A bot plays the seat now (the vote passed).")


class SeatVotesOutput(serializers.Serializer):
    votes = SeatVoteOutput(
        many=True, help_text="Each player the game waits for, with the vote on their seat."
    )
