"""The streams' documentation in the OpenAPI schema: their events and each event's data."""

GAME_STREAM_DESCRIPTION = """\
A `text/event-stream` (Server-Sent Events) that stays open. Events:

- `entry`, with `id:` = the entry's seq: one log entry exactly as `GET games/{id}/log/` gives
  it to you (LogEntryOutput: redacted for you until the game ends, with its narrated `lines`
  in your language).
- `prompt` (seated players only; no id): `{"game": "<id>", "prompt": PromptOutput or null}`,
  sent on connecting and whenever your prompt changes.
- `game_over` (no id): `{"game": "<id>", "status": "finished"}`; the stream then ends.
- a comment line (`: heartbeat`) every 15 seconds.

Reconnect with `Last-Event-ID` (browsers' EventSource do it by themselves): the stream resumes
after that seq, so you miss no entry and get none twice. A stream for a game you cannot read is
refused as the read would be (problem+json)."""

PLAYER_STREAM_DESCRIPTION = """\
A `text/event-stream` of your games: `prompt` events
(`{"game": "<id>", "prompt": PromptOutput or null}`) when a game's prompt for you changes, and
`game_over` (`{"game": "<id>", "status": "finished"}`) when one of your games ends. On
connecting (and reconnecting) it first sends the prompt of each of your games waiting for you;
events carry no id. A comment line (`: heartbeat`) every 15 seconds."""
