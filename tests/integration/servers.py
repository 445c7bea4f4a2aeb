"""The stream server (uvicorn) as a process of its own, on the test database and Redis, for
the integration tests that need the production way of serving streams."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings

from tests.integration.conftest import ROOT, database_url

# As docs/operations.md runs a stream process.
GRACEFUL_SECONDS = 5


def accepts(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
        return True
    except OSError:
        return False


class StreamProcess:
    """One `uvicorn khora_site.asgi:application` process, on the test database and Redis."""

    def __init__(
        self, name: str, port: int, log_path: Path, extra_env: dict[str, str] | None = None
    ):
        self.name = name
        self.port = port
        self.log_path = log_path
        self.env = {
            **os.environ,  # CACHE_KEY_PREFIX of this run (tests/conftest.py): the same channels
            "DJANGO_SETTINGS_MODULE": "khora_site.settings",
            "DATABASE_URL": database_url(),
            "REDIS_URL": settings.REDIS_URL,
            "SITE_URL": settings.SITE_URL,
            **(extra_env or {}),
        }
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        with self.log_path.open("a") as log:
            log.write(f"--- start {self.starts} of {self.name} ---\n")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "khora_site.asgi:application",
             "--host", "127.0.0.1", "--port", str(self.port), "--workers", "1",
             "--timeout-graceful-shutdown", str(GRACEFUL_SECONDS)],
            cwd=ROOT,
            env=self.env,
            stdout=self.log_path.open("a"),  # a file, not a pipe: a full pipe would block it
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip

    def wait_until_accepting(self, timeout: float = 60) -> float:
        """Until it accepts connections (uvicorn imports the application before it listens);
        returns how long that took."""
        began = time.monotonic()
        while time.monotonic() - began < timeout:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"uvicorn {self.name} exited ({self.process.returncode}) while starting"
                )
            if accepts(self.port):
                return time.monotonic() - began
            time.sleep(0.05)
        raise RuntimeError(f"uvicorn {self.name} did not accept connections in {timeout} s")

    def terminate(self) -> float:
        """SIGTERM, as a service manager stops it; returns once it has exited, with how long
        that took."""
        began = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=GRACEFUL_SECONDS + 30)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"uvicorn {self.name} did not exit after SIGTERM") from None
        return time.monotonic() - began

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
