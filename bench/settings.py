"""Settings for benchmark servers: the product's settings plus the bare reference endpoint.

Only benchmarks use this module (DJANGO_SETTINGS_MODULE=bench.settings); the product's URLs
and apps never include the reference endpoint.
"""

from khora_site.settings import *  # noqa: F403

INSTALLED_APPS = [*INSTALLED_APPS, "bench.bare"]  # noqa: F405
ROOT_URLCONF = "bench.urls"
