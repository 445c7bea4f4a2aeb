"""Input and output of the preferences endpoint."""

from rest_framework import serializers

from accounts.models import TIME_ZONES
from notifications.models import Delivery

DELIVERY_HELP = (
    "immediately: an email per event; digest: collected into one email a day; off: never."
)


INVITATIONS_HELP = (
    "Invitations from other players to take over a seat in their game. " + DELIVERY_HELP
)


def _delivery_field(**kwargs) -> serializers.ChoiceField:
    allowed = ", ".join(Delivery.values)
    kwargs.setdefault("help_text", DELIVERY_HELP)
    return serializers.ChoiceField(
        choices=Delivery.choices,
        error_messages={"invalid_choice": f"'{{input}}' is not accepted; use one of {allowed}."},
        **kwargs,
    )


def _hour_field(**kwargs) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=23, **kwargs)


class PreferencesOutput(serializers.Serializer):
    your_turn = _delivery_field()
    reminder = _delivery_field()
    game_started = _delivery_field()
    game_over = _delivery_field()
    invitations = _delivery_field(help_text=INVITATIONS_HELP)
    quiet_hours_start = _hour_field(
        allow_null=True, help_text="Local hour (0-23) quiet hours begin; null: none."
    )
    quiet_hours_end = _hour_field(
        allow_null=True, help_text="Local hour (0-23) quiet hours end; may be past midnight."
    )
    digest_hour = _hour_field(help_text="Local hour (0-23) of the daily digest.")
    time_zone = serializers.ChoiceField(
        choices=TIME_ZONES, help_text="IANA time zone name, e.g. Europe/Paris."
    )


class PreferencesInput(serializers.Serializer):
    """Any subset of the fields; the others keep their values."""

    your_turn = _delivery_field(required=False)
    reminder = _delivery_field(required=False)
    game_started = _delivery_field(required=False)
    game_over = _delivery_field(required=False)
    invitations = _delivery_field(required=False, help_text=INVITATIONS_HELP)
    quiet_hours_start = _hour_field(required=False, allow_null=True)
    quiet_hours_end = _hour_field(required=False, allow_null=True)
    digest_hour = _hour_field(required=False)
    time_zone = serializers.ChoiceField(
        choices=TIME_ZONES,
        required=False,
        help_text="IANA time zone name, e.g. Europe/Paris.",
        error_messages={
            "invalid_choice": "'{input}' is not a time zone we know; send an IANA name such "
            "as 'Europe/Paris', 'America/New_York' or 'UTC'."
        },
    )

    def validate(self, attrs):
        # A misspelt field would otherwise be ignored in silence and the PATCH look accepted.
        unknown = sorted(set(self.initial_data) - set(self.fields))
        if unknown:
            raise serializers.ValidationError(
                {
                    name: [f"Unknown field; the fields are {', '.join(self.fields)}."]
                    for name in unknown
                }
            )
        return attrs
