"""The one place where refusals become HTTP: RFC 9457 problem details (application/problem+json).

Every body has `type`, `title`, `status`, `detail` and a stable `code`; extension members carry
what a client needs to fix the request (`errors` per field, `legal_options`, `current_prompt`).
"""

from __future__ import annotations

import logging
import math
from http import HTTPStatus
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions
from rest_framework.response import Response

from common.errors import DomainError
from common.outages import RETRY_AFTER_SECONDS, outage
from common.parsers import TooDeep, UnencodableText

log = logging.getLogger(__name__)

PROBLEM_CONTENT_TYPE = "application/problem+json"

# Every `code` a problem can carry (the schema's enum; a test keeps it complete).
PROBLEM_CODES = sorted(
    {
        # the request itself
        "bad_request",
        "invalid_input",
        "malformed_json",
        "too_deep",
        "invalid_text",
        "too_large",
        "unsupported_media_type",
        "not_acceptable",
        "method_not_allowed",
        "not_found",
        "invalid_cursor",
        "invalid_idempotency_key",
        "idempotency_key_reused",
        "throttled",
        "too_many_streams",
        "stream_server_required",
        # who is asking
        "not_authenticated",
        "authentication_failed",
        "invalid_credentials",
        "permission_denied",
        # accounts
        "username_taken",
        "username_mixed_scripts",
        "weak_password",
        # preferences
        "invalid_quiet_hours",
        # games
        "game_not_found",
        "unknown_game",
        "invalid_setup",
        "too_many_lobbies",
        "already_seated",
        "game_full",
        "not_in_lobby",
        "not_seated",
        "not_creator",
        "seats_empty",
        "too_many_bots",
        "unknown_bot_level",
        "game_not_active",
        "game_not_finished",
        "game_over",
        "invalid_seq",
        "invalid_seat",
        # decisions (the engine's refusals)
        "illegal_option",
        "stale_prompt",
        "not_your_turn",
        "waiting_for_chance",
        "nothing_to_revise",
        "no_chance_needed",
        # table talk (chat/)
        "chat_private",
        "chat_throttled",
        "empty_message",
        "message_too_long",
        "message_not_found",
        "not_author",
        "not_moderator",
        "player_not_found",
        "cannot_mute_yourself",
        # holidays, pauses and nudges (absences/)
        "invalid_absence",
        "absence_overlaps",
        "absence_not_found",
        "absence_over",
        "invalid_pause",
        "pause_open",
        "pause_running",
        "pause_proposed_recently",
        "no_pause",
        "nothing_owed",
        "nudged_recently",
        "invite_not_found",
        "not_substitute",
        "seat_not_bot_played",
        "too_many_invites",
        "invitee_invited_enough",
        "time_not_up",
        "substitute_plays",
        # standing answers (games/standing/)
        "invalid_standing_answer",
        "standing_answer_not_found",
        "standing_answer_active",
        # webhooks
        "invalid_event_types",
        "too_many_webhooks",
        "webhook_url_refused",
        "webhook_not_found",
        # Web Push (webpush/)
        "push_unavailable",
        "too_many_devices",
        "invalid_endpoint",
        "invalid_keys",
        # the matchmaking queue and rematches (matchmaking/)
        "already_waiting",
        "too_many_entries",
        "entry_not_found",
        "entry_not_waiting",
        # the server
        "database_unavailable",
        "database_busy",
        "live_unavailable",
        "streams_busy",
        "server_error",
        "error",
    }
)

# DRF's own exceptions, by class, with the code and the hint a client needs.
_DRF_PROBLEMS: list[tuple[type[exceptions.APIException], str, str]] = [
    (
        exceptions.NotAuthenticated,
        "not_authenticated",
        "Send 'Authorization: Bearer <token>' (get one from POST /api/v1/auth/token/).",
    ),
    (
        exceptions.AuthenticationFailed,
        "authentication_failed",
        "Send 'Authorization: Bearer <token>' with a current token; a token that is unknown, "
        "revoked or expired is replaced by a new one from POST /api/v1/auth/token/.",
    ),
    (exceptions.PermissionDenied, "permission_denied", ""),
    (exceptions.NotFound, "not_found", ""),
    (exceptions.MethodNotAllowed, "method_not_allowed", ""),
    (exceptions.NotAcceptable, "not_acceptable", "Accept application/json."),
    (exceptions.UnsupportedMediaType, "unsupported_media_type", "Send application/json."),
    (TooDeep, "too_deep", "Send a JSON object nested a few levels at most."),
    (
        UnencodableText,
        "invalid_text",
        "Send text as valid Unicode (UTF-8), without lone surrogates.",
    ),
    (exceptions.ParseError, "malformed_json", "Send a JSON object as the request body."),
    (exceptions.Throttled, "throttled", "Wait the Retry-After seconds before trying again."),
    (exceptions.ValidationError, "invalid_input", ""),
]


