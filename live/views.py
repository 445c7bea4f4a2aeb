"""The event streams: parse, authorize like a read, then hand the feed to the server.

The views are DRF views so that a stream authenticates, refuses and answers problems exactly
as the rest of the API (the same authentication classes, problem+json); what they return is a
streaming response whose body is produced by `live.streams`: a coroutine under the ASGI
server, a generator holding a thread under a WSGI server (the embedded `runserver`).
"""

from __future__ import annotations

import threading
import weakref

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import HttpResponse, StreamingHttpResponse
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.views import APIView

from accounts.throttles import client_address
from common.errors import DomainError
from common.language import requester_language
from common.openapi import ACCEPT_LANGUAGE, GAME_ID, problems
from games import selectors
from live.access import Reader
from live.hub import HUB
from live.limits import LEASES, address_refusal
from live.schema import (
    GAME_STREAM_DESCRIPTION,
    GAME_STREAM_EVENTS,
    GAME_STREAM_EXAMPLE,
    PLAYER_STREAM_DESCRIPTION,
    PLAYER_STREAM_EVENTS,
    PLAYER_STREAM_EXAMPLE,
)
from live.streams import OVER, Follower, GameFeed, PlayerFeed, stream_async, stream_sync

EVENT_STREAM = "text/event-stream"
WRONG_SERVER = (
    "Event streams are served by the stream server (uvicorn, ASGI), not by this one: the "
    "proxy should send /api/v1/games/<id>/stream/ and /api/v1/me/stream/ there "
    "(docs/operations.md)."
)
LAST_EVENT_ID = OpenApiParameter(
    "Last-Event-ID",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="The id (seq) of the last event you received: the stream resumes after it.",
)
AFTER = OpenApiParameter(
    "after",
    int,
    OpenApiParameter.QUERY,
    required=False,
    description="Start after this seq (0: the whole log); ignored when Last-Event-ID is "
    "sent. Without either, the stream starts with the entries still to come.",
)


def example(name: str, text: str) -> OpenApiExample:
    return OpenApiExample(name, value=text, response_only=True, media_type=EVENT_STREAM)


_opening = threading.BoundedSemaphore(settings.STREAM_OPENING_AT_ONCE)


class StreamView(APIView):
    def perform_content_negotiation(self, request, force=False):
        # A stream's errors are problem+json whatever the client accepts (EventSource
        # asks for text/event-stream only).
        return super().perform_content_negotiation(request, force=True)

    def dispatch(self, request, *args, **kwargs):
        if not isinstance(request, ASGIRequest):
            return super().dispatch(request, *args, **kwargs)
        # Under ASGI each request runs in a thread of its own with a database connection of
        # its own, which Django closes only once the answer is sent: a burst of a thousand
        # stream requests would open a thousand and run the database out of them. So at most
        # STREAM_OPENING_AT_ONCE requests of this process are opening a stream (auth, the game,
        # the limits), and each closes its connection before it answers, whatever the answer.
        self.opening = _opening.acquire(timeout=settings.STREAM_OPENING_WAIT_SECONDS)
        try:
            return super().dispatch(request, *args, **kwargs)
        finally:
            for connection in connections.all(initialized_only=True):
                connection.close()
            if self.opening:
                _opening.release()

    def initial(self, request, *args, **kwargs):
        negotiated = self.perform_content_negotiation(request)
        request.accepted_renderer, request.accepted_media_type = negotiated
        # Before any database work (authentication reads tokens): a flood from one address
        # costs a Redis read a request.
        if LEASES.address_full(client_address(request)):
            raise address_refusal()
        if not getattr(self, "opening", True):
            raise DomainError(
                "streams_busy",
                "This server is opening too many streams at once; try again in a few seconds.",
                503,
                {"retry_after": settings.STREAM_PROCESS_RETRY_SECONDS},
            )
        super().initial(request, *args, **kwargs)
        if not isinstance(request._request, ASGIRequest) and not settings.STREAMS_OVER_WSGI:
            raise DomainError("stream_server_required", WRONG_SERVER, 421)

    def stream(self, request, feed) -> StreamingHttpResponse:
        if not HUB.listening(wait=settings.STREAM_LISTENER_WAIT_SECONDS):
            raise DomainError(
                "live_unavailable",
                "This server cannot hear of changes right now, so a stream would stay silent; "
                "try again in a few seconds.",
                503,
                {"retry_after": settings.STREAM_PROCESS_RETRY_SECONDS},
            )
        reader = Reader.of(request)
        lease = LEASES.acquire(reader.user_id, client_address(request))
        follower = Follower(feed, reader)
        body = stream_async if isinstance(request._request, ASGIRequest) else stream_sync
        response = StreamingHttpResponse(body(follower, lease.release), content_type=EVENT_STREAM)
        # A body never started (the client left first) runs no `finally`: the response's
        # closing, which a server always does, gives the place back too, and so does its
        # collection, for a response nobody closed (a test client's that nobody read).
        # `_resource_closers` is Django's own (private) list, which django-stubs leaves out.
        response._resource_closers.append(lease.release)  # type: ignore[attr-defined]
        weakref.finalize(response, lease.release)
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
        return response


