"""Event streams: 1,000 open streams on one uvicorn process, and commit-to-event latency.

    python -m bench.streams [--streams 1000] [--decisions 200] [--database-url ...]

Needs PostgreSQL and Redis (see bench/README.md), and uvicorn (the prod extra). It starts one
uvicorn process serving khora_site.asgi (the production way, beside gunicorn), then:

1. opens `--streams` spectator streams over 50 games (raw HTTP/1.1 on asyncio sockets, in a
   thread of this process) and reads the server's resident memory and CPU time (from /proc)
   before and after, and over `--idle` seconds of the open streams' heartbeats;
2. with those streams still open, commits `--decisions` decisions in a 2-player game through
   the services (as a request would), and times each commit to the moment the stream of a
   player of that game receives the entry with that commit's last seq (p50/p99).

The reference, in the same run: a bare Redis pub/sub round trip (publish → a subscriber in
this process receives), the floor under any commit-to-event path through Redis.
Writes bench/results/streams.json.
"""

from __future__ import annotations

import argparse
import os
import random
import selectors
import socket
import subprocess
import sys
import threading
import time

from bench.harness import (
    ROOT,
    bench_environment,
    flush_redis,
    latency_ms,
    machine,
    print_table,
    recreate_database,
    setup_django,
    write_results,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/khora_bench_streams"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/3"
PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def process_figures(pid: int) -> tuple[float, float]:
    """(resident MB, CPU seconds so far) of a process."""
    with open(f"/proc/{pid}/statm") as statm:
        resident_pages = int(statm.read().split()[1])
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime
    return resident_pages * PAGE / 2**20, cpu


class Streams:
    """Many streams held open by one thread reading every socket through a selector; it
    records when the watched stream receives each entry's id.

    Plain non-blocking sockets rather than asyncio streams: an earlier asyncio client of this
    benchmark received each response's headers and then nothing more, while a plain socket
    sending the same bytes to the same server read the events at once."""

    def __init__(self, port: int):
        self.port = port
        self.opened = 0
        self.failed = 0
        self.arrivals: dict[int, float] = {}  # seq → when the watched stream received it
        self.received_bytes = 0
        self._selector = selectors.DefaultSelector()
        self._lock = threading.Lock()
        self._watched: socket.socket | None = None
        self._pending = b""  # the watched stream's unfinished line
        threading.Thread(target=self._read_forever, daemon=True).start()

    def open(self, paths: list[str], headers: str = "") -> None:
        for path in paths:
            self._open(path, headers)

    def watch(self, path: str, headers: str) -> None:
        self._open(path, headers, watch=True)

    def _open(self, path: str, headers: str, watch: bool = False) -> None:
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n".encode())
            status = sock.recv(12)  # "HTTP/1.1 200"
            if not status.endswith(b"200"):
                raise OSError(status)
        except OSError as refused:
            print(f"refused: {refused!r}", flush=True)
            self.failed += 1
            return
        sock.setblocking(False)
        with self._lock:
            if watch:
                self._watched = sock
            self._selector.register(sock, selectors.EVENT_READ)
        if not watch:
            self.opened += 1

    def _read_forever(self) -> None:
        while True:
            with self._lock:
                ready = self._selector.select(timeout=0) if self._selector.get_map() else []
            if not ready:
                time.sleep(0.0002)
                continue
            for key, _ in ready:
                sock = key.fileobj
                try:
                    data = sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    with self._lock:
                        self._selector.unregister(sock)
                    sock.close()
                    continue
                self.received_bytes += len(data)
                if sock is self._watched:
                    self._note_ids(data, time.perf_counter())

    def _note_ids(self, data: bytes, moment: float) -> None:
        *lines, self._pending = (self._pending + data).split(b"\n")
        for line in lines:
            if line.startswith(b"id: "):
                self.arrivals[int(line[4:].strip())] = moment


def redis_round_trips(redis_url: str, count: int) -> list[float]:
    import redis

    client = redis.Redis.from_url(redis_url)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe("bench:ping")
    pubsub.get_message(timeout=1)
    times = []
    for _ in range(count):
        started = time.perf_counter()
        client.publish("bench:ping", "x")
        while pubsub.get_message(timeout=5) is None:
            pass
        times.append(time.perf_counter() - started)
        time.sleep(0.01)
    return times


def games_for(players, count: int):
    from games import services

    made = []
    for _ in range(count):
        game = services.game_create(
            creator=players[0], game_type="khora", seats=2, options={}, step_hours=48
        )
        services.game_join(public_id=game.public_id, user=players[1])
        made.append(game)
    return made


def commit_latencies(game, users, streams: Streams, decisions: int, seed: int) -> list[float]:
    from django.db import transaction

    from games import selectors, services

    rng = random.Random(seed)
    latencies = []
    while len(latencies) < decisions:
        game.refresh_from_db()
        if game.status != "active":
            break
        for user in users:
            prompt = selectors.game_prompt(game, user)
            if prompt is None:
                continue
            committed: dict[str, float] = {}
            with transaction.atomic():  # ours is the outer commit: our callback runs first
                transaction.on_commit(
                    lambda moment=committed: moment.setdefault("at", time.perf_counter())
                )
                body = services.decisions_submit(
                    public_id=game.public_id,
                    user=user,
                    decisions=[
                        services.DecisionInput(
                            prompt=prompt["id"], option=rng.choice(prompt["options"])["id"]
                        )
                    ],
                ).body
            seq = body["last_seq"]
            deadline = time.perf_counter() + 10
            while seq not in streams.arrivals and time.perf_counter() < deadline:
                time.sleep(0.0005)
            if seq in streams.arrivals:
                latencies.append(streams.arrivals[seq] - committed["at"])
            time.sleep(0.02)
            break
    return latencies


def measure(args) -> dict:
    env = bench_environment(args.database_url, args.redis_url)
    env["CELERY_TASK_ALWAYS_EAGER"] = "true"  # chance is sampled in this process
    env["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
    env["STREAM_HEARTBEAT_SECONDS"] = "15"
    recreate_database(args.database_url)
    flush_redis(args.redis_url)
    setup_django(env)
    from django.contrib.auth import get_user_model
    from knox.models import AuthToken

    from accounts.models import Profile

    users = []
    for name in ("ada", "bea"):
        user = get_user_model().objects.create_user(name, f"{name}@example.com", "bench")
        Profile.objects.create(user=user)
        users.append(user)
    games = games_for(users, 50)
    _, token = AuthToken.objects.create(users[0])

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "khora_site.asgi:application", "--port", str(port),
         "--log-level", "warning", "--backlog", "2048", "--timeout-graceful-shutdown", "3"],
        cwd=ROOT,
        env={**os.environ, **env},
    )  # fmt: skip
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        time.sleep(1)
        rss_before, cpu_before = process_figures(server.pid)
        streams = Streams(port)
        paths = [
            f"/api/v1/games/{games[i % len(games)].public_id}/stream/" for i in range(args.streams)
        ]
        began = time.perf_counter()
        streams.open(paths)
        print(f"streams open: {streams.opened}, failed: {streams.failed}", flush=True)
        open_seconds = time.perf_counter() - began
        time.sleep(2)
        rss_open, cpu_open = process_figures(server.pid)
        time.sleep(args.idle)
        rss_idle, cpu_idle = process_figures(server.pid)
        watched = games[0]
        streams.watch(
            f"/api/v1/games/{watched.public_id}/stream/", f"Authorization: Bearer {token}\r\n"
        )
        time.sleep(0.5)
        latencies = commit_latencies(watched, users, streams, args.decisions, args.seed)
        rss_end, cpu_end = process_figures(server.pid)
        reference = redis_round_trips(args.redis_url, args.decisions)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return {
        "benchmark": "streams",
        "machine": machine(),
        "streams": {"asked": args.streams, "opened": streams.opened, "failed": streams.failed},
        "open_seconds": round(open_seconds, 2),
        "server_rss_mb": {
            "before": round(rss_before, 1),
            "streams_open": round(rss_open, 1),
            "after_idle": round(rss_idle, 1),
            "end": round(rss_end, 1),
        },
        "kb_per_stream": round((rss_open - rss_before) * 1024 / max(1, streams.opened), 1),
        "server_cpu_seconds": {
            "opening": round(cpu_open - cpu_before, 2),
            "idle_window": round(cpu_idle - cpu_open, 2),
            "idle_seconds": args.idle,
            "latency_phase": round(cpu_end - cpu_idle, 2),
        },
        "idle_cpu_percent": round((cpu_idle - cpu_open) / args.idle * 100, 2),
        "commit_to_event_ms": latency_ms(latencies) if latencies else None,
        "redis_round_trip_ms": latency_ms(reference),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--idle", type=float, default=30.0, help="seconds of open, idle streams")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url", default=os.environ.get("BENCH_STREAMS_DATABASE_URL", DEFAULT_DATABASE_URL)
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    args = parser.parse_args(argv)
    result = measure(args)
    latency, floor = result["commit_to_event_ms"] or {}, result["redis_round_trip_ms"]
    print_table(
        ["figure", "measured"],
        [
            ["streams open / asked", f"{result['streams']['opened']} / {args.streams}"],
            ["opening them took", f"{result['open_seconds']} s"],
            ["server memory before → open", f"{result['server_rss_mb']['before']} → "
             f"{result['server_rss_mb']['streams_open']} MB ({result['kb_per_stream']} kB/stream)"],
            ["server CPU idle with them open", f"{result['idle_cpu_percent']} % of a core"],
            ["commit → event p50 / p99", f"{latency.get('p50')} / {latency.get('p99')} ms"],
            ["Redis pub/sub round trip p50 / p99", f"{floor['p50']} / {floor['p99']} ms"],
        ],
    )  # fmt: skip
    print(f"written to {write_results('streams', result)}")


if __name__ == "__main__":
    main()
