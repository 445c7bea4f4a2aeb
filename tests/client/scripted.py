"""A server on loopback that answers each request with the next of a script, and records what
it was sent: the client's retries and reconnections, request by request, with no real site."""

from __future__ import annotations

import json
import socket
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from khora_client import Retry

SSE = {"Content-Type": "text/event-stream"}
JSON = {"Content-Type": "application/json"}


@dataclass
class Seen:
    method: str
    path: str
    headers: dict[str, str]  # lower-case names
    body: bytes

    def json(self):
        return json.loads(self.body)


@dataclass
class Answer:
    status: int = 200
    headers: dict | None = None
    body: bytes = b""
    drop: bool = False  # close the connection without answering (a server killed mid-request)
    hang: float = 0.0  # after the body, wait this long before closing (a silent stream)


def ok(payload, status: int = 200) -> Answer:
    return Answer(status, JSON, json.dumps(payload).encode())


def problem(status: int, code: str, **headers) -> Answer:
    body = json.dumps({"status": status, "code": code, "detail": "no"}).encode()
    return Answer(status, {"Content-Type": "application/problem+json", **headers}, body)


def events(*blocks: str, hang: float = 0.0) -> Answer:
    """A stream's body: each block one event ("id: 1\\nevent: entry\\ndata: {...}") or a
    comment; the connection then closes, as a restarting server's does."""
    return Answer(200, SSE, "".join(f"{block}\n\n" for block in blocks).encode(), hang=hang)


DROP = Answer(drop=True)


class Scripted:
    def __init__(self, answers: list[Answer]):
        self.answers = answers
        self.seen: list[Seen] = []
        scripted = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                headers = {name.lower(): value for name, value in self.headers.items()}
                scripted.seen.append(Seen(self.command, self.path, headers, body))
                answer = scripted.answers.pop(0) if scripted.answers else problem(500, "script")
                if answer.drop:
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                self.send_response(answer.status)
                for name, value in (answer.headers or {}).items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(answer.body)))
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(answer.body)
                self.wfile.flush()
                if answer.hang:
                    time.sleep(answer.hang)
                self.close_connection = True

            do_GET = do_POST = do_PATCH = do_DELETE = _answer

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class Waits:
    """A Retry's sleep that only records: the tests run at once and see every wait."""

    def __init__(self):
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)

    def retry(self, **fields) -> Retry:
        return Retry(sleep=self, jitter=lambda: 0.0, **fields)
