"""Reading a Server-Sent Events response in tests, chunk by chunk, as a client would."""

from __future__ import annotations

import json
from dataclasses import dataclass

from tests.schema_check import check_stream_event


@dataclass
class Event:
    event: str
    data: dict
    id: int | None
    raw: bytes


def parse(blob: bytes) -> list[Event]:
    """The events in whole blocks of `blob` (comments and `retry:` skipped)."""
    events = []
    for block in blob.split(b"\n\n"):
        fields: dict[str, str] = {}
        for line in block.decode().split("\n"):
            if not line or line.startswith(":"):
                continue
            name, _, value = line.partition(": ")
            fields[name] = value
        if "event" in fields:
            event_id = int(fields["id"]) if "id" in fields else None
            data = json.loads(fields["data"])
            check_stream_event(fields["event"], data)  # each event's data is as the schema says
            events.append(Event(fields["event"], data, event_id, block))
    return events


class StreamReader:
    """A streaming test-client response: `read()` pulls one chunk (the server's next write)."""

    def __init__(self, response):
        assert response.status_code == 200, response.content
        assert response["Content-Type"] == "text/event-stream"
        self.response = response
        self.chunks = iter(response.streaming_content)

    def read(self) -> bytes:
        return next(self.chunks)

    def read_until(self, done, most: int = 200) -> list[Event]:
        """Events of whole chunks until `done(events so far)` is true."""
        events: list[Event] = []
        for _ in range(most):
            events += parse(self.read())
            if done(events):
                return events
        raise AssertionError(f"the stream never got there; it sent {events}")

    def close(self) -> None:
        self.response.close()  # the client hangs up: the server's generator is closed
