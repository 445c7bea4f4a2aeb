"""What the standing-answer endpoints take and give (drf-spectacular reads these)."""

from rest_framework import serializers

from common.inputs import StrictInput
from games.standing.kinds import KINDS


class StandingAnswerInput(StrictInput):
    kind = serializers.ChoiceField(choices=list(KINDS))
    params = serializers.DictField(
        required=False,
        default=dict,
        help_text="progress: {track, max_price}; explore: {}; achievement: {reward}; "
        "keep_card: {card}; ahead: {prompt_kind, option} (docs/standing-answers.md).",
    )


class StandingAnswerOutput(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=list(KINDS))
    params = serializers.DictField()
    active = serializers.BooleanField(help_text="Still answering (an answer ahead: not used).")
    uses = serializers.IntegerField(help_text="Prompts it answered.")
    used_seq = serializers.IntegerField(allow_null=True, help_text="The log entry it last made.")
    cancel_reason = serializers.CharField(
        help_text="Why it stopped: cancelled_by_player, replaced, track_at_top, "
        "option_missing; empty while active."
    )
    cancelled_seq = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()


class StandingAnswersOutput(serializers.Serializer):
    answers = StandingAnswerOutput(many=True)
    marks = serializers.DictField(
        child=serializers.DictField(),
        help_text="The log entries (by seq) your standing answers made; only you see these.",
    )
