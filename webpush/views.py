"""The push endpoints of the API: parse → one call → render."""

from django.http import Http404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.openapi import problems
from webpush import selectors, services
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


class PushView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_push_retrieve",
        summary="Your push notifications",
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
        request=PushPreferencesInput,
        responses={200: PushOutput, **problems(400, 401)},
        description="Turn the push of 'your turn' or of a game's end on or off; fields left out "
        "keep their values.",
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
        )
        return Response(PushDeviceOutput(device).data, status=status.HTTP_201_CREATED)


class DeviceView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_push_devices_destroy",
        summary="Stop push on a device",
        responses={204: None, **problems(401, 404)},
    )
    def delete(self, request, device_id: int):
        if not services.unsubscribe(user=request.user, subscription_id=device_id):
            raise Http404
        return Response(status=status.HTTP_204_NO_CONTENT)
