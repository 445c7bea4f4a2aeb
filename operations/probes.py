"""The probe addresses, answered before anything else of the site runs.

/health/live/, /health/ready/ (public: a load balancer or systemd asks them on loopback) and
/health/deep/ and /metrics (with the monitoring token). They come first in the middleware:
a probe on 127.0.0.1 gets its answer without being redirected to https, refused for its Host
header or counted by the throttles, and it costs no session or template.
"""

from __future__ import annotations

import hmac
from typing import Any

from django.conf import settings
from django.http import HttpResponse, JsonResponse

from operations import health
from operations.metrics import exposition


def _verdict(checks: list[dict[str, Any]]) -> JsonResponse:
    ok = all(check["ok"] for check in checks)
    body = {
        "status": "ok" if ok else "failing",
        "process": health.PROCESS["kind"],
        "checks": checks,
    }
    response = JsonResponse(body, status=200 if ok else 503)
    response["Cache-Control"] = "no-store"
    return response


def _authorized(request) -> bool:
    token = settings.MONITORING_TOKEN
    given = request.headers.get("Authorization", "")
    return bool(token) and hmac.compare_digest(given.encode(), f"Bearer {token}".encode())


def live(request) -> HttpResponse:
    return JsonResponse({"status": "ok", "process": health.PROCESS["kind"]})


def ready(request) -> HttpResponse:
    return _verdict(health.readiness())


def deep(request) -> HttpResponse:
    if not _authorized(request):
        return _refused()
    return _verdict(health.deep())


def metrics(request) -> HttpResponse:
    if not _authorized(request):
        return _refused()
    return HttpResponse(exposition(), content_type="text/plain; version=0.0.4; charset=utf-8")


def _refused() -> HttpResponse:
    """Without MONITORING_TOKEN the address does not exist; with it, a wrong token is 401."""
    if not settings.MONITORING_TOKEN:
        return JsonResponse({"status": "not_found"}, status=404)
    response = JsonResponse({"status": "unauthorized"}, status=401)
    response["WWW-Authenticate"] = 'Bearer realm="monitoring"'
    return response


PROBES = {
    "/health/live/": live,
    "/health/ready/": ready,
    "/health/deep/": deep,
    "/metrics": metrics,
}


class ProbesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        path = request.path_info
        probe = PROBES.get(path) or PROBES.get(path + "/")
        if probe is None or request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        return probe(request)
