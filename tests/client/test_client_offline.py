"""The client against a scripted server: retries after Retry-After with one Idempotency-Key,
problems as ApiError, and a stream that resumes from the last id after a cut."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from khora_client import ApiError, KhoraClient


class Scripted:
    def __init__(self, answers: list):
        self.answers = answers
        self.seen: list[tuple[str, str, dict[str, str], bytes]] = []
        scripted = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                headers = {name.lower(): value for name, value in self.headers.items()}
                scripted.seen.append((self.command, self.path, headers, body))
                status, headers, payload = scripted.answers.pop(0)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = _answer

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def scripted():
    made = []

    def make(*answers) -> Scripted:
        made.append(Scripted(list(answers)))
        return made[-1]

    yield make
    for server in made:
        server.close()


def problem(status: int, code: str, **headers) -> tuple:
    body = json.dumps({"status": status, "code": code, "detail": "no"}).encode()
    return status, {"Content-Type": "application/problem+json", **headers}, body


def test_a_decision_is_retried_after_429_and_503_with_one_idempotency_key(scripted):
    accepted = json.dumps({"accepted": [], "last_seq": 9, "prompt": None}).encode()
    server = scripted(
        problem(429, "throttled", **{"Retry-After": "0"}),
        problem(503, "server_error"),
        (200, {"Content-Type": "application/json"}, accepted),
    )
    client = KhoraClient(server.url, "tok", max_wait=0.01)
    assert client.decide("g1", "p0-1", "card:bank")["last_seq"] == 9
    keys = {headers["idempotency-key"] for _m, _p, headers, _b in server.seen}
    assert len(server.seen) == 3 and len(keys) == 1
    assert all(headers["authorization"] == "Bearer tok" for _m, _p, headers, _b in server.seen)
    assert json.loads(server.seen[0][3]) == {"prompt": "p0-1", "option": "card:bank"}


def test_a_refusal_is_an_api_error_at_once(scripted):
    server = scripted(problem(409, "stale_prompt"))
    with pytest.raises(ApiError) as refused:
        KhoraClient(server.url, "tok").decide("g1", "p0-1", "x")
    assert refused.value.status == 409 and refused.value.code == "stale_prompt"
    assert len(server.seen) == 1


def test_the_stream_reconnects_from_the_last_id(scripted):
    sse = {"Content-Type": "text/event-stream"}
    first = b'retry: 3000\n\nid: 1\nevent: entry\ndata: {"seq":1}\n\n: heartbeat\n\nid: 2\nev'
    second = b'id: 2\nevent: entry\ndata: {"seq":2}\n\nevent: game_over\ndata: {"game":"g1"}\n\n'
    server = scripted((200, sse, first), (200, sse, second))
    client = KhoraClient(server.url, "tok")
    events = list(client.stream("g1", after=0, reconnect_wait=0))
    assert [(e.event, e.id) for e in events] == [("entry", 1), ("entry", 2), ("game_over", None)]
    assert server.seen[0][2]["last-event-id"] == "0"
    assert server.seen[1][2]["last-event-id"] == "1"  # the half-sent event 2 is asked again
