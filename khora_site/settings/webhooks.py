"""Webhooks (webhooks/): each attempt's deadline, the addresses refused, retries, fairness, the
circuit breaker and secret rotation. Their queue, routes and sweep are in queues.py."""

from khora_site.settings.env import env_bool, env_int

# One attempt's whole exchange (resolving, connecting, TLS, sending, reading the answer's
# status, headers and body) ends by this many seconds, however slowly the receiver answers.
WEBHOOKS_DEADLINE_SECONDS = env_int("WEBHOOKS_DEADLINE_SECONDS", 5)
# Receivers on private, loopback or link-local addresses are refused unless this is on (tests,
# a receiver on the same private network).
WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = env_bool("WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", False)
# The wait before each retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (27.6 h in all).
WEBHOOKS_RETRY_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000]
WEBHOOKS_MAX_PER_USER = 10
# The embedded default (no broker) sends deliveries from threads of the server's process: at
# most this many at once; the ticker's sweep hands on what found no thread.
WEBHOOKS_EMBEDDED_THREADS = env_int("WEBHOOKS_EMBEDDED_THREADS", 4)
# Fairness: one delivery at a time per endpoint, and at most this many per account at once,
# so one account's slow endpoints hold at most this many of the webhooks workers.
WEBHOOKS_IN_FLIGHT_PER_ACCOUNT = env_int("WEBHOOKS_IN_FLIGHT_PER_ACCOUNT", 2)
# The circuit breaker: an endpoint whose attempts failed this many times in a row is turned
# off and its owner told (by email, and in the API).
WEBHOOKS_DISABLE_AFTER_FAILURES = env_int("WEBHOOKS_DISABLE_AFTER_FAILURES", 20)
# After a secret's rotation, deliveries are signed with the old secret too for this long.
WEBHOOKS_SECRET_OVERLAP_HOURS = env_int("WEBHOOKS_SECRET_OVERLAP_HOURS", 24)
