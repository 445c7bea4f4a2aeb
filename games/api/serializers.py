"""Small input and output serializers, one pair per operation. Rules never live here."""

from typing import TYPE_CHECKING

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import engine
from bots.levels import LEVEL_NAMES
from common.inputs import StrictInput, StrictQuery
from games.absences.serializers import AwayOutput, PaceOutput, PauseOutput
from games.api.schema_types import (
    GAME_VIEW,
    PROMPT_KINDS,
    EventDataOutput,
    OptionDataOutput,
    described_as,
)
from games.api.setup import OPTIONS_INPUTS
from games.models import Game
from games.selectors import LIST_FILTERS, LOG_PAGE_MAX

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

GAME_TYPES = engine.game_types()
_GAMES = [engine.get_game(game_type) for game_type in GAME_TYPES]
_NOT_A_GAME: "dict[str, str | StrPromise]" = {
    "invalid_choice": f'"{{input}}" is not a game this server hosts; the games are '
    f"{', '.join(GAME_TYPES)}."
}


# --- inputs ------------------------------------------------------------------------------


@extend_schema_field(
    {
        "anyOf": [
            {"$ref": f"#/components/schemas/{options.__name__}Request"}
            for options in OPTIONS_INPUTS.values()
        ]
    }
)
class GameOptionsField(serializers.DictField):
    """`options`: any game's (games.api.setup), as the schema says. They are read with the
    chosen game's serializer; options that fit only another game's pass through to the
    engine's check, which refuses them (422 invalid_setup): the request fits the schema."""

    def __init__(self, game_type: str = "khora", **kwargs):
        self.game_type = game_type
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        chosen = OPTIONS_INPUTS[self.game_type](data=data)
        if chosen.is_valid():
            return chosen.validated_data
        for game_type, options in OPTIONS_INPUTS.items():
            if game_type != self.game_type and options(data=data).is_valid():
                return dict(data)
        raise serializers.ValidationError(chosen.errors)


# A wrong bot level names the levels there are (DRF's own message says only that it is wrong).
_NOT_A_LEVEL: "dict[str, str | StrPromise]" = {
    "invalid_choice": f'"{{input}}" is not a bot level; the levels are {", ".join(LEVEL_NAMES)}.'
}


class GameCreateInput(StrictInput):
    game = serializers.ChoiceField(
        choices=GAME_TYPES,
        default="khora",
        error_messages=_NOT_A_GAME,
        help_text="The game to play: khora (default) or khlor; `options` are that game's.",
    )
    seats = serializers.IntegerField(
        min_value=min(game.min_players for game in _GAMES),
        max_value=max(game.max_players for game in _GAMES),
    )
    options = GameOptionsField(required=False, default=dict, help_text="Setup options.")
    step_hours = serializers.IntegerField(min_value=1, max_value=14 * 24, default=48)
    name = serializers.CharField(max_length=80, required=False, default="", allow_blank=True)
    private = serializers.BooleanField(
        default=False, help_text="Not listed among open games: players join by the game's link."
    )
    bots = serializers.ListField(
        child=serializers.ChoiceField(choices=LEVEL_NAMES, error_messages=_NOT_A_LEVEL),
        required=False,
        default=list,
        max_length=max(game.max_players for game in _GAMES) - 1,
        help_text="Bots for seats 1, 2, ..., by level: random (any legal option), standard "
        "(a fast heuristic player) or strong (a search, about a second a move). A game the "
        "bots fill starts at once.",
    )

    def get_fields(self):
        """`options` are read with the chosen game's options (games.api.setup)."""
        fields = super().get_fields()
        data = getattr(self, "initial_data", None)
        game = data.get("game", "khora") if isinstance(data, dict) else None
        if isinstance(game, str) and game in OPTIONS_INPUTS:
            # The seats the chosen game is played with are the engine's check (422).
            fields["options"] = GameOptionsField(
                game_type=game, required=False, default=dict, help_text="Setup options."
            )
        return fields


