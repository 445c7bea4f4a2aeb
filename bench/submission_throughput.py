"""Submission throughput: the real decision endpoint against a bare DRF insert, same server.

    python -m bench.submission_throughput [--seconds 10] [--rounds 3] [--workers 5]

Needs PostgreSQL and Redis (see bench/README.md) and gunicorn (`pip install -e ".[prod]"`).
One gunicorn server (bench.settings: the product plus the bare endpoint) runs on PostgreSQL
with debugging off; a closed-loop load generator in this process keeps the same number of
connections busy against each endpoint in turn, alternating rounds so drift hits both alike:

- real: `POST /api/v1/games/{id}/decisions/` with a Bearer token and a fresh Idempotency-Key.
  Every request is an accepted decision: it answers an open prompt of a 4-player game (every
  seat a human) with a random legal option, taken from a pool of open prompts made ahead
  through the real services (see PromptPool).
- bare: `POST /bench/bare-decisions/`, same JSON body, validated by a ModelSerializer and
  inserted as one row; no authentication.

Prints a table with requests/s and latency for both, the ratio (target ≥ 0.3, issue 14; 0.5
the stretch) and, measured in this process without HTTP, the SQL queries and time each request
costs; writes
bench/results/submission.json. `--profile` also prints where a real submission spends its time.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import math
import os
import pstats
import random
import statistics
import threading
import time
import uuid
from collections import deque
from dataclasses import dataclass

from bench import load
from bench.harness import (
    DEFAULT_DATABASE_URL,
    DEFAULT_REDIS_URL,
    RESULTS,
    Gunicorn,
    bench_environment,
    cpu_seconds,
    cpu_used,
    flush_redis,
    machine,
    print_table,
    recreate_database,
    setup_django,
    write_results,
)

TARGET_RATIO = 0.3  # issue 14 (fast paths); 0.5 is its stretch
SEATS = 4
PLAYERS = 64  # the users seated in the benchmark's games, four to a game in rotation


@dataclass
class OpenPrompt:
    """A prompt waiting for one seat of one game, and the token of the player in that seat."""

    game_id: str
    token: str
    prompt: dict


class PromptPool:
    """Open prompts of started games, made and advanced through the real services.

    Every seat is a human, so a request carries one decision and nothing a bot would add. A
    source answers a prompt, then the next prompt the response gives it, if any; otherwise it
    takes another open prompt. Between rounds the games played are advanced (where the server
    leaves chance to a worker) and their new open prompts collected.
    """

    def __init__(self, contend: bool = False):
        self.queue: deque[OpenPrompt] = deque()
        self.contend = contend
        self.in_play: set[str] = set()  # games a connection is playing now
        self.lock = threading.Lock()
        self.played: set[str] = set()
        self.games_made = 0
        self.games_finished = 0
        self.players: list[tuple[object, str]] = []

    def take(self) -> OpenPrompt | None:
        """The next open prompt; unless `contend`, of a game no other connection is playing
        (a site's load is many games, whose players seldom answer in the same millisecond),
        else simply the next (connections then often queue on one game's lock)."""
        with self.lock:
            for index, entry in enumerate(self.queue):
                if self.contend or entry.game_id not in self.in_play:
                    del self.queue[index]
                    self.in_play.add(entry.game_id)
                    return entry
            return None

    def release(self, game_id: str) -> None:
        with self.lock:
            self.in_play.discard(game_id)

    def give_back(self, entry: OpenPrompt) -> None:
        with self.lock:
            self.queue.appendleft(entry)
            self.in_play.discard(entry.game_id)

    def note_played(self, game_id: str) -> None:
        with self.lock:
            self.played.add(game_id)

    def fill(self, count: int) -> None:
        """Collect the new prompts of the games played, then start games until `count` wait."""
        from games.models import Game

        played, self.played = self.played, set()
        queued = {(entry.game_id, entry.prompt["id"]) for entry in self.queue}
        for game in Game.objects.filter(public_id__in=played):
            self._advance(game)
            for entry in self._open_prompts(game):
                if (entry.game_id, entry.prompt["id"]) not in queued:
                    self.queue.append(entry)
        while len(self.queue) < count:
            self.queue.extend(self._open_prompts(self._new_game()))

    def _new_game(self):
        from games import services

        if not self.players:
            self.players = [_player(f"bench{number}") for number in range(PLAYERS)]
        first = self.games_made * SEATS % PLAYERS
        users = [self.players[(first + seat) % PLAYERS][0] for seat in range(SEATS)]
        game = services.game_create(
            creator=users[0], game_type="khora", seats=SEATS, options={}, step_hours=48
        )
        for user in users[1:]:  # the last join fills the lobby, which starts the game
            services.game_join(public_id=game.public_id, user=user)
        self.games_made += 1
        game.refresh_from_db()
        return game

    def _open_prompts(self, game) -> list[OpenPrompt]:
        from games import selectors

        tokens = dict(self.players)
        entries = []
        for seat in game.seats.exclude(pending_prompt="").select_related("user"):
            prompt = selectors.game_prompt(game, seat.user)
            if prompt is not None:
                slim = {"id": prompt["id"], "options": prompt["options"]}
                entries.append(OpenPrompt(game.public_id, tokens[seat.user], slim))
        return entries

    def _advance(self, game) -> None:
        try:
            from games.workers.advancing import game_advance
        except ImportError:  # this server samples chance inside the submission itself
            return
        game_advance(game.pk)
        game.refresh_from_db()


def _player(username: str):
    from django.contrib.auth import get_user_model
    from knox.models import AuthToken

    from accounts.models import Profile

    user = get_user_model().objects.create_user(username=username, email=f"{username}@example.com")
    Profile.objects.create(user=user)
    _, token = AuthToken.objects.create(user)
    return user, token


class DecisionSource:
    """Answers open prompts with random legal options, following each response's next prompt."""

    def __init__(self, pool: PromptPool, rng: random.Random):
        self.pool = pool
        self.rng = rng
        self.current: OpenPrompt | None = None

    def next(self) -> load.Request | None:
        if self.current is None:
            self.current = self.pool.take()
            if self.current is None:
                return None
            self.pool.note_played(self.current.game_id)
        option = self.rng.choice(self.current.prompt["options"])["id"]
        return load.Request(
            path=f"/api/v1/games/{self.current.game_id}/decisions/",
            body=json.dumps({"prompt": self.current.prompt["id"], "option": option}).encode(),
            headers={
                "Authorization": f"Bearer {self.current.token}",
                "Content-Type": "application/json",
                "Idempotency-Key": str(uuid.uuid4()),
            },
        )

    def answered(self, status: int, body: bytes) -> None:
        if status != 200:
            self._leave()  # a refused decision: drop this prompt rather than repeat it
            return
        answer = json.loads(body)
        if answer["status"] == "finished":
            self.pool.games_finished += 1
        if answer["prompt"] is None:
            self._leave()
        else:
            self.current.prompt = answer["prompt"]

    def _leave(self) -> None:
        self.pool.release(self.current.game_id)
        self.current = None

    def stop(self) -> None:
        if self.current is not None:
            self.pool.give_back(self.current)
            self.current = None


class BareSource:
    """The same body to the bare endpoint, every time."""

    REQUEST = load.Request(
        path="/bench/bare-decisions/",
        body=json.dumps({"prompt": "p12", "option": "card:bank"}).encode(),
        headers={"Content-Type": "application/json"},
    )

    def next(self) -> load.Request:
        return self.REQUEST

    def answered(self, status: int, body: bytes) -> None:
        pass

    def stop(self) -> None:
        pass


def measure(args) -> dict:
    env = bench_environment(args.database_url, args.redis_url)
    recreate_database(args.database_url)
    flush_redis(args.redis_url)
    # This process makes and advances the games; it runs tasks in-process, while the server
    # only enqueues them (to its own Redis database, where no worker takes them).
    setup_django({**env, "CELERY_TASK_ALWAYS_EAGER": "true"})
    pool = PromptPool(contend=args.contend)
    rng = random.Random(args.seed)
    pool.fill(args.connections * 2)
    rounds = {"bare": [], "real": []}
    cpu = {"bare": [], "real": []}  # per measured round: CPU ms per request, by process
    # Said outright: setup_django put this process's CELERY_TASK_ALWAYS_EAGER into os.environ,
    # which the server inherits, and an eager server would advance games (chance, bots) and
    # write emails inside the requests measured (it did, in the figures before 2026-11-23).
    server_env = {**env, "CELERY_TASK_ALWAYS_EAGER": "false"}
    with Gunicorn(server_env, args.port, args.workers) as server:

        def bare_round(seconds):
            sources = [BareSource() for _ in range(args.connections)]
            return _with_cpu(cpu["bare"], lambda: load.run(server.url, sources, seconds))

        def real_round(seconds, expected_per_s):
            # Each request answers one open prompt, so a round needs as many as it will send.
            pool.fill(math.ceil(1.5 * expected_per_s * seconds) + 2 * args.connections)
            sources = [
                DecisionSource(pool, random.Random(rng.random())) for _ in range(args.connections)
            ]
            return _with_cpu(cpu["real"], lambda: load.run(server.url, sources, seconds))

        warm = bare_round(args.warmup)
        # No real figure yet: guess a quarter of the bare rate; a short pool shows as "ran dry".
        expected = real_round(args.warmup, warm.per_second / 4).per_second
        cpu["bare"].clear()
        cpu["real"].clear()
        for _ in range(args.rounds):
            rounds["bare"].append(bare_round(args.seconds))
            rounds["real"].append(real_round(args.seconds, expected))
            expected = max(expected, rounds["real"][-1].per_second)
    in_process = per_request_cost(pool, rng, args.profile)
    flush_redis(args.redis_url)

    bare = _combined(rounds["bare"])
    real = _combined(rounds["real"])
    return {
        "benchmark": "submission_throughput",
        "machine": machine(),
        "server": f"gunicorn, {args.workers} sync workers, PostgreSQL, Redis; DEBUG off",
        "connections": args.connections,
        "dealing": "game order (connections contend)" if args.contend else "a game per connection",
        "seconds_per_round": args.seconds,
        "rounds": args.rounds,
        "seats_per_game": SEATS,
        "games_made": pool.games_made,
        "games_finished": pool.games_finished,
        "bare": bare.summary(),
        "real": real.summary(),
        "ratio": round(real.per_second / bare.per_second, 3),
        "ratio_per_round": [
            round(r.per_second / b.per_second, 3)
            for b, r in zip(rounds["bare"], rounds["real"], strict=True)
        ],
        "target_ratio": TARGET_RATIO,
        "in_process": in_process,
        "cpu_ms_per_request": {
            name: {part: round(statistics.fmean(r[part] for r in rows), 2) for part in rows[0]}
            for name, rows in cpu.items()
        },
    }


def _with_cpu(samples: list[dict], run_round) -> load.LoadResult:
    """Run a round and note the CPU each request cost the server, the database and this
    process (the load generator): on two shared cores they take turns, so a request's CPU
    is what limits the rate."""
    before = _cpu_now()
    result = run_round()
    after = _cpu_now()
    count = max(len(result.latencies), 1)
    samples.append(
        {
            "gunicorn": cpu_used(before["gunicorn"], after["gunicorn"]) * 1000 / count,
            "postgres": cpu_used(before["postgres"], after["postgres"]) * 1000 / count,
            "load generator": (after["load generator"] - before["load generator"]) * 1000 / count,
        }
    )
    return result


def _cpu_now() -> dict:
    return {
        "gunicorn": cpu_seconds(command_has="gunicorn"),
        "postgres": cpu_seconds(command_starts="postgres:"),
        "load generator": time.process_time(),
    }


def per_request_cost(pool: PromptPool, rng: random.Random, profile: bool) -> dict:
    """SQL queries and time per request through Django's test client: no HTTP, one at a time."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from khora_site.celery import app

    pool.fill(250)
    app.conf.task_always_eager = False  # enqueue like the server does
    client = Client()
    samples = {"bare": [], "real": []}
    queries = {"bare": [], "real": []}
    profiler = cProfile.Profile() if profile else None
    source = DecisionSource(pool, rng)
    emailing = 0  # real requests that wrote at least one email (or queued one to be written)
    for _ in range(200):
        for name in ("bare", "real"):
            request = BareSource.REQUEST if name == "bare" else source.next()
            headers = {k: v for k, v in request.headers.items() if k != "Content-Type"}
            outbox = _emails_written() if name == "real" else 0
            with CaptureQueriesContext(connection) as captured:
                if profiler and name == "real":
                    profiler.enable()
                began = time.perf_counter()
                response = client.post(
                    request.path, request.body, content_type="application/json", headers=headers
                )
                samples[name].append(time.perf_counter() - began)
                if profiler and name == "real":
                    profiler.disable()
            queries[name].append(len(captured))
            if name == "real":
                source.answered(response.status_code, response.content)
                emailing += _emails_written() > outbox
            elif response.status_code != 201:
                raise SystemExit(f"bare endpoint answered {response.status_code}")
    source.stop()
    app.conf.task_always_eager = True
    if profiler:
        RESULTS.mkdir(exist_ok=True)
        profiler.dump_stats(RESULTS / "submission.prof")
        print("\nWhere a real submission spends its time (in-process, cumulative):")
        stats = pstats.Stats(profiler).sort_stats("cumulative")
        stats.print_stats(r"games/|engine/|knox/|json/|pickle|psycopg/cursor", 40)
        print("Where it spends its own time (every module, by own time):")
        stats.sort_stats("tottime").print_stats(30)
    costs = {
        name: {
            "median_ms": round(statistics.median(samples[name]) * 1000, 2),
            "mean_ms": round(statistics.fmean(samples[name]) * 1000, 2),
            "p90_ms": round(statistics.quantiles(samples[name], n=10)[-1] * 1000, 2),
            "sql_queries_median": statistics.median(queries[name]),
        }
        for name in samples
    }
    costs["real"]["share_writing_email"] = round(emailing / len(samples["real"]), 2)
    return costs


def _emails_written() -> int:
    """Outbox rows and the asks queued for the email worker to write (notifications.asking)."""
    from notifications.models import Notification

    try:
        from games.models import PendingAsk
    except ImportError:  # code from before 2026-11-23, run with this bench: emails only
        return Notification.objects.count()
    return Notification.objects.count() + PendingAsk.objects.count()


def _combined(results: list[load.LoadResult]) -> load.LoadResult:
    merged = load.LoadResult(seconds=0.0)
    for result in results:
        merged = merged.merge(result)
    return merged


def report(result: dict) -> None:
    header = [
        "endpoint",
        "requests/s",
        "p50 ms",
        "p90 ms",
        "p99 ms",
        "requests",
        "non-2xx",
        "SQL/req",
        "in-process ms (p50/mean/p90)",
    ]
    rows = []
    for name, label in (("real", "real decision"), ("bare", "bare DRF insert")):
        figures = result[name]
        latency = figures["latency_ms"]
        failed = sum(n for code, n in figures["statuses"].items() if not code.startswith("2"))
        cost = result["in_process"][name]
        rows.append(
            [
                label,
                f"{figures['requests_per_s']:.0f}",
                latency["p50"],
                latency["p90"],
                latency["p99"],
                figures["requests"],
                failed,
                cost["sql_queries_median"],
                f"{cost['median_ms']} / {cost.get('mean_ms')} / {cost.get('p90_ms')}",
            ]
        )
    print(
        f"\nSubmission throughput: {result['server']}, {result['connections']} connections "
        f"({result['dealing']}), {result['rounds']} × {result['seconds_per_round']} s per "
        "endpoint, alternating"
    )
    print_table(header, rows)
    verdict = "meets" if result["ratio"] >= TARGET_RATIO else "misses"
    print(
        f"\nratio real/bare: {result['ratio']:.2f} ({verdict} the target ≥ {TARGET_RATIO}); "
        f"per round: {', '.join(f'{r:.2f}' for r in result['ratio_per_round'])}"
    )
    for name in ("real", "bare"):
        parts = result["cpu_ms_per_request"][name]
        print(f"CPU per {name} request: " + ", ".join(f"{k} {v} ms" for k, v in parts.items()))
    share = result["in_process"]["real"].get("share_writing_email")
    if share is not None:
        print(f"in-process real decisions that wrote an email: {share:.0%}")
    for name in ("real", "bare"):
        if result[name]["first_error"]:
            print(f"first error ({name}): {result[name]['first_error']}")
        if result[name]["sources_dry"]:
            print(f"warning: {result[name]['sources_dry']} connection(s) ran out of games")


def main(argv=None) -> None:
    cpus = os.cpu_count() or 1
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10, help="length of one round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per endpoint")
    parser.add_argument("--warmup", type=float, default=3, help="seconds per endpoint, unmeasured")
    parser.add_argument("--workers", type=int, default=2 * cpus + 1, help="gunicorn workers")
    parser.add_argument("--connections", type=int, default=0, help="default: 2 per worker")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--seed", type=int, default=1, help="seeds the options the client picks")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of submissions")
    parser.add_argument(
        "--contend",
        action="store_true",
        help="deal prompts in game order, so connections often wait on one game's lock "
        "(the bench before 2026-11-23); by default each connection plays a game of its own",
    )
    parser.add_argument(
        "--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL)
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    args = parser.parse_args(argv)
    args.connections = args.connections or 2 * args.workers
    result = measure(args)
    report(result)
    print(f"\nwrote {write_results('submission', result)}")


if __name__ == "__main__":
    main()
