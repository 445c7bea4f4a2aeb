"""Webhook endpoints and their delivery log: parse → one service or selector call → render."""

from drf_spectacular.utils import (
    OpenApiCallback,
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.openapi import problems
from webhooks import services
from webhooks.models import Endpoint
from webhooks.serializers import (
    DeliveryPageOutput,
    EndpointCreatedOutput,
    EndpointInput,
    EndpointOutput,
    SecretRotatedOutput,
    WebhookPayload,
)

DELIVERY_LOG_SIZE = 100
WEBHOOK_ID = OpenApiParameter(
    "endpoint_id",
    int,
    OpenApiParameter.PATH,
    description="The endpoint's id.",
    examples=[OpenApiExample("An endpoint", value=3)],
)
ENDPOINT_VALUE = {
    "id": 3,
    "url": "https://bot.example.org/khora",
    "event_types": ["game.over", "game.your_turn"],
    "secret_hint": "whsec_…LaSw",
    "previous_secret_until": None,
    "active": True,
    "disabled_reason": "",
    "disabled_at": None,
    "consecutive_failures": 0,
    "created_at": "2026-11-24T04:00:00Z",
}
ENDPOINT_EXAMPLE = OpenApiExample("An endpoint", response_only=True, value=ENDPOINT_VALUE)
CREATED_EXAMPLE = OpenApiExample(
    "A new endpoint, its secret shown this once",
    response_only=True,
    value={**ENDPOINT_VALUE, "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"},
)
PAYLOAD_DESCRIPTION = (
    "Each delivery is a POST of a WebhookPayload (JSON) signed per Standard Webhooks "
    "(standardwebhooks.com): headers webhook-id (the same on every retry: deduplicate on it), "
    "webhook-timestamp and webhook-signature (after a secret's rotation, for a while, two "
    "signatures: accept either). Answer 2xx, headers and body complete, within 5 s of our "
    "connecting (one budget for the whole exchange, however the bytes trickle in); anything "
    "else (a redirect too) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. An "
    "endpoint gets one delivery at a time. After 20 failed attempts in a row, or a delivery "
    "that failed every try, the endpoint is turned off and you get an email."
)

# What each delivery carries besides its body (Standard Webhooks), for the receiver to verify.
SIGNATURE_HEADERS = [
    OpenApiParameter(
        "webhook-id",
        str,
        OpenApiParameter.HEADER,
        required=True,
        description="The event's id: the same on every try of it (deduplicate on it).",
    ),
    OpenApiParameter(
        "webhook-timestamp",
        str,
        OpenApiParameter.HEADER,
        required=True,
        description="When this try was signed, in whole seconds since 1970 (UTC).",
    ),
    OpenApiParameter(
        "webhook-signature",
        str,
        OpenApiParameter.HEADER,
        required=True,
        description='"v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body> with your secret>".',
    ),
]


class EndpointListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_webhooks_list",
        summary="Your webhook endpoints",
        responses={200: EndpointOutput(many=True), **problems(401)},
        examples=[ENDPOINT_EXAMPLE],
    )
    def get(self, request):
        endpoints = Endpoint.objects.filter(owner=request.user).order_by("pk")
        return Response(EndpointOutput(endpoints, many=True).data)

    @extend_schema(
        operation_id="me_webhooks_create",
        summary="Register a URL for your games' events",
        description=PAYLOAD_DESCRIPTION,
        request=EndpointInput,
        responses={201: EndpointCreatedOutput, **problems(400, 401, 409, 422)},
        examples=[
            OpenApiExample(
                "Your turn and game over",
                request_only=True,
                value={
                    "url": "https://bot.example.org/khora",
                    "event_types": ["game.your_turn", "game.over"],
                },
            ),
            CREATED_EXAMPLE,
        ],
        callbacks=[
            OpenApiCallback(
                "game_event",
                "{$request.body#/url}",
                extend_schema(
                    summary="A game event, sent to your URL",
                    description=PAYLOAD_DESCRIPTION,
                    parameters=SIGNATURE_HEADERS,
                    request=WebhookPayload,
                    responses={
                        200: OpenApiResponse(description="Any 2xx: received."),
                        "4XX": OpenApiResponse(
                            description="Any other status, a redirect too: tried again later."
                        ),
                    },
                ),
            )
        ],
    )
    def post(self, request):
        body = EndpointInput(data=request.data)
        body.is_valid(raise_exception=True)
        endpoint = services.endpoint_create(owner=request.user, **body.validated_data)
        return Response(EndpointCreatedOutput(endpoint).data, status=status.HTTP_201_CREATED)


class EndpointDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_webhooks_delete",
        summary="Stop sending to this URL",
        parameters=[WEBHOOK_ID],
        responses={204: None, **problems(401, 404)},
        examples=[ENDPOINT_EXAMPLE],
    )
    def delete(self, request, endpoint_id: int):
        services.endpoint_delete(owner=request.user, endpoint_id=endpoint_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class EndpointEnableView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_webhooks_enable",
        summary="Send to a turned-off endpoint again",
        parameters=[WEBHOOK_ID],
        request=None,
        responses={200: EndpointOutput, **problems(401, 404)},
        examples=[ENDPOINT_EXAMPLE],
    )
    def post(self, request, endpoint_id: int):
        endpoint = services.endpoint_enable(owner=request.user, endpoint_id=endpoint_id)
        return Response(EndpointOutput(endpoint).data)


class SecretRotateView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_webhooks_secret_rotate",
        summary="Give this endpoint a new secret",
        description="The new secret is in the answer, shown this once. For the overlap that "
        "follows (24 h by default) each delivery carries a signature with the new secret and "
        "one with the previous, so your receiver verifies with either while you switch it "
        "over; then only the new one signs. Rotating again within the overlap drops the "
        "oldest secret at once.",
        parameters=[WEBHOOK_ID],
        request=None,
        responses={200: SecretRotatedOutput, **problems(401, 404)},
        examples=[
            OpenApiExample(
                "A new secret",
                response_only=True,
                value={
                    "secret": "whsec_Zk1vQm9yU2VjcmV0Rm9yRXhhbXBsZTAx",
                    "secret_hint": "whsec_…ZTAx",
                    "previous_secret_until": "2026-11-25T04:00:00Z",
                },
            )
        ],
    )
    def post(self, request, endpoint_id: int):
        endpoint = services.endpoint_rotate_secret(owner=request.user, endpoint_id=endpoint_id)
        return Response(SecretRotatedOutput(endpoint).data)


class DeliveryLogView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_webhooks_deliveries",
        summary="The newest deliveries to this URL, each with its attempts",
        description=PAYLOAD_DESCRIPTION,
        parameters=[WEBHOOK_ID],
        responses={200: DeliveryPageOutput, **problems(401, 404)},
        examples=[
            OpenApiExample(
                "Delivered on the second try",
                response_only=True,
                value={
                    "deliveries": [
                        {
                            "message_id": "msg_2mRk9Xw1bq4v7cLzY0a3Tg",
                            "event_type": "game.your_turn",
                            "status": "succeeded",
                            "attempts": 2,
                            "next_attempt_at": None,
                            "created_at": "2026-11-24T04:00:00Z",
                            "payload": {
                                "type": "game.your_turn",
                                "timestamp": "2026-11-24T04:00:00Z",
                                "data": {
                                    "game": "qVmN34XD_23f2D3o",
                                    "url": "https://khora.example.org/api/v1/games/qVmN34XD_23f2D3o/",
                                    "last_seq": 41,
                                },
                            },
                            "attempt_log": [
                                {
                                    "number": 1,
                                    "at": "2026-11-24T04:00:00Z",
                                    "status_code": 500,
                                    "error": "not 2xx",
                                    "duration_ms": 12,
                                },
                                {
                                    "number": 2,
                                    "at": "2026-11-24T04:00:05Z",
                                    "status_code": 200,
                                    "error": "",
                                    "duration_ms": 9,
                                },
                            ],
                        }
                    ]
                },
            )
        ],
    )
    def get(self, request, endpoint_id: int):
        endpoint = services.endpoint_of(request.user, endpoint_id)
        deliveries = endpoint.deliveries.order_by("-pk").prefetch_related("attempt_log")
        return Response(DeliveryPageOutput({"deliveries": deliveries[:DELIVERY_LOG_SIZE]}).data)
