"""The production layout of deploy/systemd/, run without systemd: each unit's ExecStart line
(and its Environment= lines), as the unit file says it, with the machine's paths put in.

What is adapted, and nothing else: the virtual environment's bin/ for /srv/khora/.venv/bin/,
the checkout for /srv/khora, a temporary directory for /run/khora and /var/lib/khora, free
ports of loopback for the production ports (a template's instance `%i` is its port), and the
mail receiver's public address for loopback. On this two-core machine the pools are made
smaller (`--workers 1`, `--concurrency 1`), which changes how many processes serve, not how.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.integration.conftest import ROOT
from tests.integration.servers import accepts

UNITS = ROOT / "deploy" / "systemd"
VENV_BIN = "/srv/khora/.venv/bin/"


def unit_lines(name: str) -> tuple[str, list[str]]:
    """(ExecStart, [Environment=...]) of a unit file, continuation lines joined."""
    text = re.sub(r"\\\n\s*", " ", (UNITS / name).read_text())
    [start] = re.findall(r"^ExecStart=(.+)$", text, flags=re.MULTILINE)
    return start, re.findall(r"^Environment=(.+)$", text, flags=re.MULTILINE)


def adapted(name: str, instance: str, tmp: Path, ports: dict[str, int]) -> tuple[list, dict]:
    """The command and extra environment of unit `name` (instance `instance`) on this machine."""
    start, environment = unit_lines(name)
    places = {
        "%i": instance,
        "%H": "layout",
        "/run/khora": str(tmp / "run"),
        "/var/lib/khora": str(tmp / "state"),
        "/srv/khora": str(ROOT),
    }
    argv = []
    for word in shlex.split(start):
        if word.startswith(VENV_BIN):
            word = str(Path(sys.executable).parent / word.removeprefix(VENV_BIN))
        for production, here in places.items():
            word = word.replace(production, here)
        argv.append(word)
    if argv[0].endswith("/python") and argv[0] != sys.executable:
        argv[0] = sys.executable
    for option, value in {"--workers": "1", "--concurrency": "1"}.items():
        if option in argv:
            argv[argv.index(option) + 1] = value
    if "receive_mail" in argv:
        argv[argv.index("--host") + 1] = "127.0.0.1"
        argv[argv.index("--port") + 1] = str(ports["mail"])
    env = {}
    for line in environment:
        key, _, value = line.partition("=")
        for production, here in places.items():
            value = value.replace(production, here)
        env[key] = value
    return argv, env


class Unit:
    """One unit's process: started as its ExecStart says, stopped as systemd stops it (SIGTERM
    to the main process: KillMode=mixed, then whatever is left of its group)."""

    def __init__(self, label: str, argv: list[str], env: dict, log: Path, ready, cwd=ROOT):
        self.label = label
        self.argv = argv
        self.env = env
        self.log_path = log
        self.ready = ready  # (unit) -> bool
        self.cwd = cwd
        self.process: subprocess.Popen | None = None
        self.starts = 0
        self.log_from = 0

    def command(self) -> list[str]:
        """What is run: the unit's ExecStart (the multi-host harness prefixes its host)."""
        return self.argv

    def start(self) -> None:
        self.starts += 1
        self.log_from = self.log_path.stat().st_size if self.log_path.exists() else 0
        self.process = subprocess.Popen(
            self.command(),
            cwd=self.cwd,
            env=self.env,
            stdout=self.log_path.open("a"),  # a file, not a pipe: a full pipe would block it
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def new_log(self) -> str:
        with self.log_path.open(errors="replace") as log:
            log.seek(self.log_from)
            return log.read()

    def wait_ready(self, timeout: float = 60) -> float:
        began = time.monotonic()
        while time.monotonic() - began < timeout:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.label} exited while starting:\n{self.new_log()[-3000:]}")
            if self.ready(self):
                return time.monotonic() - began
            time.sleep(0.1)
        raise RuntimeError(f"{self.label} not ready in {timeout} s:\n{self.new_log()[-3000:]}")

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, timeout: float = 60) -> float:
        began = time.monotonic()
        if not self.running:
            return 0.0
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=timeout)
        finally:
            self.kill()  # what KillMode=mixed ends after the main process: its leftovers
        return time.monotonic() - began

    def kill(self) -> None:
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        if self.process.poll() is None:
            self.process.wait(timeout=10)


def listening(port: int):
    return lambda unit: accepts(port)


def logged(text: str):
    return lambda unit: text in unit.new_log()
