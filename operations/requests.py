"""Each request: its id, a line in the JSON log, and its count and duration in the metrics."""

from __future__ import annotations

import json
import logging
import re
import time
import uuid

from django.conf import settings

from operations import logs
from operations.metrics import DECISIONS, REQUEST_SECONDS, REQUESTS

log = logging.getLogger("khora.request")

# A proxy's id is kept when it looks like one (nginx's $request_id: 32 hex digits); anything
# else a client sends is replaced, so a log line never carries arbitrary text from outside.
REQUEST_ID = re.compile(r"[A-Za-z0-9-]{8,64}")
DECISIONS_VIEW = "game-decisions"


class RequestsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        given = request.headers.get("X-Request-ID", "")
        request_id = given if REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
        token = logs.bind(request_id=request_id)
        began = time.monotonic()
        try:
            response = self.get_response(request)
        finally:
            logs.unbind(token)
        took = time.monotonic() - began
        response["X-Request-ID"] = request_id
        match = request.resolver_match
        view = (match.view_name if match else "") or "unresolved"
        REQUESTS.labels(view, request.method, str(response.status_code)).inc()
        REQUEST_SECONDS.labels(view).observe(took)
        if match is not None and match.url_name == DECISIONS_VIEW and request.method == "POST":
            _count_decision(response)
        if settings.LOG_FORMAT == "json":
            user = getattr(request, "user", None)
            log.info(
                "%s %s %s",
                request.method,
                request.path,
                response.status_code,
                extra={
                    "request_id": request_id,
                    "user_id": user.pk if user is not None and user.is_authenticated else None,
                    "game_id": (match.kwargs.get("public_id") if match else None),
                    "method": request.method,
                    "path": request.path,
                    "view": view,
                    "status": response.status_code,
                    "duration_ms": round(took * 1000, 1),
                },
            )
        return response


def _count_decision(response) -> None:
    """The API's decisions: accepted (2xx), or refused with the problem's code."""
    if response.status_code < 300:
        DECISIONS.labels("accepted", "").inc()
        return
    if response.status_code >= 500 or response.streaming:
        return
    try:
        code = json.loads(response.content).get("code") or "unknown"
    except (ValueError, AttributeError):
        code = "unknown"
    DECISIONS.labels("refused", str(code)[:40]).inc()
