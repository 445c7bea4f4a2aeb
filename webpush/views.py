"""The push endpoints of the API: parse → one call → render."""

from django.http import Http404
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.openapi import problems
from webpush import credentials, selectors, services
from webpush.serializers import (
    PushDeviceInput,
    PushDeviceOutput,
    PushOutput,
    PushPreferencesInput,
)

DEVICE_EXAMPLE = OpenApiExample(
    "A browser's subscription",
    request_only=True,
    value={
        "endpoint": "https://push.example.net/wpush/v2/gAAAAABl",
        "keys": {
            "p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1X"
            "bjhazAkj7I99e8QcYP7DkM",
            "auth": "tBHItJI5svbpez7KI4CCXg",
        },
        "label": "Firefox on my phone",
    },
)


PUSH_EXAMPLE = OpenApiExample(
    "Push on one phone",
    response_only=True,
    value={
        "available": True,
        "public_key": "BInrgEhpduMGKsYQb_HDajKN44YXZ68B_0zjoycfjaMedWyOb7mfUsGkCwKUKYzVaKXvP4d"
        "-jXaoW-eTEZ5y3Bg",
        "your_turn": True,
        "game_over": False,
        "chat": False,
        "devices": [
            {
                "id": 3,
                "label": "Firefox · Android",
                "created_at": "2026-11-20T18:02:11Z",
                "last_success_at": "2026-11-27T09:14:40Z",
                "stopped": False,
                "last_error": "",
            }
        ],
        "removed_device": None,
    },
)


DEVICE_ID = OpenApiParameter(
    "device_id",
    int,
    OpenApiParameter.PATH,
    description="The device's id, from GET me/push/.",
    examples=[OpenApiExample("A device", value=3)],
)


class PushView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_push_retrieve",
        summary="Your push notifications",
        examples=[PUSH_EXAMPLE],
        responses={200: PushOutput, **problems(401)},
        description="Whether the server pushes, its public key, what you want pushed, and your "
        "devices. What email you get is set at me/preferences/: a kind can come by email, by "
        "push, or both.",
    )
    def get(self, request):
        return Response(PushOutput(selectors.push_settings(request.user)).data)

    @extend_schema(
        operation_id="me_push_update",
        summary="Choose what is pushed",
        examples=[
            OpenApiExample(
                "No push at a game's end", request_only=True, value={"game_over": False}
            ),
            PUSH_EXAMPLE,
        ],
        request=PushPreferencesInput,
        responses={200: PushOutput, **problems(400, 401)},
        description="Turn the push of 'your turn', of a game's end or of table talk on or off; "
        "fields left out keep their values.",
    )
    def patch(self, request):
        body = PushPreferencesInput(data=request.data)
        body.is_valid(raise_exception=True)
        services.preferences_update(user=request.user, changes=body.validated_data)
        return Response(PushOutput(selectors.push_settings(request.user)).data)


class DevicesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_push_devices_create",
        summary="Receive push on a browser",
        request=PushDeviceInput,
        examples=[DEVICE_EXAMPLE],
        responses={201: PushDeviceOutput, **problems(400, 401, 409, 422)},
        description="Store a browser's push subscription (PushSubscription.toJSON()). The "
        "endpoint must be https on a public host, at most 1,024 characters; 409 when push is "
        "not set up here or you already have the most devices (10 by default).",
    )
    def post(self, request):
        body = PushDeviceInput(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        device = services.subscribe(
            user=request.user,
            endpoint=data["endpoint"],
            p256dh=data["keys"]["p256dh"],
            auth=data["keys"]["auth"],
            label=data["label"] or services.label_of(request.headers.get("User-Agent", "")),
            credential=credentials.of_request(request),
        )
        return Response(PushDeviceOutput(device).data, status=status.HTTP_201_CREATED)


class DeviceView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_push_devices_destroy",
        summary="Stop push on a device",
        parameters=[DEVICE_ID],
        responses={204: None, **problems(401, 404)},
    )
    def delete(self, request, device_id: int):
        if not services.unsubscribe(user=request.user, subscription_id=device_id):
            raise Http404
        return Response(status=status.HTTP_204_NO_CONTENT)
