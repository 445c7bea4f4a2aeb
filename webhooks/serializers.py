from rest_framework import serializers

from common.inputs import StrictInput
from webhooks.models import EVENT_TYPES


class EndpointInput(StrictInput):
    url = serializers.CharField(max_length=2000, help_text="http:// or https://, a public host.")
    event_types = serializers.ListField(
        child=serializers.ChoiceField(choices=EVENT_TYPES),
        min_length=1,
        max_length=len(EVENT_TYPES),
        help_text="Which events to send here.",
    )


class EndpointOutput(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()
    event_types = serializers.ListField(child=serializers.ChoiceField(choices=EVENT_TYPES))
    secret_hint = serializers.CharField(
        help_text="The secret's last characters, to tell which one you hold: the secret itself "
        "is shown once, when the endpoint is made or its secret rotated."
    )
    previous_secret_until = serializers.DateTimeField(
        allow_null=True,
        help_text="After a rotation: deliveries are signed with the previous secret too until "
        "then; null when only the current secret signs.",
    )
    active = serializers.BooleanField()
    disabled_reason = serializers.CharField(help_text="Why we stopped sending, if we did.")
    disabled_at = serializers.DateTimeField(
        allow_null=True, help_text="When we stopped sending; null while it is on."
    )
    consecutive_failures = serializers.IntegerField(
        help_text="Attempts that failed in a row, across deliveries; at the server's limit (20 "
        "by default) the endpoint is turned off and you get an email."
    )
    created_at = serializers.DateTimeField()


class EndpointCreatedOutput(EndpointOutput):
    secret = serializers.CharField(
        help_text="whsec_…: verify each delivery's webhook-signature with it (Standard "
        "Webhooks). Shown this once: keep it; rotate it if it is lost or leaked."
    )


class SecretRotatedOutput(serializers.Serializer):
    secret = serializers.CharField(
        help_text="The new whsec_… secret, shown this once: deliveries are signed with it from "
        "now on."
    )
    secret_hint = serializers.CharField(help_text="The new secret's last characters.")
    previous_secret_until = serializers.DateTimeField(
        help_text="Until then each delivery also carries a signature with the previous secret "
        "(webhook-signature holds both, space-separated), so your receiver can switch over."
    )


class AttemptOutput(serializers.Serializer):
    number = serializers.IntegerField()
    at = serializers.DateTimeField()
    status_code = serializers.IntegerField(allow_null=True, help_text="null: no HTTP answer.")
    error = serializers.CharField()
    duration_ms = serializers.IntegerField()


class DeliveryOutput(serializers.Serializer):
    message_id = serializers.CharField(help_text="The webhook-id header: the same on every try.")
    event_type = serializers.ChoiceField(choices=EVENT_TYPES)
    status = serializers.ChoiceField(choices=["pending", "succeeded", "failed"])
    attempts = serializers.IntegerField()
    next_attempt_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    payload = serializers.JSONField(help_text="The body sent (WebhookPayload).")
    attempt_log = AttemptOutput(many=True)


class DeliveryPageOutput(serializers.Serializer):
    deliveries = DeliveryOutput(many=True)


class WebhookData(serializers.Serializer):
    game = serializers.CharField(help_text="The game's id.")
    url = serializers.CharField(help_text="The game's API address.")
    last_seq = serializers.IntegerField(help_text="The log's last seq when the event happened.")
    status = serializers.ChoiceField(
        choices=["finished", "abandoned", "crashed"],  # live.schema.GAME_OVER_STATUSES
        required=False,
        help_text="game.over only: how the game ended.",
    )


class WebhookPayload(serializers.Serializer):
    """What each delivery's body holds (JSON), signed per Standard Webhooks: the headers
    webhook-id, webhook-timestamp and webhook-signature (v1, HMAC-SHA256 of
    "<id>.<timestamp>.<body>" with the endpoint's secret)."""

    type = serializers.ChoiceField(choices=EVENT_TYPES)
    timestamp = serializers.DateTimeField()
    # The stubs see Serializer's own `data`: DRF's metaclass takes this field out of the class.
    data = WebhookData()  # type: ignore[assignment]
