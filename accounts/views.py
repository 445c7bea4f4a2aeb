"""Account and token endpoints: parse → one service call → render."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import services
from accounts.serializers import (
    AccountCreateInput,
    AccountOutput,
    RevokedOutput,
    TokenCreateInput,
    TokenOutput,
)
from accounts.throttles import LOGIN_THROTTLES, SignUpThrottle
from accounts.token_auth import CachedTokenAuthentication
from common.openapi import problems


class AccountCreateView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_classes = [SignUpThrottle]

    @extend_schema(
        operation_id="accounts_create",
        summary="Create an account",
        description="Returns the account's first API token. Usernames equal up to letter case "
        "or Unicode form are one name (409 username_taken); a name mixing scripts is 422 "
        "username_mixed_scripts; a refused password is 422 weak_password with the reasons.",
        request=AccountCreateInput,
        responses={201: AccountOutput, **problems(400, 409, 422, 429)},
        examples=[
            OpenApiExample(
                "Zoe",
                request_only=True,
                value={
                    "username": "zoe",
                    "email": "zoe@example.com",
                    "password": "a long passphrase",
                    "time_zone": "Europe/Kyiv",
                    "language": "uk",
                },
            ),
            OpenApiExample(
                "Created",
                response_only=True,
                value={
                    "token": "63ac2ff6…",
                    "expiry": "2026-12-23T00:12:16Z",
                    "username": "zoe",
                    "email": "zoe@example.com",
                    "time_zone": "Europe/Kyiv",
                    "language": "uk",
                },
            ),
        ],
    )
    def post(self, request):
        body = AccountCreateInput(data=request.data)
        body.is_valid(raise_exception=True)
        instance, token = services.account_create(**body.validated_data)
        user = instance.user
        profile = user.profile
        data = {
            "token": token,
            "expiry": instance.expiry,
            "username": user.username,
            "email": user.email,
            "time_zone": profile.time_zone,
            "language": profile.language,
        }
        return Response(AccountOutput(data).data, status=status.HTTP_201_CREATED)


class TokenCreateView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_classes = list(LOGIN_THROTTLES)

    @extend_schema(
        operation_id="auth_token_create",
        summary="Log in: a new API token",
        description="At most TOKEN_MAX_PER_USER live tokens per account: a new one revokes the "
        "least recently used beyond that. Log-ins are throttled per client, and wrong "
        "passwords per (username, client) and, with a higher ceiling, per username.",
        request=TokenCreateInput,
        responses={201: TokenOutput, **problems(400, 401, 429)},
        examples=[
            OpenApiExample(
                "Zoe",
                request_only=True,
                value={"username": "zoe", "password": "a long passphrase"},
            ),
            OpenApiExample(
                "A token",
                response_only=True,
                value={"token": "63ac2ff6…", "expiry": "2026-12-23T00:12:16Z", "username": "zoe"},
            ),
        ],
    )
    def post(self, request):
        body = TokenCreateInput(data=request.data)
        body.is_valid(raise_exception=True)
        instance, token = services.token_create(request=request, **body.validated_data)
        data = {"token": token, "expiry": instance.expiry, "username": instance.user.username}
        return Response(TokenOutput(data).data, status=status.HTTP_201_CREATED)


class TokenRevokeView(APIView):
    authentication_classes = [CachedTokenAuthentication]

    @extend_schema(
        operation_id="auth_token_revoke",
        summary="Log out: revoke this token",
        examples=[OpenApiExample("Revoked", response_only=True, value={"revoked": 1})],
        request=None,
        responses={200: RevokedOutput, **problems(401)},
        description="Revoke the token this request is sent with.",
    )
    def post(self, request):
        services.token_revoke(token=request.auth)
        return Response(RevokedOutput({"revoked": 1}).data)


class TokenRevokeAllView(APIView):
    authentication_classes = [CachedTokenAuthentication]

    @extend_schema(
        operation_id="auth_token_revoke_all",
        summary="Log out everywhere",
        examples=[OpenApiExample("Revoked", response_only=True, value={"revoked": 3})],
        request=None,
        responses={200: RevokedOutput, **problems(401)},
        description="Revoke every token of the account (log out everywhere).",
    )
    def post(self, request):
        revoked = services.token_revoke_all(user=request.user)
        return Response(RevokedOutput({"revoked": revoked}).data)
