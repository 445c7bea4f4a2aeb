"""The matchmaking API's shapes: a queue entry asked for and shown, a rematch's state."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.models import LANGUAGE_CHOICES
from common.inputs import StrictInput
from matchmaking.services import GAME_TYPES, MAX_RATING_BAND, STEP_HOURS, seat_counts

# Each game's seat counts, as its setup declares them (the service refuses one outside its
# game's: 400 invalid_input naming them).
SEATS_BY_GAME = {game_type: seat_counts(game_type) for game_type in GAME_TYPES}
_SEATS_TOLD = "; ".join(
    f"{game_type}: {', '.join(map(str, counts))}" for game_type, counts in SEATS_BY_GAME.items()
)


@extend_schema_field({"type": "integer", "enum": list(STEP_HOURS)})
class StepHoursField(serializers.IntegerField):
    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if value not in STEP_HOURS:
            raise serializers.ValidationError(
                f"Must be one of {', '.join(map(str, STEP_HOURS))} (hours per step)."
            )
        return value


class EntryInput(StrictInput):
    game = serializers.ChoiceField(
        choices=GAME_TYPES,
        default="khora",
        source="game_type",
        help_text="The game to play: khora (the default) or khlor. Entries of different games "
        "are never matched together.",
    )
    players = serializers.IntegerField(
        min_value=min(min(counts) for counts in SEATS_BY_GAME.values()),
        max_value=max(max(counts) for counts in SEATS_BY_GAME.values()),
        allow_null=True,
        default=None,
        help_text="The seats of the game wanted, among the game's own "
        f"({_SEATS_TOLD}); null (the default): any of them.",
    )
    step_hours = StepHoursField(help_text="Hours each player has for a decision.")
    language = serializers.ChoiceField(
        choices=LANGUAGE_CHOICES, help_text="The language the table talks in."
    )
    rating_band = serializers.IntegerField(
        min_value=1,
        max_value=MAX_RATING_BAND,
        allow_null=True,
        default=None,
        help_text="Play only players whose rating (μ − 3σ) is at most this far from yours, "
        "either way; they must accept yours too. Null (the default): anyone.",
    )


class EntryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    game_type = serializers.CharField()
    players = serializers.IntegerField(
        allow_null=True, help_text="null: any of the game's seat counts."
    )
    step_hours = serializers.IntegerField()
    language = serializers.CharField()
    rating_band = serializers.IntegerField(allow_null=True)
    rating = serializers.FloatField(help_text="Your rating (μ − 3σ) when you joined.")
    status = serializers.ChoiceField(choices=["waiting", "matched", "left", "expired"])
    game = serializers.CharField(
        allow_null=True, help_text="matched: the game formed, started; its id."
    )
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField(
        help_text="Unmatched by then, the entry ends (MATCHMAKING_ENTRY_HOURS after joining)."
    )


class EntriesOutput(serializers.Serializer):
    entries = EntryOutput(many=True, help_text="Your waiting entries, oldest first.")


class RematchPlayerOutput(serializers.Serializer):
    username = serializers.CharField()
    accepted = serializers.BooleanField()


class RematchOutput(serializers.Serializer):
    game = serializers.CharField(help_text="The finished game.")
    status = serializers.ChoiceField(
        choices=["none", "open", "started", "expired"],
        help_text="none: nobody asked yet; open: waiting for acceptances; started: see new_game.",
    )
    players = RematchPlayerOutput(many=True, help_text="The people at the table, in seat order.")
    bots = serializers.ListField(
        child=serializers.CharField(), help_text="The bots' levels: they are seated again."
    )
    you_accepted = serializers.BooleanField()
    expires_at = serializers.DateTimeField(allow_null=True)
    new_game = serializers.CharField(allow_null=True, help_text="The rematch, once started.")
