"""A logged-in player's pages speak the language and show the times of their profile.

Visitors get Django's choice (the language cookie set by the switch, else the browser's
Accept-Language). Runs after AuthenticationMiddleware; API requests authenticate with tokens
later, in the view, so they are untouched.
"""

import zoneinfo

from django.conf import settings
from django.utils import timezone, translation

KNOWN = {code for code, _ in settings.LANGUAGES}


class ProfileLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            profile = getattr(user, "profile", None)
            language = getattr(profile, "language", None)
            if language in KNOWN:
                translation.activate(language)
                request.LANGUAGE_CODE = language
            try:
                timezone.activate(zoneinfo.ZoneInfo(getattr(profile, "time_zone", "UTC")))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        return self.get_response(request)