def problem_body(status: int, code: str, detail: str, **extra: Any) -> dict[str, Any]:
    return {
        "type": f"urn:khora:problem:{code}",
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
        "code": code,
        **extra,
    }


def problem_response(status: int, code: str, detail: str, **extra: Any) -> Response:
    # The content type is the renderer's: problem+json from the API's JSON renderer, HTML
    # from the browsable API (common.renderers).
    response = Response(problem_body(status, code, detail, **extra), status=status)
    if status == 401:
        response["WWW-Authenticate"] = 'Bearer realm="api"'
    return response


def problem_exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's EXCEPTION_HANDLER. Returns None (a 500) only for genuine server faults."""
    # (The engine's refusals reach here as DomainErrors: games.refusals wraps them. A log the
    # engine cannot replay is corruption, not bad input: it falls through to a 500.)
    if isinstance(exc, DomainError):
        response = problem_response(exc.status, exc.code, exc.message, **exc.details)
        retry_after = exc.details.get("retry_after")
        if exc.status in (429, 503) and retry_after:  # a refusal that says when to try again
            response["Retry-After"] = str(retry_after)
        return response
    if isinstance(exc, Http404):
        return problem_response(404, "not_found", "Nothing exists at this address.")
    if isinstance(exc, RequestDataTooBig):
        return problem_response(
            413,
            "too_large",
            f"The request body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes, "
            "the most this API reads.",
        )
    down = outage(exc)
    if down is not None:
        # A part that is down or busy, not a fault of ours: clients and proxies try again.
        code, detail = down
        log.warning("The database could not serve a request: %s", exc)
        response = problem_response(503, code, detail)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    if isinstance(exc, DjangoPermissionDenied):
        return problem_response(403, "permission_denied", "You may not do this.")
    if isinstance(exc, exceptions.APIException):
        return _drf_problem(exc)
    return None


def _drf_problem(exc: exceptions.APIException) -> Response:
    code, hint = "error", ""
    for cls, known_code, known_hint in _DRF_PROBLEMS:
        if isinstance(exc, cls):
            code, hint = known_code, known_hint
            break
    if isinstance(exc, exceptions.ValidationError):
        errors = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        summary = "; ".join(
            f"{field}: {_first_message(messages)}" for field, messages in errors.items()
        )
        return problem_response(400, code, f"The request is invalid. {summary}", errors=errors)
    detail = str(exc.detail)
    if hint and not getattr(exc, "carries_hint", False):
        detail = f"{detail} {hint}"
    response = problem_response(exc.status_code, code, detail)
    wait = getattr(exc, "wait", None)  # DRF's Throttled, and any exception that says when
    if wait:
        response["Retry-After"] = str(math.ceil(wait))
    return response


def _first_message(messages: Any) -> str:
    if isinstance(messages, list) and messages:
        return _first_message(messages[0])
    if isinstance(messages, dict) and messages:
        field, inner = next(iter(messages.items()))
        return f"{field}: {_first_message(inner)}"
    return str(messages)


@csrf_exempt  # else a POST gets the CSRF refusal instead of this hint
def api_not_found(request, *args, **kwargs) -> JsonResponse:
    """The last route under /api/v1/: an unknown address is a problem+json 404, even in DEBUG."""
    detail = f"Nothing exists at {request.path}; the endpoints are listed at /api/v1/docs/."
    if not request.path.endswith("/"):
        detail += f" Did you mean {request.path}/ (with the trailing slash)?"
    return JsonResponse(
        problem_body(404, "not_found", detail), status=404, content_type=PROBLEM_CONTENT_TYPE
    )