class GameStartInput(StrictInput):
    fill_with_bots = serializers.BooleanField(
        default=False, help_text="Give every empty seat to a bot of level `bot_level`."
    )
    bot_level = serializers.ChoiceField(
        choices=LEVEL_NAMES,
        error_messages=_NOT_A_LEVEL,
        default="standard",
        help_text="random (any legal option), standard (a fast heuristic player) or strong "
        "(a search, about a second a move).",
    )


class DecisionItemInput(StrictInput):
    prompt = serializers.CharField(max_length=64, help_text="The id of the prompt you answer.")
    option = serializers.CharField(max_length=128, help_text="The id of the option you choose.")


class DecisionSingleInput(StrictInput):
    prompt = serializers.CharField(max_length=64, help_text="The id of the prompt you answer.")
    option = serializers.CharField(max_length=128, help_text="The id of the option you choose.")


class DecisionBatchInput(StrictInput):
    decisions = serializers.ListField(
        child=DecisionItemInput(),
        min_length=1,
        max_length=50,
        help_text="Consecutive decisions of your seat, applied in order (1 to 50).",
    )


class DecisionsInput(serializers.Serializer):
    """Either one decision (`prompt`, `option`) or `decisions`: consecutive ones of one seat."""

    prompt = serializers.CharField(max_length=64, required=False)
    option = serializers.CharField(max_length=128, required=False)
    decisions = serializers.ListField(
        child=DecisionItemInput(), required=False, min_length=1, max_length=50
    )

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {
                        str(name): ["Unknown field; send prompt and option, or decisions."]
                        for name in unknown
                    }
                )
        return super().to_internal_value(data)

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


class GameListQuery(StrictQuery):
    cursor = serializers.CharField(
        required=False,
        help_text="Where a page starts: copy it from the `next` or `previous` link of a page.",
    )
    filter = serializers.ChoiceField(
        choices=LIST_FILTERS,
        default="mine",
        help_text="mine: games you are in; open: lobbies with a free seat; "
        "awaiting: games waiting for your decision.",
    )


class LogQuery(StrictQuery):
    after = serializers.IntegerField(min_value=0, default=0, help_text="Only events after seq.")
    limit = serializers.IntegerField(min_value=1, max_value=LOG_PAGE_MAX, default=200)


class StateQuery(StrictQuery):
    at = serializers.IntegerField(min_value=0, help_text="Show the state after this event seq.")
    seat = serializers.IntegerField(
        min_value=0, required=False, help_text="Whose view (default: yours, or a spectator's)."
    )


# --- outputs -----------------------------------------------------------------------------


class SeatOutput(serializers.Serializer):
    position = serializers.IntegerField()
    player = serializers.CharField(allow_null=True, help_text="Username; null for an empty seat.")
    is_bot = serializers.BooleanField()
    bot_level = serializers.ChoiceField(
        choices=LEVEL_NAMES, allow_null=True, help_text="A bot seat's level; null otherwise."
    )
    bot_plays = serializers.BooleanField(
        help_text="A bot plays this player's seat since they missed deadlines; the players may "
        "invite a substitute for it (seats/{n}/substitute/)."
    )


class WarningOutput(serializers.Serializer):
    code = serializers.CharField(
        help_text="Stable: development_unusable, no_development_left, no_card_in_hand, "
        "no_card_playable, nothing_to_explore, over_cap, over_cap_unless_explored, capped, "
        "citizens_short, spoils_later_tile, dominated, cheaper_on_other_die."
    )
    params = serializers.DictField(
        help_text="The facts behind it, e.g. {tile, city, level}; `unless` lists the later "
        "choices of yours that could still change it (other_dice, earlier_actions, "
        "philosophy, explore, develop); `better` names the option that beats a dominated one."
    )
    text = serializers.CharField(help_text="In your language.")


class ChangeOutput(serializers.Serializer):
    resource = serializers.CharField()
    delta = serializers.IntegerField()


