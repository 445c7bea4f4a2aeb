"""The streams' documentation in the OpenAPI schema: their events and each event's data."""

GAME_STREAM_DESCRIPTION = """\
A `text/event-stream` (Server-Sent Events) that stays open. Events:

- `entry`, with `id:` = the entry's seq: one log entry exactly as `GET games/{id}/log/` gives
  it to you (LogEntryOutput: redacted for you until the game ends, with its narrated `lines`
  in your language).
- `prompt` (seated players only; no id): `{"game": "<id>", "prompt": PromptOutput or null}`,
  sent on connecting and whenever your prompt changes.
- `game_over` (no id): `{"game": "<id>", "status": "finished"}`; the stream then ends, and a
  reconnect is answered 204 (nothing more will come).
- `end` (no id): `{"reason": "...", "detail": "..."}` when the credential the stream was opened
  with stops holding (`token_revoked`, `token_expired`, `logged_out`, `session_expired`,
  `account_disabled`) or your seat changed (`seat_changed`); the stream then ends.
- a comment line (`: heartbeat`) every 15 seconds.

Reconnect with `Last-Event-ID` (browsers' EventSource do it by themselves): the stream resumes
after that seq, so you miss no entry and get none twice. A stream for a game you cannot read is
refused as the read would be (problem+json). Open streams are limited per account, per client
address and per server: past a limit, 429 `too_many_streams` with Retry-After."""

PLAYER_STREAM_DESCRIPTION = """\
A `text/event-stream` of your games: `prompt` events
(`{"game": "<id>", "prompt": PromptOutput or null}`) when a game's prompt for you changes, and
`game_over` (`{"game": "<id>", "status": "finished"}`) when one of your games ends. On
connecting (and reconnecting) it first sends the prompt of each of your games waiting for you;
events carry no id. A comment line (`: heartbeat`) every 15 seconds. `end`
(`{"reason": "...", "detail": "..."}`) when your credential stops holding (a revoked or expired
token, a log-out, a disabled account); the stream then ends."""

GAME_STREAM_EXAMPLE = (
    "retry: 3000\n\n"
    "id: 41\nevent: entry\n"
    'data: {"seq":41,"created_at":"2026-11-23T00:12:16Z","type":"decision","version":1,'
    '"seat":1,"data":{"prompt":"p1-9","option":"card:bank"},"auto":false,"lines":[]}\n\n'
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
