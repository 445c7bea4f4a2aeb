"""A fake push service on loopback, a browser's keys to read what it received, and a VAPID
key of the test's own."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from tests.players import *  # noqa: F403  (players, games)
from webpush.keys import b64url, new_private_key
from webpush.tasks import send_later as real_send_later  # kept: the autouse patch replaces it


class PushService:
    """Records every POST (headers, encrypted body) and answers with `script` in turn (the
    last answer repeats); "hang" answers nothing for `hang_seconds`. While `gate` is clear,
    a POST is recorded but waits for it before being answered (a slow service)."""

    def __init__(self, script: list):
        self.script = list(script)
        self.requests: list[tuple[dict[str, str], bytes]] = []
        self.hang_seconds = 2.0
        self.gate = threading.Event()
        self.gate.set()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                service.requests.append((dict(self.headers.items()), body))
                service.gate.wait(30)
                answer = service.script.pop(0) if len(service.script) > 1 else service.script[0]
                if answer == "hang":
                    time.sleep(service.hang_seconds)
                    return
                self.send_response(answer)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/push/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Browser:
    """What a browser's PushManager holds: an ECDH key pair and an auth secret."""

    def __init__(self):
        self.private = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        point = self.private.public_key().public_bytes(
            Encoding.X962, PublicFormat.UncompressedPoint
        )
        self.keys = {"p256dh": b64url(point), "auth": b64url(self.auth)}

    def read(self, body: bytes) -> dict:
        """The push as the browser decrypts it (RFC 8291)."""
        plain = http_ece.decrypt(
            body, private_key=self.private, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


@pytest.fixture
def push_service():
    made: list[PushService] = []

    def make(*script) -> PushService:
        made.append(PushService(list(script) or [201]))
        return made[-1]

    yield make
    for one in made:
        one.close()


@pytest.fixture(autouse=True)
def pushes_sent_at_once(monkeypatch):
    """Pushes sent in the call that asks for them, so that a test reads what was sent right
    after the change that called for it. The embedded default sends them from a thread
    (webpush.tasks.send_later): its own tests take `push_threads`."""
    from webpush import delivering, tasks

    def at_once(message_ids: list[int]) -> None:
        for message_id in message_ids:
            delivering.send_one(message_id)

    monkeypatch.setattr(tasks, "send_later", at_once)


@pytest.fixture
def push_threads(monkeypatch, pushes_sent_at_once):
    """Pushes sent as the embedded default sends them, from threads; each has ended (by the
    push deadline, at most) before the test's database is emptied."""
    from common import embedded_threads
    from webpush import tasks

    monkeypatch.setattr(tasks, "send_later", real_send_later)
    yield
    deadline = time.monotonic() + 15
    while embedded_threads.running(tasks.THREAD_PREFIX) and time.monotonic() < deadline:
        time.sleep(0.05)


@pytest.fixture(scope="session")
def vapid_key() -> str:
    return new_private_key()


@pytest.fixture
def push_settings(settings, vapid_key):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = vapid_key
    settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES = True  # the fake push service is on loopback
    settings.WEBPUSH_DEADLINE_SECONDS = 1
    return settings


def subscribe(player, service: PushService, browser: Browser | None = None) -> Browser:
    browser = browser or Browser()
    endpoint = f"{service.url}{os.urandom(4).hex()}"  # one per browser, as push services do
    response = player.post("/api/v1/me/push/devices/", {"endpoint": endpoint, "keys": browser.keys})
    assert response.status_code == 201, response.content
    return browser


def vapid_key_of(headers: dict) -> str:
    """The `k=` of a VAPID Authorization header."""
    scheme, _, params = headers["Authorization"].partition(" ")
    assert scheme == "vapid"
    return dict(part.split("=", 1) for part in params.split(","))["k"]


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
