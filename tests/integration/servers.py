"""The production layout on loopback, for the integration tests that need it: the stream server
(uvicorn) and the web server (gunicorn) as processes of their own, on the test database and
Redis, and nginx in front of them with the shipped deploy/nginx/ configuration."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings

from tests.integration.conftest import ROOT, _free_port, database_url

# As docs/operations.md runs a stream process.
GRACEFUL_SECONDS = 5
DEPLOY = ROOT / "deploy" / "nginx"


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


def established(port: int) -> int:
    """Open TCP connections accepted on `port` of 127.0.0.1 (Linux's /proc/net/tcp): the
    streams nginx holds open to the stream process listening there."""
    count = 0
    with open("/proc/net/tcp") as table:
        next(table)
        for line in table:
            fields = line.split()
            local, state = fields[1], fields[3]
            if state == "01" and int(local.rsplit(":", 1)[1], 16) == port:  # ESTABLISHED
                count += 1
    return count


# -- the web server -------------------------------------------------------------------------------


class WebProcess(StreamProcess):
    """`gunicorn khora_site.wsgi:application` as docs/operations.md runs it (fewer workers), on
    the test database and Redis; its tasks go to the broker, for a real worker."""

    def __init__(self, port: int, log_path: Path, workers: int = 2):
        super().__init__("web", port, log_path, {"CELERY_TASK_ALWAYS_EAGER": "false"})
        self.workers = workers

    def start(self) -> None:
        self.starts += 1
        with self.log_path.open("a") as log:
            log.write(f"--- start {self.starts} of gunicorn ---\n")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "khora_site.wsgi:application",
             "--bind", f"127.0.0.1:{self.port}", "--workers", str(self.workers)],
            cwd=ROOT,
            env=self.env,
            stdout=self.log_path.open("a"),  # a file, not a pipe: a full pipe would block it
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: kill() takes its workers too
        )  # fmt: skip


# -- nginx ----------------------------------------------------------------------------------------


def upstreams_with_ports(web: int | list[int], streams: list[int]) -> str:
    """deploy/nginx/khora-upstreams.conf with these ports in place of the production ones (one
    web port stands for both web instances)."""
    text = (DEPLOY / "khora-upstreams.conf").read_text()
    webs = web if isinstance(web, list) else [web, web]
    production = {
        "127.0.0.1:8000": webs[0],
        "127.0.0.1:8003": webs[1],
        "127.0.0.1:8001": streams[0],
        "127.0.0.1:8002": streams[1],
    }
    for address, port in production.items():
        assert text.count(f"server {address} ") + text.count(f"server {address};") == 1, (
            f"deploy/nginx/khora-upstreams.conf no longer has one `server {address}`: "
            "update this test with it"
        )
        text = re.sub(rf"\b{re.escape(address)}\b", f"127.0.0.1:{port}", text)
    return text


class Proxy:
    """nginx in the foreground on a port of loopback: the shipped locations, verbatim, in a
    server {} of its own configuration, everything it writes in `directory`."""

    def __init__(
        self, binary: str, directory: Path, web_port: int | list[int], stream_ports: list[int]
    ):
        self.binary = binary
        self.directory = directory
        self.port = _free_port()
        directory.mkdir()
        upstreams = upstreams_with_ports(web_port, stream_ports)
        (directory / "khora-upstreams.conf").write_text(upstreams)
        temp = "\n".join(
            f"    {kind}_temp_path {directory}/{kind}_temp;"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        self.config = directory / "nginx.conf"
        self.config.write_text(f"""\
daemon off;
pid {directory}/nginx.pid;
error_log {directory}/error.log info;
# Two workers, as `worker_processes auto` gives on any machine with two cores or more: the
# upstreams' state is then shared between workers only through the zone.
worker_processes 2;
worker_shutdown_timeout 5s;

events {{
    worker_connections 256;
}}

http {{
    log_format khora '$status $request_method $request_uri '
                     'upstream=$upstream_addr upstream_status=$upstream_status';
    access_log {directory}/access.log khora;
{temp}
    include {directory}/khora-upstreams.conf;

    server {{
        listen 127.0.0.1:{self.port};
        include {DEPLOY}/khora-locations.conf;
    }}
}}
""")
        self.process: subprocess.Popen | None = None

    def command(self, *args: str) -> list[str]:
        return [self.binary, "-p", str(self.directory), "-c", str(self.config),
                "-e", str(self.directory / "error.log"), *args]  # fmt: skip

    def check(self) -> None:
        tested = subprocess.run(self.command("-t"), capture_output=True, text=True, timeout=30)
        assert tested.returncode == 0, f"nginx -t refused the configuration:\n{tested.stderr}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            self.command(),
            stdout=(self.directory / "stdout.log").open("a"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while not accepts(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("nginx did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        """A graceful stop (SIGQUIT): the workers finish and log their requests."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGQUIT)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def read(self, name: str) -> str:
        path = self.directory / name
        return path.read_text(errors="replace") if path.exists() else ""

    def statuses(self) -> list[tuple[str, str]]:
        """(status, the whole line) of every request in the access log."""
        return [(line.split(" ", 1)[0], line) for line in self.read("access.log").splitlines()]
