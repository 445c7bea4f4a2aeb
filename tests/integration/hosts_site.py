"""The site laid out on several hosts (tests/integration/hosts.py) as docs/operations.md
"Scaling out" describes it: a database host (PostgreSQL, Redis), two web hosts (gunicorn), two
stream hosts (uvicorn), two worker hosts (a games worker and an email worker on each), a beat
host and a load-balancer host (nginx with deploy/nginx/). Every server process is started from
its systemd unit's ExecStart line (tests/integration/layout.py adapts the paths), bound to its
host's address instead of loopback; the clients (and the SMTP sink) are on the root namespace's
host. `Site` also does the faults: restarts, a host killed, a link cut.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from tests.integration import layout
from tests.integration.hosts import Network, Process, postgres_cluster
from tests.integration.servers import DEPLOY

ROOT = Path(__file__).resolve().parents[2]
HOSTS = ["db", "web1", "web2", "stream1", "stream2", "worker1", "worker2", "beat", "lb"]
WEB_PORT, STREAM_PORT = 8000, 8001


@dataclass
class Tuning:
    """What the harness sets that production would not (each one says why)."""

    # Deadlines the harness makes due fire within a run: the beat's tick this often.
    tick_seconds: int = 10
    # A task a killed worker held comes back after this (and the restore interval): it must be
    # shorter than the sweep's, so that redelivery, not the sweep, is what moves a game on.
    visibility_timeout: int = 4
    restore_interval: int = 1
    # The sweep's production defaults.
    sweep_seconds: int = 4
    stuck_seconds: int = 8
    # PostgreSQL ends a session idle in a transaction this long (0: never, its default). A
    # host that dies mid-transaction sends nothing more, and its session would hold the
    # game's row lock until the host is back or TCP gives up (hours): docs/operations.md.
    idle_in_transaction_seconds: int = 10
    ack_early: bool = False  # the planted fault (hosts_celery.py)
    extra: dict[str, str] = field(default_factory=dict)


def http_get(address: str, port: int, path: str, timeout: float = 5) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection(address, port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def ready_on(address: str, port: int):
    def ready(process) -> bool:
        try:
            return http_get(address, port, "/health/ready/")[0] == 200
        except OSError:
            return False

    return ready


def logged(text: str):
    return lambda process: text in process.new_log()


class Site:
    def __init__(self, tmp: Path, nginx: str, tuning: Tuning):
        self.tmp = tmp
        self.nginx_binary = nginx
        self.tuning = tuning
        self.network = Network(HOSTS)
        self.processes: dict[str, Process] = {}
        self.timeline: list[str] = []
        self.began = time.monotonic()
        net = self.network
        self.database_url = f"postgres://postgres@{net.address('db')}:5432/khora"
        self.redis_url = f"redis://{net.address('redis')}:6379/0"
        self.public = f"http://{net.address('lb')}"
        self.nginx_directory = tmp / "nginx"
        self.due_steps: list[tuple[int, int]] = []  # (step, game) the harness made due
        self.healed_at = 0.0  # when the last fault ended (monotonic)
        self.calm = (0.0, 0.0)  # the load before the first fault (wall clock)
        self.cluster: Path | None = None

    def note(self, text: str) -> None:
        self.timeline.append(f"{time.monotonic() - self.began:6.1f} s  {text}")

    # -- building ------------------------------------------------------------------------------

    def start_database(self) -> None:
        net = self.network
        # Its own directory in /tmp, which the postgres OS user can reach (a test's tmp_path
        # is root's alone); removed by close().
        self.cluster = Path(tempfile.mkdtemp(prefix="khora-hosts-"))
        self.cluster.chmod(0o755)
        argv = postgres_cluster(self.cluster / "postgres", f"{net.prefix}.0/24")
        idle = self.tuning.idle_in_transaction_seconds
        listen = ["-c", f"listen_addresses={net.address('db')}",
                  "-c", f"idle_in_transaction_session_timeout={idle}s"]  # fmt: skip
        self._add("postgres", "db", [*argv, *listen], dict(os.environ),
                  logged("ready to accept connections"), user="postgres")  # fmt: skip
        self._add("redis", "db", ["redis-server", "--bind", net.address("redis"), "--port", "6379",
                  "--save", "", "--appendonly", "no", "--protected-mode", "no"],
                  dict(os.environ), logged("Ready to accept connections"))  # fmt: skip
        for label in ("postgres", "redis"):
            self.processes[label].start()
            self.processes[label].wait_ready()
        for database, command in [
            ("postgres", "CREATE DATABASE khora"),
            ("khora", "CREATE EXTENSION pgrowlocks"),
        ]:  # the harness's
            subprocess.run(
                ["psql", "-h", net.address("db"), "-U", "postgres", "-d", database, "-c", command],
                check=True, capture_output=True, timeout=60,
            )  # fmt: skip

    def environment(self, smtp_port: int) -> dict[str, str]:
        net, tuning = self.network, self.tuning
        return {
            **{k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "REDIS_"))},
            "DJANGO_SETTINGS_MODULE": "khora_site.settings",
            "DJANGO_DEBUG": "false",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": net.address("lb"),
            "DJANGO_HTTPS_ONLY": "false",  # nginx listens on plain http here
            "DJANGO_TRUSTED_PROXIES": "1",
            "SITE_URL": self.public,
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            "CACHE_KEY_PREFIX": "",
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "EMAIL_HOST": net.client_address,
            "EMAIL_PORT": str(smtp_port),
            "LOG_FORMAT": "text",
            # Clients here answer at once: no "your turn" held back for active players.
            "NOTIFY_ACTIVE_MINUTES": "0",
            # A missed deadline takes the default, never starts a holiday (none is banked).
            "HOLIDAY_DAYS_PER_YEAR": "0",
            # Every client is on one host here, behind one address; out there they are not.
            "STREAM_LIMIT_PER_ADDRESS": "10000",
            "CELERY_VISIBILITY_TIMEOUT": str(tuning.visibility_timeout),
            "CELERY_RESTORE_INTERVAL": str(tuning.restore_interval),
            "GAME_SWEEP_SECONDS": str(tuning.sweep_seconds),
            "GAME_STUCK_SECONDS": str(tuning.stuck_seconds),
            "KHORA_HOSTS_TICK_SECONDS": str(tuning.tick_seconds),
            "KHORA_HOSTS_ACK_EARLY": "1" if tuning.ack_early else "0",
            "PYTHONUNBUFFERED": "1",
            **tuning.extra,
        }

    def setup_players(self, count: int, smtp_port: int) -> dict[str, str]:
        """Migrate the new database and make `count` players; their tokens by username."""
        done = subprocess.run(
            [sys.executable, "-m", "tests.integration.hosts_setup", str(count)],
            cwd=ROOT, env=self.environment(smtp_port), capture_output=True, text=True,
            timeout=300,
        )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"setting up the database failed:\n{done.stderr[-3000:]}")
        return json.loads(done.stdout.strip().splitlines()[-1])

    def start_servers(self, smtp_port: int) -> None:
        net = self.network
        base = self.environment(smtp_port)
        for host in ("web1", "web2"):
            self._unit(f"{host}/web", host, "khora-web@.service", WEB_PORT, base,
                       ready_on(net.address(host), WEB_PORT))  # fmt: skip
        for host in ("stream1", "stream2"):
            self._unit(f"{host}/streams", host, "khora-streams@.service", STREAM_PORT, base,
                       ready_on(net.address(host), STREAM_PORT))  # fmt: skip
        for host in ("worker1", "worker2"):
            for queue in ("games", "email"):
                self._unit(f"{host}/{queue}", host, f"khora-worker-{queue}.service", None, base,
                           logged("ready."))  # fmt: skip
        self._unit("beat/beat", "beat", "khora-beat.service", None, base, logged("beat: Starting"))
        self._nginx()
        labels = [label for label in self.processes if label not in ("postgres", "redis")]
        for label in labels:
            self.processes[label].start()
        for label in labels:
            self.note(f"{label} ready ({self.processes[label].wait_ready():.1f} s)")

    def _add(self, label, host, argv, env, ready, user=None) -> None:
        log = self.tmp / f"{label.replace('/', '-')}.log"
        env = env | {"PGAPPNAME": label}  # its connections, named in pg_stat_activity
        self.processes[label] = Process(label, self.network.namespace(host), argv, env, log,
                                        ready, cwd=ROOT, user=user)  # fmt: skip

    def _unit(self, label, host, unit, port, base, ready) -> None:
        """The unit's ExecStart on `host`: its address where the unit says 127.0.0.1, the
        harness's celery wrapper where it says celery."""
        address = self.network.address(host)
        directory = self.tmp / host
        (directory / "run" / "metrics").mkdir(parents=True, exist_ok=True)
        (directory / "state").mkdir(exist_ok=True)
        argv, env = layout.adapted(unit, str(port or ""), directory, {"mail": 0})
        argv = [word.replace("127.0.0.1", address) for word in argv]
        if "--forwarded-allow-ips" in argv:  # gunicorn trusts the load balancer's headers
            argv[argv.index("--forwarded-allow-ips") + 1] = self.network.address("lb")
        if Path(argv[0]).name == "celery":
            argv = [sys.executable, "-m", "tests.integration.hosts_celery", *argv[1:]]
        if "--hostname" in argv:  # as %H would be on a machine of its own
            argv[argv.index("--hostname") + 1] = argv[argv.index("--hostname") + 1].replace(
                "layout", host
            )
        self._add(label, host, argv, base | env, ready)

    def _nginx(self) -> None:
        """Debian's nginx on the load-balancer host: deploy/nginx/'s upstreams with the hosts'
        addresses for loopback's, its locations verbatim."""
        net = self.network
        directory = self.nginx_directory
        directory.mkdir()
        text = (DEPLOY / "khora-upstreams.conf").read_text()
        production = {
            "127.0.0.1:8000": f"{net.address('web1')}:{WEB_PORT}",
            "127.0.0.1:8003": f"{net.address('web2')}:{WEB_PORT}",
            "127.0.0.1:8001": f"{net.address('stream1')}:{STREAM_PORT}",
            "127.0.0.1:8002": f"{net.address('stream2')}:{STREAM_PORT}",
        }
        for loopback, there in production.items():
            assert text.count(f"server {loopback} ") == 1, f"no `server {loopback}` upstream"
            text = text.replace(f"server {loopback} ", f"server {there} ")
        (directory / "khora-upstreams.conf").write_text(text)
        temp = "\n".join(
            f"    {kind}_temp_path {directory}/{kind}_temp;"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        config = directory / "nginx.conf"
        config.write_text(f"""\
daemon off;
pid {directory}/nginx.pid;
error_log {directory}/error.log warn;
worker_processes 2;
worker_shutdown_timeout 5s;
events {{
    worker_connections 1024;
}}
http {{
    log_format khora '$status $request_method $request_uri upstream=$upstream_addr '
                     'upstream_status=$upstream_status';
    access_log {directory}/access.log khora;
{temp}
    include {directory}/khora-upstreams.conf;
    server {{
        listen {net.address("lb")}:80;
        include {DEPLOY}/khora-locations.conf;
    }}
}}
""")
        self.nginx_directory = directory
        argv = [self.nginx_binary, "-p", str(directory), "-c", str(config),
                "-e", str(directory / "error.log")]  # fmt: skip

        def listening(process) -> bool:
            try:
                http_get(net.address("lb"), 80, "/health/live/", timeout=2)
                return True
            except OSError:
                return False

        self._add("lb/nginx", "lb", argv, dict(os.environ), listening)

    # -- faults --------------------------------------------------------------------------------

    def restart(self, labels: list[str], down_seconds: float = 0.0) -> float:
        """`systemctl restart` of a host's processes: SIGTERM (waiting for each to exit), then
        start and wait until ready; `down_seconds` kept down between. Returns the time down."""
        began = time.monotonic()
        with ThreadPoolExecutor(len(labels)) as pool:  # a host's processes stop together
            list(pool.map(lambda label: self.processes[label].stop(), labels))
        time.sleep(down_seconds)
        for label in labels:
            self.processes[label].start()
        for label in labels:
            self.processes[label].wait_ready()
        took = time.monotonic() - began
        self.note(f"restarted {', '.join(labels)} (down {took:.1f} s)")
        return took

    def restart_together(self, groups: list[list[str]]) -> None:
        """Several hosts' restarts at once (each group one host's processes)."""
        with ThreadPoolExecutor(len(groups)) as pool:
            list(pool.map(self.restart, groups))

    def kill_host(self, host: str) -> None:
        """The machine dies: its link goes down and every process on it gets SIGKILL."""
        self.network.crash(host)
        for label, process in self.processes.items():
            if label.startswith(f"{host}/"):
                process.kill()  # reaps them (crash() has already killed them)
        self.note(f"{host} killed (link down, SIGKILL, its network stack gone)")

    def revive_host(self, host: str) -> None:
        self.network.boot(host)
        labels = [label for label in self.processes if label.startswith(f"{host}/")]
        for label in labels:
            self.processes[label].start()
        for label in labels:
            self.processes[label].wait_ready()
        self.note(f"{host} back (link up, processes ready)")

    # -- the end -------------------------------------------------------------------------------

    def access_log(self) -> list[str]:
        path = self.nginx_directory / "access.log"
        return path.read_text(errors="replace").splitlines() if path.exists() else []

    def report(self) -> str:
        parts = ["timeline:", *self.timeline]
        for label, process in self.processes.items():
            tail = process.log_path.read_text(errors="replace")[-2500:]
            parts += [f"--- {label} ---", tail]
        error_log = self.nginx_directory / "error.log"
        if error_log.exists():
            parts += ["--- nginx error.log ---", error_log.read_text(errors="replace")[-2500:]]
        return "\n".join(parts)

    def close(self) -> None:
        lb = self.processes.get("lb/nginx")
        if lb is not None and lb.running:
            lb.process.send_signal(3)  # SIGQUIT: a graceful stop, so the access log is whole
            with contextlib.suppress(subprocess.TimeoutExpired):
                lb.process.wait(timeout=10)
        for process in self.processes.values():
            process.kill()
        self.network.close()
        if self.cluster is not None:
            shutil.rmtree(self.cluster, ignore_errors=True)
