"""Small input and output serializers, one pair per operation. Rules never live here."""

from rest_framework import serializers

import engine
from games.selectors import LIST_FILTERS, LOG_PAGE_MAX

KHORA = engine.get_game("khora")


# --- inputs ------------------------------------------------------------------------------


class GameCreateInput(serializers.Serializer):
    game = serializers.ChoiceField(choices=["khora"], default="khora")
    seats = serializers.IntegerField(min_value=KHORA.min_players, max_value=KHORA.max_players)
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text='Engine setup options, e.g. {"city_selection": "random" | "choose"}.',
    )
    step_hours = serializers.IntegerField(min_value=1, max_value=14 * 24, default=48)
    name = serializers.CharField(max_length=80, required=False, default="", allow_blank=True)
    private = serializers.BooleanField(
        default=False, help_text="Not listed among open games: players join by the game's link."
    )

    def validate_options(self, options):
        # The engine checks the setup; it expects `cities` to hold strings (a list of lists
        # makes its set() raise TypeError), so the shape is checked here first.
        cities = options.get("cities")
        if cities is not None and (
            not isinstance(cities, list) or not all(isinstance(c, str) for c in cities)
        ):
            raise serializers.ValidationError("cities must be a list of city ids (strings).")
        return options


class GameStartInput(serializers.Serializer):
    fill_with_bots = serializers.BooleanField(
        default=False, help_text="Give every empty seat to a bot that plays random legal options."
    )


class DecisionItemInput(serializers.Serializer):
    prompt = serializers.CharField(max_length=64, help_text="The id of the prompt you answer.")
    option = serializers.CharField(max_length=128, help_text="The id of the option you choose.")


class DecisionsInput(serializers.Serializer):
    """Either one decision (`prompt`, `option`) or `decisions`: consecutive ones of one seat."""

    prompt = serializers.CharField(max_length=64, required=False)
    option = serializers.CharField(max_length=128, required=False)
    decisions = DecisionItemInput(many=True, required=False, allow_empty=False, max_length=50)

    def validate(self, attrs):
        single = "prompt" in attrs or "option" in attrs
        if single and "decisions" in attrs:
            raise serializers.ValidationError(
                "Send either prompt and option, or a decisions list, not both."
            )
        if "decisions" in attrs:
            return attrs["decisions"]
        if "prompt" not in attrs or "option" not in attrs:
            raise serializers.ValidationError(
                'Send {"prompt": "<prompt id>", "option": "<option id>"} or '
                '{"decisions": [{"prompt": ..., "option": ...}, ...]}.'
            )
        return [{"prompt": attrs["prompt"], "option": attrs["option"]}]


class GameListQuery(serializers.Serializer):
    filter = serializers.ChoiceField(
        choices=LIST_FILTERS,
        default="mine",
        help_text="mine: games you are in; open: lobbies with a free seat; "
        "awaiting: games waiting for your decision.",
    )


class LogQuery(serializers.Serializer):
    after = serializers.IntegerField(min_value=0, default=0, help_text="Only events after seq.")
    limit = serializers.IntegerField(min_value=1, max_value=LOG_PAGE_MAX, default=200)


class StateQuery(serializers.Serializer):
    at = serializers.IntegerField(min_value=0, help_text="Show the state after this event seq.")
    seat = serializers.IntegerField(
        min_value=0, required=False, help_text="Whose view (default: yours, or a spectator's)."
    )


# --- outputs -----------------------------------------------------------------------------


class SeatOutput(serializers.Serializer):
    position = serializers.IntegerField()
    player = serializers.CharField(allow_null=True, help_text="Username; null for an empty seat.")
    is_bot = serializers.BooleanField()


class OptionOutput(serializers.Serializer):
    id = serializers.CharField()
    label = serializers.CharField()
    data = serializers.DictField()


class PromptOutput(serializers.Serializer):
    id = serializers.CharField()
    kind = serializers.CharField()
    text = serializers.CharField()
    options = OptionOutput(many=True)
    default = serializers.CharField(help_text="The option taken for you if the deadline passes.")
    deadline = serializers.DateTimeField(allow_null=True)


class PromptEnvelopeOutput(serializers.Serializer):
    prompt = PromptOutput(allow_null=True)


class GameSummaryOutput(serializers.Serializer):
    id = serializers.CharField()
    game = serializers.CharField()
    name = serializers.CharField()
    private = serializers.BooleanField()
    status = serializers.CharField()
    num_seats = serializers.IntegerField()
    step_hours = serializers.IntegerField()
    creator = serializers.CharField()
    created_at = serializers.DateTimeField()
    seats = SeatOutput(many=True)
    your_seat = serializers.IntegerField(allow_null=True)
    awaiting_you = serializers.BooleanField()


class GameDetailOutput(GameSummaryOutput):
    rules_version = serializers.CharField()
    options = serializers.DictField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    last_seq = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)
    phase = serializers.CharField(allow_null=True)
    view = serializers.DictField(
        allow_null=True,
        help_text="The engine's view of the state for you (others' secrets hidden).",
    )
    prompt = PromptOutput(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True, help_text="When the current step ends.")
    waiting_for = serializers.ListField(child=serializers.IntegerField())
    submitted = serializers.ListField(
        child=serializers.IntegerField(), help_text="Seats that have answered in this step."
    )
    scores = serializers.DictField(allow_null=True)


class AcceptedDecisionOutput(serializers.Serializer):
    prompt = serializers.CharField()
    option = serializers.CharField()
    seq = serializers.IntegerField()


class DecisionsOutput(serializers.Serializer):
    accepted = AcceptedDecisionOutput(many=True)
    last_seq = serializers.IntegerField()
    status = serializers.CharField()
    advancing = serializers.BooleanField(
        help_text="The game now waits on the server (a roll, a draw, bots); read the prompt "
        "again shortly."
    )
    prompt = PromptOutput(
        allow_null=True,
        help_text="Your next prompt straight after these decisions, if you have one now.",
    )


class RevisionOutput(serializers.Serializer):
    revised = serializers.CharField(help_text="The sealed step reopened: draft_pick or assign_die.")
    seq = serializers.IntegerField()
    prompt = PromptOutput(allow_null=True, help_text="Your prompt, asked again.")


class LogEntryOutput(serializers.Serializer):
    seq = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    type = serializers.CharField(
        help_text="decision, chance, or notice: the server's own entry (data.kind "
        "bot_plays_seat, seat_taken_back or deadline_extended), public and never replayed."
    )
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    data = serializers.DictField()
    auto = serializers.BooleanField(
        required=False,
        help_text="True on a decision the server made for the seat (a missed deadline's "
        "default, or the bot playing for an absent player).",
    )


class LogOutput(serializers.Serializer):
    events = LogEntryOutput(many=True)
    last_seq = serializers.IntegerField()
    next_after = serializers.IntegerField(
        allow_null=True, help_text="Pass as `after` to read on; null at the end."
    )


class StateOutput(serializers.Serializer):
    at = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    view = serializers.DictField()


class ProblemOutput(serializers.Serializer):
    type = serializers.CharField()
    title = serializers.CharField()
    status = serializers.IntegerField()
    detail = serializers.CharField(help_text="What was wrong and what would be accepted.")
    code = serializers.CharField(help_text="A stable machine-readable code.")
    errors = serializers.DictField(required=False, help_text="Per-field messages (invalid_input).")
    legal_options = serializers.ListField(child=serializers.CharField(), required=False)
    current_prompt = serializers.CharField(required=False)
