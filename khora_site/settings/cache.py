"""Redis and the cache: REDIS_URL switches the shared cache (and, in queues.py, the broker) from
in-process to Redis."""

import os

REDIS_URL = os.environ.get("REDIS_URL", "")
# CACHE_KEY_PREFIX keeps apart sites (or test runs) that share one Redis.
# The cache keeps nothing that matters (common/cache.py): while Redis is down or frozen it
# answers as an empty cache, after at most CACHE_SOCKET_TIMEOUT seconds, and is not tried again
# for CACHE_RETRY_SECONDS.
CACHE_SOCKET_TIMEOUT = 0.5
CACHE_RETRY_SECONDS = 5
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "common.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", ""),
            "OPTIONS": {
                "socket_timeout": CACHE_SOCKET_TIMEOUT,
                "socket_connect_timeout": CACHE_SOCKET_TIMEOUT,
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
