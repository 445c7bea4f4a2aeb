"""The language a response is rendered in: the requester's profile, else Accept-Language.

Only texts change with the language; ids and structured data never do.
"""

from __future__ import annotations

import engine

LANGUAGES = engine.get_game("khora").languages  # the languages the engine renders
DEFAULT = LANGUAGES[0]


def requester_language(request) -> str:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        profile = getattr(user, "profile", None)
        if profile is not None and profile.language in LANGUAGES:
            return profile.language
    return accepted_language(request.headers.get("Accept-Language", ""))


def accepted_language(header: str) -> str:
    """The supported language the header prefers most (q-values honoured), else English."""
    ranked = []
    for position, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        if not tag:
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        ranked.append((-quality, position, tag.strip()))
    for quality, _, tag in sorted(ranked):
        code = tag.split("-")[0].lower()
        if quality < 0 and code in LANGUAGES:
            return code
    return DEFAULT