class PreviewOutput(serializers.Serializer):
    text = serializers.CharField(
        help_text="What the option does if nothing else happens first, in your language."
    )
    changes = ChangeOutput(many=True, help_text="Your resources' changes when it is applied.")
    warnings = WarningOutput(
        many=True, help_text="It would do nothing, or waste what it pays, and why."
    )


class OptionOutput(serializers.Serializer):
    id = serializers.CharField()
    # The stubs see Serializer's own `label`: DRF's metaclass takes this field out of the class.
    label = serializers.CharField()  # type: ignore[assignment]
    # The stubs see Serializer's own `data`: DRF's metaclass takes this field out of the class.
    data = described_as(OptionDataOutput)  # type: ignore[assignment]
    preview = PreviewOutput(
        required=False,
        help_text="When you read your prompt or the game (not in a decision's answer).",
    )


class LeftOutOutput(serializers.Serializer):
    id = serializers.CharField(help_text="The option it would be; not a legal choice now.")
    # The stubs see Serializer's own `label`: DRF's metaclass takes this field out of the class.
    label = serializers.CharField()  # type: ignore[assignment]
    reasons = serializers.ListField(
        child=serializers.CharField(), help_text='Why, e.g. "costs 3 drachmas, you have 1".'
    )


class PromptOutput(serializers.Serializer):
    id = serializers.CharField()
    kind = serializers.ChoiceField(choices=PROMPT_KINDS)
    text = serializers.CharField(help_text="In your language; ids and data never change.")
    options = OptionOutput(many=True)
    unavailable = LeftOutOutput(
        many=True,
        required=False,
        help_text="Options left out now that a player would ask about, each with why.",
    )
    default = serializers.CharField(help_text="The option taken for you if the deadline passes.")
    deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="When the current step ends; while the game is paused, when it will end "
        "once the pause is over (the step's time left is kept for after it).",
    )


class PromptEnvelopeOutput(serializers.Serializer):
    prompt = PromptOutput(allow_null=True)


class GameSummaryOutput(serializers.Serializer):
    id = serializers.CharField()
    game = serializers.CharField()
    name = serializers.CharField()
    private = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    num_seats = serializers.IntegerField()
    step_hours = serializers.IntegerField()
    creator = serializers.CharField()
    created_at = serializers.DateTimeField()
    seats = SeatOutput(many=True)
    your_seat = serializers.IntegerField(allow_null=True)
    awaiting_you = serializers.BooleanField()


class GamePageOutput(serializers.Serializer):
    next = serializers.URLField(allow_null=True, help_text="The next page; null on the last.")
    previous = serializers.URLField(allow_null=True, help_text="The page before; null first.")
    results = GameSummaryOutput(many=True)


class GameDetailOutput(GameSummaryOutput):
    rules_version = serializers.CharField()
    options = serializers.DictField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    last_seq = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)
    phase = serializers.CharField(allow_null=True)
    view = described_as(
        GAME_VIEW,
        allow_null=True,
        help_text="The engine's view of the state for you (others' secrets hidden).",
    )
    prompt = PromptOutput(allow_null=True)
    deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="When the current step ends; while the game is paused, when it will end "
        "once the pause is over.",
    )
    waiting_for = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Seats that owe an answer now (not away, not paused, not played by a bot).",
    )
    submitted = serializers.ListField(
        child=serializers.IntegerField(), help_text="Seats that have answered in this step."
    )
    scores = serializers.DictField(allow_null=True)
    away = AwayOutput(many=True, help_text="Players away on holiday whom the game waits for.")
    deadline_held_for = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Seats whose players are away and asked now: the deadline waits for them, "
        "hour by hour of their holiday, so it stays about an hour ahead until they are back.",
    )
    pause = PauseOutput(allow_null=True, help_text="The pause proposed or running, if any.")
    pace = PaceOutput(allow_null=True, help_text="The expected end and each player's pace.")


