"""The real parts: a Celery worker process, Redis, PostgreSQL and an SMTP server on loopback.

These tests need PostgreSQL (the worker shares the test database, which SQLite's in-memory
test database cannot) and Redis. Outside CI they skip with the reason; with CI=true they fail.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import NoReturn

import pytest
from aiosmtpd.controller import Controller
from django.conf import settings
from django.db import connection

from tests.players import (  # noqa: F401
    anonymous,
    fast_password_hashing,
    make_player,
)

ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/integration/" in str(item.fspath):
            item.add_marker(pytest.mark.real_worker)


def _unavailable() -> str | None:
    if connection.vendor != "postgresql":
        return "needs PostgreSQL: set DATABASE_URL=postgres://postgres@127.0.0.1:5432/khora_it"
    if not settings.REDIS_URL:
        return "needs Redis: set REDIS_URL=redis://127.0.0.1:6379/0"
    try:
        import redis

        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as error:
        return f"cannot reach Redis at {settings.REDIS_URL}: {error}"
    return None


def missing(reason: str) -> NoReturn:
    """A part this test needs is not here: skip, but fail under CI=true (where .ci/run
    provides every part)."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true but this integration test {reason}")
    pytest.skip(reason)


@pytest.fixture
def real_parts(transactional_db):
    reason = _unavailable()
    if reason:
        missing(reason)


@pytest.fixture
def nginx_binary() -> str:
    """Debian's nginx (.ci/run installs it), for the tests of deploy/nginx/."""
    binary = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if binary is None:
        missing("needs nginx: apt-get install nginx (Debian's package; .ci/run installs it)")
    return binary


class SmtpSink:
    """An SMTP server on loopback that keeps every message it receives."""

    def __init__(self):
        self.messages: list = []
        self.port = _free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's hook name
        from email import message_from_bytes, policy

        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def start(self) -> None:
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()


@pytest.fixture
def smtp(real_parts):
    sink = SmtpSink()
    sink.start()
    yield sink
    sink.stop()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url() -> str:
    db = connection.settings_dict
    user = db.get("USER") or "postgres"
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return f"postgres://{user}@{host}:{port}/{db['NAME']}"


class Worker:
    """A `celery worker` process on the test database, the broker and the SMTP sink."""

    def __init__(self, smtp_port: int, extra_env: dict[str, str], log_path: Path, args: list[str]):
        self.log_path = log_path
        self.args = args
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "khora_site.settings",
            "DATABASE_URL": database_url(),
            "REDIS_URL": settings.REDIS_URL,
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(smtp_port),
            "SITE_URL": settings.SITE_URL,
            **extra_env,
        }
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "khora_site", "worker", "--pool=prefork",
             "--concurrency=1", "--without-heartbeat", "--without-gossip", "--without-mingle",
             "--loglevel=INFO", *self.args],
            cwd=ROOT,
            env=self.env,
            stdout=self.log_path.open("a"),  # a file, not a pipe: a full pipe would block it
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, so kill() takes the pool too
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.process.poll() is None:
            if "ready." in self.log():
                return
            time.sleep(0.1)
        raise RuntimeError(f"the Celery worker did not start:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text() if self.log_path.exists() else ""

    def kill(self) -> None:
        """SIGKILL to the worker and its pool: no cleanup, no acknowledgement, as when a
        machine dies."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def start_worker(smtp, tmp_path):
    from khora_site.celery import app

    app.control.purge()
    workers: list[Worker] = []

    def start(
        *, queues: str | None = None, beat: bool = False, concurrency: int = 1, **extra_env: str
    ) -> Worker:
        """A worker on `queues` (default: all), with the beat inside it when `beat`, and
        `concurrency` pool processes (the last --concurrency given is the one Celery takes)."""
        number = len(workers)
        args = ["--queues", queues] if queues else []
        if concurrency != 1:
            args.append(f"--concurrency={concurrency}")
        if beat:
            args += ["--beat", "--schedule", str(tmp_path / f"beat-{number}")]
        worker = Worker(smtp.port, extra_env, tmp_path / f"worker-{number}.log", args)
        worker.start()
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        worker.stop()


def wait_for(predicate, timeout: float = 30.0, interval: float = 0.1):
    """Poll until `predicate()` is truthy; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {predicate.__name__}")


@pytest.fixture
def tasks_in_this_process():
    """Chance and advances run in this process (the integration tests otherwise send tasks to a
    real worker, and none runs here): each commit then publishes its notice at once."""
    from khora_site.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous
