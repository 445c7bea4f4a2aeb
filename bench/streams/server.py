"""The uvicorn process whose streams are measured, and the environment it runs with."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.harness import ROOT

# Parts A and B measure what streams cost, not who is refused one: no limit may refuse them.
LIMITS_OFF = {
    "STREAM_LIMIT_PER_ADDRESS": "0",
    "STREAM_LIMIT_PER_USER": "0",
    "STREAM_LIMIT_PER_PROCESS": "0",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def uvicorn_env(env: dict, args, part: dict[str, str]) -> dict[str, str]:
    """The server's environment: the bench's, errors only in its log (each 429 would log a
    warning), the part's own settings, then `--server-env`."""
    return {**env, "LOG_LEVEL": "ERROR", **part, **args.server_env}


class Uvicorn:
    """One uvicorn process serving khora_site.asgi on loopback, started and stopped here."""

    def __init__(self, env: dict[str, str]):
        self.port = free_port()
        self.env = env
        # A file, not a pipe (a full pipe would stop the server): read back by `log_summary`.
        self.log_path = Path(tempfile.mkstemp(prefix="bench-uvicorn-", suffix=".log")[1])
        log = self.log_path.open("a")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "khora_site.asgi:application",
             "--port", str(self.port), "--log-level", "warning", "--backlog", "4096",
             "--timeout-graceful-shutdown", "3"],
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=log,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        log.close()
        self.pid = self.process.pid

    def __enter__(self) -> Uvicorn:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                sys.exit(
                    "uvicorn stopped during start-up (is it installed? pip install -e .[prod])"
                )
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                connection.request("GET", "/favicon.ico")  # a redirect: Django serves
                connection.getresponse().read()
                connection.close()
                return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        sys.exit("uvicorn did not answer within 30 s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def __exit__(self, *exc) -> None:
        self.stop()

    def log_summary(self) -> dict:
        """What the server logged: its lines counted by their first words, a few examples of
        each kind (Django logs every 4xx answer as a warning: "Too Many Requests: /api/...")."""
        lines = self.log_path.read_text(errors="replace").splitlines()
        kinds: Counter = Counter()
        examples: dict[str, list[str]] = {}
        for line in lines:
            kind = line.split(":", 1)[0][:60] if ":" in line else line[:60]
            kinds[kind] += 1
            if len(examples.setdefault(kind, [])) < 2:
                examples[kind].append(line[:300])
        return {
            "file": str(self.log_path),
            "lines": len(lines),
            "kinds": dict(kinds.most_common(12)),
            "examples": {kind: examples[kind] for kind, _count in kinds.most_common(12)},
        }
