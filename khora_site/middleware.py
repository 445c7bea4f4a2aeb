"""Answers that Django gives under /api/ before or after DRF (a CSRF refusal, a body over the
size limit, a host not allowed, a crash) become problem+json for API clients too.

A browser (its Accept header lists text/html) keeps Django's pages, as the browsable API does.
"""

from http import HTTPStatus

from django.conf import settings
from django.http import JsonResponse

from common.problems import PROBLEM_CONTENT_TYPE, problem_body

_CODES = {
    400: ("bad_request", "The request could not be read; check the host, headers and body."),
    403: (
        "permission_denied",
        "Refused before reaching the API (a session without its CSRF token?); API clients "
        "send 'Authorization: Bearer <token>' instead of a session cookie.",
    ),
    404: (
        "not_found",
        "Nothing exists at this address; the endpoints are listed at /api/v1/docs/.",
    ),
    413: ("too_large", ""),
    500: ("server_error", "The server failed on this request; it is logged. Try again later."),
}


def _too_large_detail() -> str:
    return (
        f"The request body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes, the "
        "most this API reads."
    )


def too_large(request) -> bool:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False
    return limit is not None and length > limit


class ApiProblemMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            response.status_code < 400
            or not request.path.startswith("/api/")
            or _is_json(response)
            or "text/html" in request.headers.get("Accept", "")
        ):
            return response
        status = response.status_code
        if status == 400 and too_large(request):
            status = 413
        code, detail = _CODES.get(status, ("error", ""))
        if status == 413:
            detail = _too_large_detail()
        problem = JsonResponse(
            problem_body(status, code, detail or f"{HTTPStatus(status).phrase}."),
            status=status,
            content_type=PROBLEM_CONTENT_TYPE,
        )
        for header in ("Allow", "Retry-After", "WWW-Authenticate"):
            if header in response:
                problem[header] = response[header]
        return problem


def _is_json(response) -> bool:
    content_type = response.get("Content-Type", "")
    return content_type.startswith(("application/json", PROBLEM_CONTENT_TYPE))
