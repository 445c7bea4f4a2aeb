"""A webhook receiver on loopback that does what each test tells it, and players."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.db import OperationalError

from tests.players import *  # noqa: F403  (players, games)


class Receiver:
    """Answers with `script` in turn (the last answer repeats); "hang" waits `hang_seconds`."""

    def __init__(self, script: list):
        self.script = list(script)
        self.requests: list[tuple[dict[str, str], bytes]] = []
        self.paths: list[str] = []
        self.hang_seconds = 3.0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                receiver.requests.append((dict(self.headers.items()), body))
                receiver.paths.append(self.path)
                answer = receiver.script.pop(0) if len(receiver.script) > 1 else receiver.script[0]
                if answer == "hang":
                    time.sleep(receiver.hang_seconds)
                    answer = 200
                self.send_response(answer)
                if 300 <= answer < 400:
                    self.send_header("Location", f"{receiver.url}elsewhere/")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    made = []

    def make(*script) -> Receiver:
        made.append(Receiver(list(script) or [200]))
        return made[-1]

    yield make
    for one in made:
        one.close()


@pytest.fixture
def webhook_settings(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = True  # the receiver is on loopback
    settings.WEBHOOKS_RETRY_SECONDS = [0.05, 0.05, 0.05]
    settings.WEBHOOKS_TIMEOUT_SECONDS = 1
    return settings


def wait_for(condition, seconds: float = 10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            value = condition()
        except OperationalError as error:
            # The SQLite test database (in memory, shared between threads) refuses a read at
            # once while a delivery thread writes, as webhooks.services._in_thread expects of
            # its own work: not yet, look again.
            if "locked" not in str(error):
                raise
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("waited in vain")
