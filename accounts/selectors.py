"""Reads of accounts that other apps share."""

from __future__ import annotations

from django.conf import settings

from accounts.models import Profile

LANGUAGES = [code for code, _name in settings.LANGUAGES]


def profile_language(user_id: int) -> str:
    """The language of the user's profile (their pages and emails), else the site's first."""
    language = Profile.objects.filter(user_id=user_id).values_list("language", flat=True).first()
    return str(language) if language in LANGUAGES else LANGUAGES[0]
