"""Conditional GET: an ETag computed from the game row alone, and 304 on a match.

A game's detail, prompt, log and history change only when its row does: every write to a game
(a decision, an advance, a deadline, a join or leave, a notice) moves `last_seq` or
`updated_at` under the game's lock. So the tag is a hash of that row's version, the requester
(who they are decides what is hidden) and the language, plus the query for the log's pages. A
poll that sends it back while nothing changed is answered by `not_modified` from one statement
(the game row with the requester's profile language), without replaying or rendering anything.

The tag is read before the body is built, so a body may be newer than its tag, never older:
the worst a race costs is one more full read.
"""

from __future__ import annotations

import hashlib

from django.db import connection
from django.utils.cache import patch_vary_headers
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from common.language import LANGUAGES, accepted_language
from games.models import is_public_id


def current_tag(request, public_id: str, kind: str, query: tuple = ()) -> str | None:
    """The tag of what the requester reads now, from one statement: the game row's version
    with the requester's profile language; None when there is no such game."""
    if not is_public_id(public_id):
        return None
    user = request.user
    user_id = user.pk if user.is_authenticated else None
    with connection.cursor() as cursor:
        cursor.execute(_VERSION_SQL, [user_id, public_id])
        row = cursor.fetchone()
    if row is None:
        return None
    public_id, status, last_seq, updated_at, profile_language = row
    lang = profile_language if profile_language in LANGUAGES else None
    if lang is None:
        lang = accepted_language(request.headers.get("Accept-Language", ""))
    parts = [
        kind,
        public_id,
        status,
        last_seq,
        str(updated_at),  # as the database gives it: the tag only compares it with itself
        user.get_username() if user.is_authenticated else "",
        lang,
        *query,
    ]
    return '"' + hashlib.sha256(repr(parts).encode()).hexdigest()[:40] + '"'


_VERSION_SQL = """
    SELECT g.public_id, g.status, g.last_seq, g.updated_at,
           (SELECT p.language FROM accounts_profile p WHERE p.user_id = %s)
    FROM games_game g WHERE g.public_id = %s
"""


def not_modified(request, etag: str | None) -> Response | None:
    """304 when the request's If-None-Match names `etag` (see current_tag), else None."""
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
