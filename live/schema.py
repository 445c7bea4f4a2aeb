"""The streams' documentation in the OpenAPI schema: their events and each event's data."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from live.access import ENDINGS
from live.streams import OVER

GAME_STREAM_DESCRIPTION = """\
A `text/event-stream` (Server-Sent Events) that stays open. Events:

- `entry`, with `id:` = the entry's seq: one log entry exactly as `GET games/{id}/log/` gives
  it to you (LogEntryOutput: redacted for you until the game ends, with its narrated `lines`
  in your language).
- `prompt` (seated players only; no id): StreamPromptEvent,
  `{"game": "<id>", "prompt": PromptOutput or null}`, sent on connecting and whenever your
  prompt changes.
- `game_over` (no id): StreamGameOverEvent, `{"game": "<id>", "status": "finished"}`; the
  stream then ends, and a reconnect is answered 204 (nothing more will come).
- `end` (no id): StreamEndEvent, `{"reason": "...", "detail": "..."}` when the credential the
  stream was opened with stops holding (`token_revoked`, `token_expired`, `logged_out`,
  `session_expired`, `account_disabled`) or your seat changed (`seat_changed`); the stream
  then ends.
- a comment line (`: heartbeat`) every 15 seconds.

Each event's data is JSON; `x-stream-events` names its component per event.

Reconnect with `Last-Event-ID` (browsers' EventSource do it by themselves): the stream resumes
after that seq, so you miss no entry and get none twice. A stream for a game you cannot read is
refused as the read would be (problem+json). Open streams are limited per account, per client
address and per server: past a limit, 429 `too_many_streams` with Retry-After."""

PLAYER_STREAM_DESCRIPTION = """\
A `text/event-stream` of your games: `prompt` events (StreamPromptEvent,
`{"game": "<id>", "prompt": PromptOutput or null}`) when a game's prompt for you changes, and
`game_over` (StreamGameOverEvent, `{"game": "<id>", "status": "finished"}`) when one of your
games ends. On
connecting (and reconnecting) it first sends the prompt of each of your games waiting for you;
events carry no id. A comment line (`: heartbeat`) every 15 seconds. `end` (StreamEndEvent,
`{"reason": "...", "detail": "..."}`) when your credential stops holding (a revoked or expired
token, a log-out, a disabled account); the stream then ends. Each event's data is JSON;
`x-stream-events` names its component per event."""

GAME_STREAM_EXAMPLE = (
    "retry: 3000\n\n"
    "id: 41\nevent: entry\n"
    'data: {"seq":41,"created_at":"2026-11-23T00:12:16Z","type":"decision","version":1,'
    '"seat":1,"data":{"prompt":"p1-9","option":"card:bank"},"auto":false,'
    '"actor":{"kind":"player","player":"anna","text":"anna"},"lines":[]}\n\n'
    "event: prompt\n"
    'data: {"game":"qVmN34XD_23f2D3o","prompt":null}\n\n'
    ": heartbeat\n\n"
)
PLAYER_STREAM_EXAMPLE = (
    "retry: 3000\n\n"
    "event: prompt\n"
    'data: {"game":"qVmN34XD_23f2D3o","prompt":{"id":"p0-12","kind":"tax","text":"...",'
    '"options":[],"unavailable":[],"default":"pass","deadline":"2026-11-25T09:00:00Z"}}\n\n'
    "event: game_over\n"
    'data: {"game":"x7hQ2mLr0aZc_b1T","status":"finished"}\n\n'
)


# How a game can end (the game_over event, the game.over webhook).
GAME_OVER_STATUSES = [str(status) for status in OVER]


def _component(name: str, nullable: bool = False) -> dict:
    # By name: live may not import games.api's serializers (the import contracts), and the
    # schema's own checks fail on a name that is not a component.
    ref = {"$ref": f"#/components/schemas/{name}"}
    return {"oneOf": [ref, {"type": "null"}]} if nullable else ref


@extend_schema_field(_component("PromptOutput", nullable=True))
class _PromptOrNull(serializers.Field):
    pass


class StreamPromptEvent(serializers.Serializer):
    """The data of a `prompt` event: a game's prompt for you, null when it asks you nothing."""

    game = serializers.CharField(help_text="The game's id.")
    prompt = _PromptOrNull()


class StreamGameOverEvent(serializers.Serializer):
    """The data of a `game_over` event; a game stream then ends."""

    game = serializers.CharField(help_text="The game's id.")
    status = serializers.ChoiceField(choices=GAME_OVER_STATUSES)


class StreamEndEvent(serializers.Serializer):
    """The data of an `end` event: the stream's credential stopped holding; it then ends."""

    reason = serializers.ChoiceField(choices=sorted(ENDINGS))
    detail = serializers.CharField(help_text="The reason in words.")


# Each event's `data:` (JSON), by event name: the `x-stream-events` of each stream operation.
GAME_STREAM_EVENTS = {
    "entry": _component("LogEntryOutput"),
    "prompt": _component("StreamPromptEvent"),
    "game_over": _component("StreamGameOverEvent"),
    "end": _component("StreamEndEvent"),
}
PLAYER_STREAM_EVENTS = {
    "prompt": _component("StreamPromptEvent"),
    "game_over": _component("StreamGameOverEvent"),
    "end": _component("StreamEndEvent"),
}
