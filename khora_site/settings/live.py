"""Live event streams (live/, SSE): heartbeats, threads, limits of open streams, and leases."""

from khora_site.settings.base import DEBUG
from khora_site.settings.env import env_bool, env_int

# Event streams (live/): a comment line this often keeps proxies and clients from timing out
# an idle stream.
STREAM_HEARTBEAT_SECONDS = env_int("STREAM_HEARTBEAT_SECONDS", 15)
# Under ASGI the streams' reads run in this many threads, each with one database connection.
STREAM_READ_THREADS = 4
# Open streams at once (live/limits.py; 0: no limit): per signed-in user, per client address
# (as the throttles see it, DJANGO_TRUSTED_PROXIES), per stream process. Past one: 429.
STREAM_LIMIT_PER_USER = env_int("STREAM_LIMIT_PER_USER", 16)
STREAM_LIMIT_PER_ADDRESS = env_int("STREAM_LIMIT_PER_ADDRESS", 48)
STREAM_LIMIT_PER_PROCESS = env_int("STREAM_LIMIT_PER_PROCESS", 4000)
# A stream's lease on the shared counts lapses this long after its process last renewed it
# (a process that died without closing its streams frees their places within it).
STREAM_LEASE_SECONDS = 30
# Under ASGI each request has a database connection of its own: at most this many stream
# requests of a process open theirs at once (the others wait, then 503 streams_busy).
STREAM_OPENING_AT_ONCE = 8
STREAM_OPENING_WAIT_SECONDS = 10
STREAM_PROCESS_RETRY_SECONDS = 5
# A stream request waits this long for the process's Redis listener, else 503 live_unavailable.
STREAM_LISTENER_WAIT_SECONDS = 2
# A stream checks its token or session again this often even when nothing announced a change
# (rows deleted behind Django's back); announced revocations reach it at once.
STREAM_RECHECK_SECONDS = env_int("STREAM_RECHECK_SECONDS", 300)
# Streams asked of the WSGI server hold one of its threads for hours: refused (421) in
# production, where uvicorn serves them; served by the embedded runserver's threads.
STREAMS_OVER_WSGI = env_bool("STREAMS_OVER_WSGI", DEBUG)
