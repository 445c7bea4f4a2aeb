"""Conditional GET: 304 when the request's If-None-Match names the current tag.

The tags themselves are computed by whoever knows what a body depends on (games.api.etags for
a game's reads, from the game row alone; a hash of the body for what no row version covers).
"""

from __future__ import annotations

import hashlib

from django.utils.cache import patch_vary_headers
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response


def not_modified(request, etag: str | None) -> Response | None:
    """304 when the request's If-None-Match names `etag`, else None."""
    tags = _if_none_match(request)
    if etag is None or (etag not in tags and "*" not in tags):
        return None
    return _headers(Response(status=304), etag)


def conditional_response(request, data, etag: str | None) -> Response:
    """`data` with its tag, read by current_tag before `data` was built: a body may be newer
    than its tag (then the next poll reads in full once more), never older."""
    if etag is None:  # the game appeared between the two reads: tag this body by itself
        etag = '"' + hashlib.sha256(JSONRenderer().render(data)).hexdigest()[:40] + '"'
    return _headers(Response(data), etag)


def body_conditional_response(request, data) -> Response:
    """For what the game row's version does not cover (a game's chat): the tag is a hash of the
    body itself, and a request naming it gets 304."""
    etag = '"' + hashlib.sha256(JSONRenderer().render(data)).hexdigest()[:40] + '"'
    return not_modified(request, etag) or _headers(Response(data), etag)


def _headers(response: Response, etag: str) -> Response:
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["Authorization", "Cookie", "Accept-Language"])
    return response


def _if_none_match(request) -> set[str]:
    header = request.headers.get("If-None-Match", "")
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}
