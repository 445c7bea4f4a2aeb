"""The inbound webhook of the one hosted provider chosen by MAILPLAY_INBOUND_PROVIDER.

django-anymail has an inbound view per provider; some check a signature, others only the
basic auth of ANYMAIL_WEBHOOK_SECRET. Every other provider's address answers 404, so an
endpoint nobody configured can neither take mail nor fail on its missing keys.
"""

from functools import wraps

from anymail import urls as anymail_urls
from django.conf import settings
from django.http import HttpResponseNotFound
from django.views.decorators.csrf import csrf_exempt

SUFFIX = "_inbound_webhook"


def _only_when_chosen(provider: str, view):
    @csrf_exempt
    @wraps(view)
    def guarded(request, *args, **kwargs):
        if provider != settings.MAILPLAY_INBOUND_PROVIDER:
            return HttpResponseNotFound(
                f"No inbound webhook for {provider} here; set MAILPLAY_INBOUND_PROVIDER to use one."
            )
        return view(request, *args, **kwargs)

    return guarded


def _guarded(pattern):
    provider = pattern.name.removesuffix(SUFFIX)
    pattern.callback = _only_when_chosen(provider, pattern.callback)
    return pattern


urlpatterns = [
    _guarded(pattern)
    for pattern in anymail_urls.urlpatterns
    if (pattern.name or "").endswith(SUFFIX)
]
