"""WSGI entry point."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "khora_site.settings")
application = get_wsgi_application()

from khora_site.database import bound_request_waits  # noqa: E402 - needs the settings

bound_request_waits()
get_resolver().url_patterns  # noqa: B018 (imports every view now, not on the first request)
# What is loaded by now lives as long as the worker: moved out of the garbage collector's
# reach, so the collections a request's allocations trigger no longer walk all of it again.
gc.freeze()
