"""Web Push (webpush/): the VAPID key and contact, deadlines, devices, retries and a message's
time to live. Pushes go on the email queue (queues.py)."""

import os

from khora_site.settings.env import env_bool, env_int

# Web Push (webpush/, docs/operations.md#web-push): the VAPID private key (base64url, as
# docs/operations.md makes it; unset: push is off and the pages say so) and the contact the
# push services may write to. Pushes go on the email queue, each POST done by
# WEBPUSH_DEADLINE_SECONDS through webhooks' address-checked transport; http and private or
# loopback push services only with WEBPUSH_ALLOW_PRIVATE_ADDRESSES (tests, a local setup).
WEBPUSH_VAPID_PRIVATE_KEY = os.environ.get("WEBPUSH_VAPID_PRIVATE_KEY", "")
WEBPUSH_VAPID_SUBJECT = os.environ.get("WEBPUSH_VAPID_SUBJECT", "mailto:admin@localhost")
WEBPUSH_ALLOW_PRIVATE_ADDRESSES = env_bool("WEBPUSH_ALLOW_PRIVATE_ADDRESSES", False)
WEBPUSH_DEADLINE_SECONDS = env_int("WEBPUSH_DEADLINE_SECONDS", 5)
WEBPUSH_MAX_DEVICES = env_int("WEBPUSH_MAX_DEVICES", 10)
# A failed push is tried again after this many seconds, doubled each time, at most this often.
WEBPUSH_RETRY_SECONDS = env_int("WEBPUSH_RETRY_SECONDS", 60)
WEBPUSH_MAX_ATTEMPTS = env_int("WEBPUSH_MAX_ATTEMPTS", 5)
# After this many failures in a row the preferences page says the device stopped answering.
WEBPUSH_STOPPED_AFTER_FAILURES = env_int("WEBPUSH_STOPPED_AFTER_FAILURES", 3)
# How long a push service keeps a message for a device that is off (a turn waits for days).
WEBPUSH_TTL_SECONDS = env_int("WEBPUSH_TTL_SECONDS", 86400)
# The embedded default (no broker) sends pushes from threads of the server's process: at most
# this many at once; what finds no thread is handed on by the ticker's minute.
WEBPUSH_EMBEDDED_THREADS = env_int("WEBPUSH_EMBEDDED_THREADS", 2)