class GameStreamView(StreamView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_stream",
        summary="The game's events as they happen (Server-Sent Events)",
        parameters=[GAME_ID, AFTER, LAST_EVENT_ID, ACCEPT_LANGUAGE],
        responses={
            (200, EVENT_STREAM): OpenApiResponse(str, description=GAME_STREAM_DESCRIPTION),
            (204, None): OpenApiResponse(
                description="The game is over and you have every entry after `after` / "
                "Last-Event-ID: nothing will come (a standard EventSource stops reconnecting)."
            ),
            **problems(400, 401, 404, 421, 422, 429, 503),
        },
        examples=[example("Entries and a prompt", GAME_STREAM_EXAMPLE)],
        extensions={"x-stream-events": GAME_STREAM_EVENTS},
    )
    def get(self, request, public_id):
        game = selectors.game_get(public_id)
        after = _start_after(request, game.last_seq)
        if game.status in OVER and after >= game.last_seq:
            # Nothing will ever come: 204 is what stops a standard EventSource reconnecting.
            return HttpResponse(status=204)
        lang = requester_language(request)
        position = selectors.viewer_position(game, request.user)
        return self.stream(request, GameFeed(game, request.user, position, lang, after))


class PlayerStreamView(StreamView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_stream",
        summary="Your prompts and game ends in all your games (Server-Sent Events)",
        parameters=[ACCEPT_LANGUAGE],
        responses={
            (200, EVENT_STREAM): OpenApiResponse(str, description=PLAYER_STREAM_DESCRIPTION),
            **problems(401, 421, 429, 503),
        },
        examples=[example("A prompt and a game's end", PLAYER_STREAM_EXAMPLE)],
        extensions={"x-stream-events": PLAYER_STREAM_EVENTS},
    )
    def get(self, request):
        return self.stream(request, PlayerFeed(request.user, requester_language(request)))


def _start_after(request, last_seq: int) -> int:
    header = request.headers.get("Last-Event-ID")
    if header is not None:
        return _seq(header.strip(), "Last-Event-ID", last_seq)
    if "after" in request.query_params:
        return _seq(request.query_params["after"].strip(), "after", last_seq)
    return last_seq


def _seq(text: str, name: str, last_seq: int) -> int:
    # ASCII digits only: str.isdigit() is true of "²", "①" and "٣" too.
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        raise DomainError(
            "invalid_input", f"{name} must be a seq: a whole number from 0 to {last_seq}.", 400
        )
    seq = int(text)
    if seq > last_seq:
        raise DomainError(
            "invalid_seq",
            f"{name}={seq} is past this game's log; its last seq is {last_seq}.",
            422,
            {"last_seq": last_seq},
        )
    return seq
