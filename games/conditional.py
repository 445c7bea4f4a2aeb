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

from django.db.models import Subquery
from django.utils.cache import patch_vary_headers
from rest_framework.response import Response

from accounts.models import Profile
from games.language import LANGUAGES, accepted_language
from games.models import Game, is_public_id


def game_tag(request, game, lang: str, kind: str, query: tuple = ()) -> str:
    """The tag of what `request`'s requester reads as `kind` of `game` (a row or its values)."""
    row = game if isinstance(game, dict) else {f: getattr(game, f) for f in _VERSION_FIELDS}
    user = request.user
    parts = [
        kind,
        *(row[f] if f != "updated_at" else row[f].isoformat() for f in _VERSION_FIELDS),
        user.get_username() if user.is_authenticated else "",
        lang,
        *query,
    ]
    return '"' + hashlib.sha256(repr(parts).encode()).hexdigest()[:40] + '"'


_VERSION_FIELDS = ("public_id", "status", "last_seq", "updated_at")


def not_modified(request, public_id: str, kind: str, query: tuple = ()) -> Response | None:
    """304 when the request's If-None-Match names the current tag, from one statement; None
    when it does not (or there is nothing to compare): then the caller reads in full."""
    tags = _if_none_match(request)
    if not tags or not is_public_id(public_id):
        return None
    rows = Game.objects.filter(public_id=public_id).values(*_VERSION_FIELDS)
    user = request.user
    if user.is_authenticated:
        language = Profile.objects.filter(user=user.pk).values("language")[:1]
        rows = rows.annotate(profile_language=Subquery(language))
    row = rows.first()
    if row is None:
        return None
    lang = row.get("profile_language")
    if lang not in LANGUAGES:
        lang = accepted_language(request.headers.get("Accept-Language", ""))
    etag = game_tag(request, row, lang, kind, query)
    if etag not in tags and "*" not in tags:
        return None
    return _headers(Response(status=304), etag)


def conditional_response(request, data, etag: str) -> Response:
    tags = _if_none_match(request)
    matched = etag in tags or "*" in tags
    return _headers(Response(status=304) if matched else Response(data), etag)


def _headers(response: Response, etag: str) -> Response:
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["Authorization", "Cookie", "Accept-Language"])
    return response


def _if_none_match(request) -> set[str]:
    header = request.headers.get("If-None-Match", "")
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}
