"""What the standing-answer endpoints take and give (drf-spectacular reads these)."""

from rest_framework import serializers

from common.inputs import StrictInput, json_type_error
from games.standing.kinds import KINDS, MAX_DRAFT_CARDS, TILES

KIND_HELP = f"One of: {', '.join(KINDS)} (docs/standing-answers.md)."


class StrictListField(serializers.ListField):
    """A list whose items are held to their JSON type too (DRF would read "3" as 3)."""

    def to_internal_value(self, data):
        if isinstance(data, list):
            wrong = [json_type_error(self.child, item) for item in data]
            if any(wrong):
                raise serializers.ValidationError(next(w for w in wrong if w))
        return super().to_internal_value(data)


class StandingParamsInput(StrictInput):
    """Every member a kind may take (the schema lists them, and refuses others); which of
    them a kind takes, and their values, the service checks (games.standing.kinds.clean)."""

    track = serializers.CharField(
        required=False,
        trim_whitespace=False,
        max_length=16,
        help_text="progress: economy, culture or military.",
    )
    max_price = serializers.IntegerField(
        required=False, help_text="progress: the most drachmas it pays, 0 to 20."
    )
    reward = serializers.CharField(
        required=False, trim_whitespace=False, max_length=16, help_text="achievement: tax or glory."
    )
    card = serializers.CharField(
        required=False,
        trim_whitespace=False,
        max_length=64,
        help_text="keep_card: a politics card's id.",
    )
    tiles = StrictListField(
        child=serializers.IntegerField(),
        required=False,
        max_length=len(TILES),
        help_text="dice_plan: action tiles (0 Philosophy .. 6 Development), most wanted first.",
    )
    max_citizens = serializers.IntegerField(
        required=False, help_text="dice_plan: the most citizens the tiles may cost, 0 to 20."
    )
    cards = StrictListField(
        child=serializers.CharField(trim_whitespace=False, max_length=64),
        required=False,
        max_length=MAX_DRAFT_CARDS,
        help_text="draft_order: politics cards' ids, most wanted first.",
    )
    keep_philosophy = serializers.IntegerField(
        required=False,
        help_text="citizens: the philosophy tokens never turned into citizens, 0 to 20.",
    )
    prompt_kind = serializers.CharField(
        required=False,
        trim_whitespace=False,
        max_length=32,
        help_text="ahead: the kind of the next prompt it answers.",
    )
    option = serializers.CharField(
        required=False,
        trim_whitespace=False,
        max_length=64,
        help_text="ahead: the option id it answers with.",
    )


class StandingAnswerInput(StrictInput):
    # A string, not an enum: its values are checked by the service (invalid_standing_answer),
    # and a second enum named "kind" beside the prompts' would collide in the schema.
    kind = serializers.CharField(max_length=16, trim_whitespace=False, help_text=KIND_HELP)
    params = StandingParamsInput(
        default=dict,
        help_text="progress: {track, max_price}; explore: {}; achievement: {reward}; "
        "keep_card: {card}; dice_plan: {tiles, max_citizens}; draft_order: {cards}; "
        "citizens: {keep_philosophy}; ahead: {prompt_kind, option} (docs/standing-answers.md).",
    )


class StandingAnswerOutput(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField(help_text=KIND_HELP)
    params = serializers.DictField()
    active = serializers.BooleanField(help_text="Still answering (an answer ahead: not used).")
    uses = serializers.IntegerField(help_text="Prompts it answered.")
    used_seq = serializers.IntegerField(allow_null=True, help_text="The log entry it last made.")
    cancel_reason = serializers.CharField(
        help_text="Why it stopped: cancelled_by_player, replaced, track_at_top, "
        "option_missing, too_few_tiles; empty while active."
    )
    cancelled_seq = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()


class StandingAnswersOutput(serializers.Serializer):
    answers = StandingAnswerOutput(many=True)
    marks = serializers.DictField(
        child=serializers.DictField(),
        help_text="The log entries (by seq) your standing answers made; only you see these.",
    )
