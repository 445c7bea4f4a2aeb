"""Input and output of the push endpoints."""

from rest_framework import serializers

from common.inputs import StrictInput
from webpush.services import MAX_ENDPOINT


class PushKeysInput(StrictInput):
    p256dh = serializers.CharField(
        max_length=100, help_text="The browser's P-256 key, base64url (65 bytes decoded)."
    )
    auth = serializers.CharField(
        max_length=40, help_text="The browser's auth secret, base64url (16 bytes decoded)."
    )


class PushDeviceInput(StrictInput):
    """What PushSubscription.toJSON() gives (its expirationTime is not needed)."""

    endpoint = serializers.CharField(
        max_length=MAX_ENDPOINT,
        help_text="The push service's https URL for this browser (PushSubscription.endpoint).",
    )
    keys = PushKeysInput()
    # The stubs see Serializer's own `label`: DRF's metaclass takes this field out of the class.
    label = serializers.CharField(  # type: ignore[assignment]
        max_length=80,
        required=False,
        allow_blank=True,
        default="",
        help_text="A name for this device in your list, e.g. 'Firefox on my phone'.",
    )


class PushDeviceOutput(serializers.Serializer):
    id = serializers.IntegerField()
    # The stubs see Serializer's own `label`: DRF's metaclass takes this field out of the class.
    label = serializers.CharField()  # type: ignore[assignment]
    created_at = serializers.DateTimeField()
    last_success_at = serializers.DateTimeField(
        allow_null=True, help_text="When a push last reached its push service; null: never."
    )
    stopped = serializers.BooleanField(
        help_text="true: the last several pushes to this device got no answer or an error."
    )
    last_error = serializers.CharField(help_text="The last failure, if any.")


class PushRemovedDeviceOutput(serializers.Serializer):
    # The stubs see Serializer's own `label`: DRF's metaclass takes this field out of the class.
    label = serializers.CharField()  # type: ignore[assignment]
    removed_at = serializers.DateTimeField()


class PushOutput(serializers.Serializer):
    available = serializers.BooleanField(
        help_text="false: this server has no VAPID key, so nothing is pushed."
    )
    public_key = serializers.CharField(
        help_text="The applicationServerKey to subscribe with (base64url); empty when not "
        "available."
    )
    your_turn = serializers.BooleanField(help_text="Push 'your turn' (besides any email).")
    game_over = serializers.BooleanField(help_text="Push a game's end (besides any email).")
    chat = serializers.BooleanField(
        help_text="Push that another player wrote at one of your tables (at most one an hour "
        "per game; off by default)."
    )
    devices = PushDeviceOutput(many=True)
    removed_device = PushRemovedDeviceOutput(
        allow_null=True,
        help_text="The last device its push service said is gone (404/410): removed by us.",
    )


class PushPreferencesInput(StrictInput):
    your_turn = serializers.BooleanField(required=False)
    game_over = serializers.BooleanField(required=False)
    chat = serializers.BooleanField(required=False)
