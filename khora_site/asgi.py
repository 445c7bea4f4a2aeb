"""ASGI entry point: the event streams' server (uvicorn).

Django keeps a database connection per async context, and a request served here is a context
of its own that ends with it: a connection kept for reuse (CONN_MAX_AGE) would be kept by
nobody, open until the garbage collector finds it, and a burst of requests would use up the
database's connections. Requests here close theirs at their end; the streams' reads run in a
few threads of their own, each of which keeps one connection (live.streams).

Django answers no ASGI lifespan messages; this application does, for two jobs: when the process
is told to stop, its streams end (below); at shutdown they give their places in the shared
stream counts back (live.limits).
uvicorn cancels the open requests first, but Django's handler leaves the task that sends a
streaming body running, so a stream's own `finally` never comes before uvicorn ends the process
by re-raising the signal it stopped on.
"""

import asyncio
import os
import signal

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "khora_site.settings")
django_application = get_asgi_application()

from django.conf import settings  # noqa: E402 - configured by get_asgi_application()

from khora_site.database import bound_request_waits  # noqa: E402
from live.hub import HUB  # noqa: E402
from live.limits import LEASES  # noqa: E402
from operations import health, metrics  # noqa: E402

# Its readiness probe also asks for the live listener that feeds the streams.
health.PROCESS["kind"] = "streams"

for database in settings.DATABASES.values():
    database["CONN_MAX_AGE"] = 0
bound_request_waits()


async def application(scope, receive, send):
    if scope["type"] != "lifespan":
        return await django_application(scope, receive, send)
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            _end_streams_on_stop(asyncio.get_running_loop())
            metrics.follow_open_streams()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            LEASES.release_all()
            metrics.process_exited(os.getpid())
            await send({"type": "lifespan.shutdown.complete"})
            return


def _end_streams_on_stop(loop: asyncio.AbstractEventLoop) -> None:
    """On SIGTERM or SIGINT the open streams end their bodies at once (live.hub.Hub.close_all),
    then uvicorn's own handler (installed before the lifespan starts) stops the server: the
    streams are finished, not cancelled when its graceful shutdown runs out, and their clients
    reconnect to another process three seconds later instead of after the timeout."""
    for stop in (signal.SIGTERM, signal.SIGINT):
        uvicorns = signal.getsignal(stop)

        def stopping(signum, frame, uvicorns=uvicorns):
            loop.call_soon_threadsafe(HUB.close_all)
            if callable(uvicorns):
                uvicorns(signum, frame)

        signal.signal(stop, stopping)
