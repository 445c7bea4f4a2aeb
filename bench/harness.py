"""What the server benchmarks share: their own PostgreSQL database, Django set up on it, a
gunicorn server or Celery workers to measure, an SMTP sink, the machine's description, the
table and the JSON file.

Benchmarks use their own database (dropped and created anew each run) and their own Redis
database, so they never touch the data of the tests or of a running server.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).parent / "results"
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/khora_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/3"


def bench_environment(database_url: str, redis_url: str) -> dict[str, str]:
    """Production-like settings for the benchmark's server and its own process.

    Debugging off (Django then keeps no query log); plain http on loopback, since TLS belongs to
    the proxy in front of a real deployment; a secret made for this run only.
    """
    return {
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "DJANGO_DEBUG": "false",
        "DJANGO_HTTPS_ONLY": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
        "LOG_LEVEL": "WARNING",
    }


def recreate_database(database_url: str) -> None:
    """Drop and create the benchmark's database, refusing any name without "bench" in it."""
    import dj_database_url
    import psycopg

    config = dj_database_url.parse(database_url)
    name = config["NAME"]
    if "bench" not in name:
        sys.exit(f"Refusing to recreate {name!r}: a benchmark database's name contains 'bench'.")
    admin = psycopg.connect(
        host=config["HOST"] or None,
        port=config["PORT"] or None,
        user=config["USER"] or None,
        password=config["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    )
    with admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')


def flush_redis(redis_url: str) -> None:
    """Empty the benchmark's Redis database: tasks the server enqueued have no worker here."""
    import redis

    redis.Redis.from_url(redis_url).flushdb()


def setup_django(env: dict[str, str], migrate: bool = True) -> None:
    os.environ.update(env)
    import django

    django.setup()
    if migrate:
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)


class Gunicorn:
    """A gunicorn server on loopback, started and stopped by the benchmark."""

    def __init__(self, env: dict[str, str], port: int, workers: int):
        self.url = f"http://127.0.0.1:{port}"
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "khora_site.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--log-level",
            "warning",
        ]
        self.process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env})

    def wait_until_ready(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                sys.exit(
                    "gunicorn stopped during start-up (is it installed? pip install -e .[prod])"
                )
            try:
                probe = urllib.request.Request(
                    self.url + "/bench/bare-decisions/", method="OPTIONS"
                )
                urllib.request.urlopen(probe, timeout=2)
                return
            except urllib.error.HTTPError:
                return  # any HTTP answer means the workers are serving
            except OSError:
                time.sleep(0.2)
        self.stop()
        sys.exit(f"gunicorn did not answer on {self.url} within {timeout:.0f} s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def __enter__(self) -> Gunicorn:
        self.wait_until_ready()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


class CeleryWorker:
    """`celery worker` processes (prefork) on the benchmark's database and Redis, started and
    stopped by the benchmark, sending mail to `smtp_port` (see SmtpSink)."""

    def __init__(self, env: dict[str, str], smtp_port: int, concurrency: int = 1):
        self.log_path = Path(tempfile.mkstemp(prefix="bench-worker-", suffix=".log")[1])
        worker_env = {
            **os.environ,
            **env,
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(smtp_port),
        }
        command = [
            sys.executable, "-m", "celery", "-A", "khora_site", "worker", "--pool=prefork",
            f"--concurrency={concurrency}", "--without-heartbeat", "--without-gossip",
            "--without-mingle", "--loglevel=INFO",  # INFO: its "ready." line says it serves
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=worker_env,
            stdout=self.log_path.open("a"),  # a file, not a pipe: a full pipe would block it
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, so stop() reaches the pool too
        )

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_until_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                sys.exit(f"the Celery worker stopped during start-up:\n{self.log()}")
            if "ready." in self.log():
                return
            time.sleep(0.1)
        self.stop()
        sys.exit(f"the Celery worker was not ready within {timeout:.0f} s:\n{self.log()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)

    def __enter__(self) -> CeleryWorker:
        self.wait_until_ready()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


class SmtpSink:
    """An SMTP server on loopback (aiosmtpd, in a thread of this process) that accepts every
    message, so the workers' sends succeed; it keeps only when each one arrived."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.arrivals: list[float] = []  # time.perf_counter() at each message's end of DATA
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's hook name
        self.arrivals.append(time.perf_counter())
        return "250 OK"

    def __enter__(self) -> SmtpSink:
        self.controller.start()
        return self

    def __exit__(self, *exc) -> None:
        self.controller.stop()


def machine() -> dict[str, object]:
    return {
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "system": platform.system(),
        "cpus": os.cpu_count(),
        "cpu_model": _cpu_model(),
    }


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def latency_ms(seconds: list[float]) -> dict[str, float | int]:
    """p50/p90/p99/max/mean in milliseconds (nearest-rank percentiles, as bench.load)."""
    ordered = sorted(seconds)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)

    return {
        "samples": len(ordered),
        "p50": at(0.50),
        "p90": at(0.90),
        "p99": at(0.99),
        "max": round(ordered[-1] * 1000, 2),
        "mean": round(sum(ordered) / len(ordered) * 1000, 2),
    }


def print_table(header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]
    for index, row in enumerate([header, *rows]):
        cells = [
            str(cell).ljust(w) if i == 0 else str(cell).rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        print("  ".join(cells))
        if index == 0:
            print("  ".join("-" * w for w in widths))


def write_results(name: str, result: dict) -> Path:
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(result, indent=2, default=str) + "\n")
    return path


def cpu_seconds(*, command_has: str = "", command_starts: str = "") -> dict[int, float]:
    """CPU time (user + system, seconds) used so far by each process (by pid) whose command
    line contains `command_has` or starts with `command_starts` (Linux /proc). Taken before
    and after a round, the per-pid differences say where that round's work went; a process
    that ended during the round is not counted (see `cpu_used`)."""
    used = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as file:
                command = file.read().replace(b"\0", b" ").decode(errors="replace")
            if not (
                (command_has and command_has in command)
                or (command_starts and command.startswith(command_starts))
            ):
                continue
            with open(f"/proc/{pid}/stat") as file:
                fields = file.read().rsplit(")", 1)[1].split()
            used[int(pid)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            continue  # the process ended meanwhile
    return used


def cpu_used(before: dict[int, float], after: dict[int, float]) -> float:
    """Seconds of CPU between two `cpu_seconds` readings, over the processes alive at the
    second (a process started in between counts from zero)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())
