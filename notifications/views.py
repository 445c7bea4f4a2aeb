"""The preferences endpoint and the unsubscribe pages: parse → one call → render."""

from django.shortcuts import render
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.openapi import problems
from notifications import selectors, services
from notifications.serializers import PreferencesInput, PreferencesOutput

PREFERENCES_EXAMPLE = OpenApiExample(
    "Preferences",
    response_only=True,
    value={
        "your_turn": "immediately",
        "reminder": "immediately",
        "game_started": "immediately",
        "game_over": "digest",
        "invitations": "immediately",
        "quiet_hours_start": 22,
        "quiet_hours_end": 7,
        "digest_hour": 8,
        "time_zone": "Europe/Paris",
    },
)


class PreferencesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_preferences_retrieve",
        summary="Your email preferences",
        examples=[PREFERENCES_EXAMPLE],
        responses={200: PreferencesOutput, **problems(401)},
        description="Your email preferences per kind, quiet hours, digest hour and time zone.",
    )
    def get(self, request):
        return Response(PreferencesOutput(selectors.preferences_get(request.user)).data)

    @extend_schema(
        operation_id="me_preferences_update",
        summary="Change your email preferences",
        examples=[
            OpenApiExample(
                "Digest, quiet nights",
                request_only=True,
                value={"your_turn": "digest", "quiet_hours_start": 22, "quiet_hours_end": 7},
            ),
            PREFERENCES_EXAMPLE,
        ],
        request=PreferencesInput,
        responses={200: PreferencesOutput, **problems(400, 401, 422)},
        description="Change any of your preferences; fields you leave out keep their values.",
    )
    def patch(self, request):
        body = PreferencesInput(data=request.data)
        body.is_valid(raise_exception=True)
        services.preferences_update(user=request.user, changes=body.validated_data)
        return Response(PreferencesOutput(selectors.preferences_get(request.user)).data)


# The signed token is the credential here, not a session: there is no login to protect with
# CSRF, and mail providers' one-click POST (RFC 8058) carries no CSRF token.
@method_decorator([csrf_exempt, never_cache], name="dispatch")
class UnsubscribeView(View):
    """GET only shows what the link would do (mail scanners open links); POST does it."""

    def get(self, request, token):
        target = selectors.unsubscribe_target(token)
        if target is None:
            return _invalid_link(request)
        return render(request, "notifications/unsubscribe_confirm.html", _page(target))

    def post(self, request, token):
        # A browser's button and a provider's "List-Unsubscribe=One-Click" body do the same.
        try:
            target = services.unsubscribe(token=token)
        except services.InvalidUnsubscribeLink:
            return _invalid_link(request)
        return render(request, "notifications/unsubscribe_done.html", _page(target))


def _page(target: dict) -> dict:
    return {"username": target["user"].username, "label": target["label"]}


def _invalid_link(request):
    return render(request, "notifications/unsubscribe_invalid.html", status=400)
