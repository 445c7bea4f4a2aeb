"""The API's throttles on the web forms that cost CPU or send email: same rates, same cache.

Log-in (per client; wrong passwords per account and client, and per account), sign-up,
password reset and new login links (per client: they are attempts to get into an account),
game creation, joins and starts (per player). A
refused post gets a page saying how long to wait, with status 429 and Retry-After, as the API's
problem does.
"""

from __future__ import annotations

import math
from functools import wraps

from django.shortcuts import render

from accounts import throttles


class _FormPost:
    """What DRF's throttles read of a request, taken from a plain Django form post."""

    def __init__(self, request):
        self._request = request
        self.data = request.POST  # where DRF's request would hold the parsed body

    def __getattr__(self, name):
        return getattr(self._request, name)


def throttled(*throttle_classes):
    def decorate(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method == "POST":
                post = _FormPost(request)
                waits = []
                for throttle in (cls() for cls in throttle_classes):
                    if not throttle.allow_request(post, None):
                        waits.append(throttle.wait() or 1)
                if waits:
                    seconds = math.ceil(max(waits))
                    response = render(
                        request,
                        "web/throttled.html",
                        {"minutes": max(1, math.ceil(seconds / 60))},
                        status=429,
                    )
                    response["Retry-After"] = str(seconds)
                    return response
            return view(request, *args, **kwargs)

        return wrapper

    return decorate


login = throttled(*throttles.LOGIN_THROTTLES)
account_recovery = throttled(throttles.LoginPerClientThrottle)
sign_up = throttled(throttles.SignUpThrottle)
game_create = throttled(throttles.GameCreateThrottle)
game_join_start = throttled(throttles.GameStartThrottle)
