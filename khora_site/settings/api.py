"""The REST API: Django REST framework, its tokens (knox), idempotency, request bounds and the
OpenAPI schema (drf-spectacular)."""

from datetime import timedelta
from typing import Any

from khora_site.settings.env import env_int
from khora_site.settings.security import TRUSTED_PROXY_COUNT

REST_FRAMEWORK: dict[str, Any] = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.token_auth.CachedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        "accounts.authentication.RefuseUnacceptedAuthorization",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": [
        "common.renderers.ProblemJSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": ["common.parsers.BoundedJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "common.problems.problem_exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
# The client's address behind our own proxies (security.py), as the throttles count it.
REST_FRAMEWORK["NUM_PROXIES"] = TRUSTED_PROXY_COUNT

# An Idempotency-Key's first response is replayed for this long, then forgotten.
IDEMPOTENCY_KEY_HOURS = 24

# Request bodies nest arrays and objects at most this deep (deeper ones are refused, 400 too_deep).
API_JSON_MAX_DEPTH = 32

REST_KNOX = {
    "AUTH_HEADER_PREFIX": "Bearer",
    "TOKEN_TTL": timedelta(days=env_int("TOKEN_TTL_DAYS", 30)),
    "AUTO_REFRESH": True,
}
# A checked token is trusted by the process that checked it for this many seconds (0: never):
# a token revoked through another process still works there that long (accounts/token_auth.py).
TOKEN_CACHE_SECONDS = env_int("TOKEN_CACHE_SECONDS", 5)
TOKEN_CACHE_SIZE = 10_000  # entries per process; past it, only stale ones make room

SPECTACULAR_SETTINGS = {
    "TITLE": "Khôra turn server API",
    "DESCRIPTION": (
        "Play Khôra: Rise of an Empire slowly over a REST API. Every 4xx response is "
        "`application/problem+json` (RFC 9457) with a stable `code`: 400 when a request does "
        "not match this schema, 422 when it does but the rules refuse it, 409 when it "
        "conflicts with the game's state, 429 with `Retry-After` when throttled. Send tokens "
        "as `Authorization: Bearer <token>`."
    ),
    "VERSION": "1.0.0",
    # 3.1: nullable is JSON Schema's `"null"` type, which strict validators and generators read
    # the same way (3.0's `nullable` beside a `$ref` is ignored or refused by them).
    "OAS_VERSION": "3.1.0",
    # Paths are absolute (/api/v1/...): the schema describes the server that serves it.
    "SERVERS": [{"url": "/", "description": "The server this schema is served by."}],
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "khora_site.schema.add_named_payloads",
        "drf_spectacular.hooks.postprocess_schema_enums",
        "khora_site.schema.name_enum_members",
        "khora_site.schema.close_request_objects",
        "khora_site.schema.open_callbacks",
        "khora_site.schema_responses.declare_responses",
    ],
    # The docs pages load Swagger UI and ReDoc from our static files (no CDN: they work offline).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The schemes a client can use; the last class only refuses headers nobody accepted.
    "AUTHENTICATION_WHITELIST": [
        "accounts.token_auth.CachedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # One name for the choice every email kind shares (immediately, digest, off).
    "ENUM_NAME_OVERRIDES": {
        "DeliveryEnum": "notifications.models.Delivery",
        "BotLevelEnum": "bots.levels.LEVEL_NAMES",
        # The games a new game may be (games_create), and a queue entry (matchmaking queues
        # every game: the same choice, one name).
        "GameTypeEnum": "games.api.serializers.GAME_TYPES",
        "KindEnum": "games.api.schema_types.PROMPT_KINDS",  # every game's prompt kinds
        "GameStatusEnum": "games.models.Game.Status",
        "GameOverStatusEnum": "live.schema.GAME_OVER_STATUSES",
        "WebhookEventTypeEnum": "webhooks.models.EVENT_TYPES",
    },
}
