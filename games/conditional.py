"""Conditional GET: a strong ETag over the exact bytes a viewer gets, and 304 on a match."""

import hashlib

from django.utils.cache import patch_vary_headers
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response


def conditional_response(request, data) -> Response:
    # The tag hashes this viewer's body, so two players of one game never share a tag.
    etag = '"' + hashlib.sha256(JSONRenderer().render(data)).hexdigest()[:40] + '"'
    tags = _if_none_match(request)
    matched = etag in tags or "*" in tags
    response = Response(status=304) if matched else Response(data)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["Authorization", "Cookie", "Accept-Language"])
    return response


def _if_none_match(request) -> set[str]:
    header = request.headers.get("If-None-Match", "")
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}