class AcceptedDecisionOutput(serializers.Serializer):
    prompt = serializers.CharField()
    option = serializers.CharField()
    seq = serializers.IntegerField()


class DecisionsOutput(serializers.Serializer):
    accepted = AcceptedDecisionOutput(many=True)
    last_seq = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
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


class LineOutput(serializers.Serializer):
    """One narrated line: structured (never translated) plus its text in your language."""

    msg = serializers.CharField(help_text="Message id, e.g. change, card_played, phase.")
    seat = serializers.IntegerField(allow_null=True, help_text="The seat it is about.")
    params = serializers.DictField(help_text="Ids and numbers, e.g. {resource: drachma}.")
    cause = serializers.ListField(
        allow_null=True,
        help_text='What caused it, e.g. ["step", "tax"], ["card", "silver-mining"], '
        '["event", "drought"], ["action", 3], ["development", "corinth", 2].',
    )
    before = serializers.JSONField(required=False, help_text="The value before (numbers).")
    after = serializers.JSONField(required=False, help_text="The value after (numbers).")
    text = serializers.CharField(help_text="The line as a sentence in your language.")


class HistoryLineOutput(LineOutput):
    seq = serializers.IntegerField(help_text="The event that caused it.")
    created_at = serializers.DateTimeField()


class ActorOutput(serializers.Serializer):
    """Who made a decision, as it was when it was made (it never changes afterwards)."""

    kind = serializers.CharField(
        help_text="player (the seat's own player), substitute (someone playing the seat for "
        "its player), bot (a bot: a bot's seat, or one playing for an absent player) or "
        "deadline (the server's default when the deadline passed)."
    )
    player = serializers.CharField(
        allow_null=True,
        help_text="The username: who decided (player, substitute), who missed the deadline "
        "(deadline), or whom the bot played for (bot; null for a bot's own seat).",
    )
    text = serializers.CharField(
        help_text='How the lines name it, in your language, e.g. "anna" or "a bot for anna".'
    )


class LogEntryOutput(serializers.Serializer):
    seq = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    type = serializers.CharField(
        help_text="decision, chance, or notice: the server's own entry (data.kind "
        "bot_plays_seat, seat_taken_back, deadline_extended, player_away, holiday_capped, "
        "pause_proposed, pause_started, pause_declined, pause_withdrawn, pause_ended, nudge, "
        "substitute_joined, substitute_left, seat_vote or bot_voted_in), public and never "
        "replayed."
    )
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    # The stubs see Serializer's own `data`: DRF's metaclass takes this field out of the class.
    data = described_as(EventDataOutput)  # type: ignore[assignment]
    auto = serializers.BooleanField(
        required=False,
        help_text="True on a decision the server made for the seat (a missed deadline's "
        "default, or the bot playing for an absent player).",
    )
    actor = ActorOutput(
        allow_null=True, help_text="Who made this decision; null for chance and notices."
    )
    lines = LineOutput(many=True, help_text="What this event did, as you may see it.")


class LogOutput(serializers.Serializer):
    events = LogEntryOutput(many=True)
    last_seq = serializers.IntegerField()
    next_after = serializers.IntegerField(
        allow_null=True, help_text="Pass as `after` to read on; null at the end."
    )


class HistoryQuery(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0, default=0, help_text="Tell what happened after this seq."
    )
    limit = serializers.IntegerField(
        min_value=1, max_value=LOG_PAGE_MAX, default=200, help_text="At most this many events."
    )


class HistoryOutput(serializers.Serializer):
    after = serializers.IntegerField()
    viewer = serializers.IntegerField(allow_null=True, help_text="Your seat (null: spectator).")
    lines = HistoryLineOutput(many=True)
    last_seq = serializers.IntegerField()
    next_after = serializers.IntegerField(
        allow_null=True, help_text="Pass as `after` to read on; null at the end."
    )


class StateOutput(serializers.Serializer):
    at = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    view = described_as(GAME_VIEW)
