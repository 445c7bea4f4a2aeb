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


class PushService:
    """Records every POST (headers, encrypted body) and answers with `script` in turn (the
    last answer repeats); "hang" answers nothing for `hang_seconds`."""

    def __init__(self, script: list):
        self.script = list(script)
        self.requests: list[tuple[dict[str, str], bytes]] = []
        self.hang_seconds = 2.0
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                service.requests.append((dict(self.headers.items()), body))
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
