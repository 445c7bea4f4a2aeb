"""The ETag of a game's read, from one statement on the game row alone.

A game's detail, prompt, log and history change only when its row does: every write to a game
(a decision, an advance, a deadline, a join or leave, a notice) moves `last_seq` or
`updated_at` under the game's lock. So the tag is a hash of that row's version, the requester
(who they are decides what is hidden) and the language, plus the query for the log's pages. A
poll that sends it back while nothing changed is answered by `common.conditional.not_modified`
from one statement (the game row with the requester's profile language), without replaying or
rendering anything.

The tag is read before the body is built, so a body may be newer than its tag, never older:
the worst a race costs is one more full read.
"""

from __future__ import annotations

import hashlib

from django.db import connection

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
