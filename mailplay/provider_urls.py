"""The webhooks of the one hosted mail provider named by ANYMAIL_WEBHOOK_PROVIDER.

django-anymail has an inbound view (mail for us: players' replies) and a tracking view
(deliveries, bounces, complaints: they suppress an address) per provider; some check a
signature, others only the basic auth of ANYMAIL_WEBHOOK_SECRET. Every other provider's
address answers 404, so an endpoint nobody configured can neither take posts nor fail on its
missing keys.
"""

from functools import wraps

from anymail import urls as anymail_urls
from django.conf import settings
from django.http import HttpResponseNotFound
from django.views.decorators.csrf import csrf_exempt

SUFFIXES = ("_inbound_webhook", "_tracking_webhook")


def _only_when_chosen(provider: str, view):
    @csrf_exempt
    @wraps(view)
    def guarded(request, *args, **kwargs):
        if provider != settings.ANYMAIL_WEBHOOK_PROVIDER:
            return HttpResponseNotFound(
                f"No webhook for {provider} here; set ANYMAIL_WEBHOOK_PROVIDER to use one."
            )
        return view(request, *args, **kwargs)

    return guarded


def _guarded(pattern):
    provider = pattern.name
    for suffix in SUFFIXES:
        provider = provider.removesuffix(suffix)
    pattern.callback = _only_when_chosen(provider, pattern.callback)
    return pattern


urlpatterns = [
    _guarded(pattern)
    for pattern in anymail_urls.urlpatterns
    if (pattern.name or "").endswith(SUFFIXES)
]
