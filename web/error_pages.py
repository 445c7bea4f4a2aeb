"""Our own 404, 500 and 503 pages, in the embedded default too.

With DEBUG off Django renders templates/404.html and 500.html itself. With DEBUG on (the
embedded default a newcomer runs) it would show its technical pages instead; this middleware
shows ours there as well, and logs a crash's traceback to the server's log where a developer
reads it. DJANGO_TECHNICAL_ERROR_PAGES=true brings Django's pages back. The API is left to
ApiProblemMiddleware (problem+json).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.urls import Resolver404, get_resolver

from common.outages import RETRY_AFTER_SECONDS, outage

log = logging.getLogger("django.request")


def _ours(request) -> bool:
    return (
        settings.DEBUG
        and not settings.TECHNICAL_ERROR_PAGES
        and not request.path_info.startswith("/api/")
    )


def not_found(request, message: str = ""):
    return render(request, "404.html", {"message": message}, status=404)


def page_not_found(request, exception=None):
    """Django's handler404 (DEBUG off): a view's own reason ("There is no such game.") is
    shown; an address that matches nothing says so in general words."""
    return not_found(request, _reason(exception))


def _reason(exception) -> str:
    if exception is None or isinstance(exception, Resolver404) or not exception.args:
        return ""
    return str(exception.args[0]) if isinstance(exception.args[0], str) else ""


def server_error(request):
    return render(request, "500.html", status=500)


def unavailable(request):
    """The database is down, busy past the request's bound or read-only (common.outages): not a
    fault, with DEBUG on or off; the page asks to try again, as the API's 503 does."""
    log.warning("The database could not serve %s", request.path)
    response = render(request, "503.html", status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class ErrorPagesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if _ours(request) and not _resolves(request):
            return not_found(request)
        return self.get_response(request)

    def process_exception(self, request, exception):
        if outage(exception) is not None and not request.path_info.startswith("/api/"):
            return unavailable(request)
        if not _ours(request):
            return None
        if isinstance(exception, Http404):
            return not_found(request, _reason(exception))
        if isinstance(exception, Exception) and not _handled_by_django(exception):
            log.error("Internal Server Error: %s", request.path, exc_info=exception)
            response = server_error(request)
            response._has_been_logged = True  # Django would log it again, without the traceback
            return response
        return None


def _resolves(request) -> bool:
    resolver = get_resolver(getattr(request, "urlconf", None))
    paths = [request.path_info]
    if settings.APPEND_SLASH and not request.path_info.endswith("/"):
        paths.append(request.path_info + "/")  # CommonMiddleware redirects to it
    for path in paths:
        try:
            resolver.resolve(path)
            return True
        except Resolver404:
            continue
    return False


def _handled_by_django(exception: Exception) -> bool:
    """Refusals Django answers with their own status (403, 400), not crashes."""
    from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation

    return isinstance(exception, (PermissionDenied, SuspiciousOperation, BadRequest))
