"""Advance latency: from the last submission of a step to the next step's email row, written by
a real Celery worker, against a no-op task's round trip through the same worker and Redis.

    python -m bench.advance_latency [--samples 250] [--games 16] [--concurrency 1]

Needs PostgreSQL and Redis (see bench/README.md). One `celery worker` process (prefork) runs on
the benchmark's database and Redis and sends its mail to an SMTP sink on loopback in this
process, so sends succeed as they would in production. The games are 4-seat, every seat a
human. This process plays them in-process (tasks eager) up to a decision that hands the game to
the server: the only seat still asked answers, and the engine then needs chance (the end of the
draft or of a round: dice, an event, a draw). That one submission is measured:

- real: `decisions_submit` commits (so `Game.needs_advance` is True and `advance_game` is
  enqueued on commit); the worker samples chance, opens the next step and writes its
  "your turn" email rows, all in one transaction. Measured from the submission's commit to the
  commit of the first email row.
- reference: an empty transaction whose commit enqueues `write_reference_row`, a task that
  inserts one small row (bench/bare/tasks.py). Measured from that commit to the row's commit.

The two take turns, sample by sample, so drift hits both alike. Each sample starts with the
worker idle (the previous sample's emails sent). Commits are seen through PostgreSQL
LISTEN/NOTIFY: AFTER triggers, installed in the benchmark's database only, notify when an email
row is inserted, when a game stops needing an advance, and when a reference row is inserted; a
thread of this process holds the LISTEN connection and timestamps each notice as it arrives
(NOTIFY is delivered at commit, and nothing polls the database). The start is marked by an
on_commit callback registered before the submission's own (which enqueue the task), so the
publish to Redis is inside the measured time.

Prints p50/p90/p99/max of both and their ratios (targets: real p50 ≤ 50 ms, p99 ≤ 500 ms), and
also when the first email reached the SMTP sink; writes bench/results/advance_latency.json.
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import threading
import time
from dataclasses import dataclass

from bench.harness import (
    DEFAULT_DATABASE_URL,
    DEFAULT_REDIS_URL,
    CeleryWorker,
    SmtpSink,
    bench_environment,
    flush_redis,
    latency_ms,
    machine,
    print_table,
    recreate_database,
    setup_django,
    write_results,
)

TARGET_P50_MS = 50
TARGET_P99_MS = 500
SEATS = 4
CHANNEL = "bench"
WAIT = 30  # seconds before a sample counts as lost


class Listener(threading.Thread):
    """LISTENs on its own connection and queues (arrival time, payload) for every NOTIFY."""

    def __init__(self, database_url: str):
        import psycopg

        super().__init__(daemon=True)
        self.connection = psycopg.connect(database_url, autocommit=True)
        self.connection.execute(f"LISTEN {CHANNEL}")
        self.notices: queue.Queue[tuple[float, str]] = queue.Queue()
        self.running = True

    def run(self) -> None:
        while self.running:
            for notice in self.connection.notifies(timeout=0.2):
                self.notices.put((time.perf_counter(), notice.payload))

    def drain(self) -> None:
        while not self.notices.empty():
            self.notices.get_nowait()

    def next(self) -> tuple[float, str]:
        try:
            return self.notices.get(timeout=WAIT)
        except queue.Empty:
            raise SystemExit(f"no commit seen within {WAIT} s: is the worker running?") from None

    def stop(self) -> None:
        self.running = False
        self.join()
        self.connection.close()


def install_triggers() -> None:
    """NOTIFY on the commits the benchmark waits for (this database only, never a migration)."""
    from django.db import connection

    from bench.bare.models import BareDecision
    from games.models import Game
    from notifications.models import Notification

    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            CREATE FUNCTION bench_notify() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                -- The row's id too: identical payloads in one transaction arrive only once.
                PERFORM pg_notify('{CHANNEL}', concat_ws(' ',
                    TG_ARGV[0], to_jsonb(NEW) ->> TG_ARGV[1], to_jsonb(NEW) ->> 'id'));
                RETURN NEW;
            END $$;
            CREATE TRIGGER bench_email AFTER INSERT ON {Notification._meta.db_table}
                FOR EACH ROW EXECUTE FUNCTION bench_notify('email', 'game_id');
            CREATE TRIGGER bench_advanced AFTER UPDATE ON {Game._meta.db_table}
                FOR EACH ROW WHEN (OLD.needs_advance AND NOT NEW.needs_advance)
                EXECUTE FUNCTION bench_notify('advanced', 'id');
            CREATE TRIGGER bench_reference AFTER INSERT ON {BareDecision._meta.db_table}
                FOR EACH ROW EXECUTE FUNCTION bench_notify('reference', 'prompt');
            """
        )


@dataclass
class Armed:
    """A game whose next submission (this seat's answer) hands it to the server."""

    game: object
    user: object
    prompt: str
    option: str


class Games:
    """4-seat all-human games, played in-process up to their next hand-over to the server."""

    def __init__(self, count: int, rng: random.Random):
        self.rng = rng
        self.users = [_player(f"adv{n}") for n in range(SEATS)]
        self.games = [self._new_game() for _ in range(count)]
        self.made = count

    def armed(self) -> list[Armed]:
        """Each game played up to its next hand-over; finished games are replaced."""
        result = []
        for index, game in enumerate(self.games):
            armed = self._arm(game)
            while armed is None:  # the game ended before another hand-over
                self.games[index] = game = self._new_game()
                self.made += 1
                armed = self._arm(game)
            result.append(armed)
        return result

    def _new_game(self):
        from games import services

        game = services.game_create(
            creator=self.users[0], game_type="khora", seats=SEATS, options={}, step_hours=48
        )
        for user in self.users[1:]:  # the last join starts it; the eager advance deals
            game = services.game_join(public_id=game.public_id, user=user)
        return game

    def _arm(self, game) -> Armed | None:
        from games import services
        from games.models import Game
        from games.write.state_store import engine_game, load_state

        while True:
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                return None
            rules, state = engine_game(game), load_state(game)
            pending = list(rules.pending(state).items())
            users = {seat.position: seat.user for seat in game.seats.select_related("user")}
            if len(pending) == 1:  # the last seat asked: does one of its answers hand over?
                seat, prompt = pending[0]
                for option in self.rng.sample(prompt.options, len(prompt.options)):
                    after = rules.apply(state, rules.decide(state, seat, prompt.id, option.id))
                    if not rules.is_over(after) and rules.needs_chance(after):
                        return Armed(game, users[seat], prompt.id, option.id)
            seat, prompt = self.rng.choice(pending)
            services.decisions_submit(
                public_id=game.public_id,
                user=users[seat],
                decisions=[services.DecisionInput(prompt.id, self.rng.choice(prompt.options).id)],
            )


def _player(username: str):
    from django.contrib.auth import get_user_model

    from accounts.models import Profile

    user = get_user_model().objects.create_user(username=username, email=f"{username}@example.com")
    Profile.objects.create(user=user)
    return user


class Sampler:
    """Measures one sample of each kind; runs tasks through the worker only while it does."""

    def __init__(self, listener: Listener, sink: SmtpSink):
        self.listener = listener
        self.sink = sink
        self.real: list[float] = []  # commit → first email row committed
        self.delivered: list[float] = []  # commit → first email at the SMTP sink
        self.reference: list[float] = []  # commit → reference row committed
        self.emails_per_sample: list[int] = []
        self.no_email = 0  # advances that opened a step without writing an email

    def real_sample(self, armed: Armed, keep: bool) -> bool:
        """Submit the hand-over and wait for the worker; True if the sample was kept."""
        from django.db import transaction

        from games import services
        from notifications.models import Notification

        self.listener.drain()
        arrivals_before = len(self.sink.arrivals)
        began: list[float] = []
        with _through_worker(), transaction.atomic():
            # Registered before the submission's own callbacks, so it runs first at commit.
            transaction.on_commit(lambda: began.append(time.perf_counter()))
            body = services.decisions_submit(
                public_id=armed.game.public_id,
                user=armed.user,
                decisions=[services.DecisionInput(armed.prompt, armed.option)],
            ).body
        if not body["advancing"]:
            raise SystemExit(f"game {armed.game.public_id}: the submission did not need a worker")
        first_email, emails = None, 0
        while True:
            arrived, payload = self.listener.next()
            if payload.startswith(f"email {armed.game.pk} "):
                first_email = first_email or arrived
                emails += 1
            elif payload.startswith(f"advanced {armed.game.pk} "):
                break  # same transaction as the emails, notified after them
        # Wait for the worker to send them all, so the next sample finds it idle.
        pending = Notification.objects.filter(game=armed.game, status=Notification.Status.PENDING)
        deadline = time.monotonic() + WAIT
        while pending.exists() or len(self.sink.arrivals) < arrivals_before + emails:
            if time.monotonic() > deadline:
                raise SystemExit(f"game {armed.game.public_id}: emails not sent in {WAIT} s")
            time.sleep(0.002)
        if first_email is None:  # e.g. a draw for the submitter: nobody else is asked
            self.no_email += 1
            return False
        if keep:
            self.real.append(first_email - began[0])
            self.delivered.append(self.sink.arrivals[arrivals_before] - began[0])
            self.emails_per_sample.append(emails)
        return keep

    def reference_sample(self, token: str, keep: bool) -> None:
        from django.db import transaction

        from bench.bare.tasks import write_reference_row

        self.listener.drain()
        began: list[float] = []
        with _through_worker(), transaction.atomic():
            transaction.on_commit(lambda: began.append(time.perf_counter()))
            transaction.on_commit(lambda: write_reference_row.delay(token))
        while True:
            arrived, payload = self.listener.next()
            if payload.startswith(f"reference {token} "):
                break
        if keep:
            self.reference.append(arrived - began[0])


class _through_worker:
    """Send tasks to the worker through Redis instead of running them in this process."""

    def __enter__(self):
        from khora_site.celery import app

        app.conf.task_always_eager = False

    def __exit__(self, *exc):
        from khora_site.celery import app

        app.conf.task_always_eager = True


def measure(args) -> dict:
    env = bench_environment(args.database_url, args.redis_url)
    recreate_database(args.database_url)
    flush_redis(args.redis_url)
    # This process prepares the games with tasks eager (in-process) and its mail in memory; the
    # worker gets the real settings and the SMTP sink.
    setup_django(
        {
            **env,
            "CELERY_TASK_ALWAYS_EAGER": "true",
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        }
    )
    install_triggers()
    rng = random.Random(args.seed)
    games = Games(args.games, rng)
    listener = Listener(args.database_url)
    listener.start()
    with SmtpSink() as sink, CeleryWorker(env, sink.port, args.concurrency) as worker:
        sampler = Sampler(listener, sink)
        taken = 0
        while len(sampler.real) < args.samples:
            for armed in games.armed():
                warm = taken >= args.warmup  # the first ones warm the worker's connections
                kept = sampler.real_sample(armed, warm)
                sampler.reference_sample(f"ref{taken}", kept)  # in pairs, so counts match
                taken += 1
                if len(sampler.real) >= args.samples:
                    break
        task_runtimes = _task_runtimes(worker.log())
    listener.stop()
    in_process = advance_in_process(games, args.in_process)
    flush_redis(args.redis_url)

    real = latency_ms(sampler.real)
    reference = latency_ms(sampler.reference)
    return {
        "benchmark": "advance_latency",
        "machine": machine(),
        "worker": f"celery prefork, concurrency {args.concurrency}, PostgreSQL, Redis, SMTP sink",
        "seen_by": "LISTEN/NOTIFY from AFTER triggers (no polling)",
        "seats_per_game": SEATS,
        "games_made": games.made,
        "warmup_samples": args.warmup,
        "advances_without_email": sampler.no_email,
        "emails_per_advance": latency_summary_count(sampler.emails_per_sample),
        "real_commit_to_email_row_ms": real,
        "real_commit_to_smtp_ms": latency_ms(sampler.delivered),
        "reference_commit_to_row_ms": reference,
        "worker_task_runtime_ms": task_runtimes,
        "advance_in_process": in_process,
        "ratio_p50": round(real["p50"] / reference["p50"], 2),
        "ratio_p99": round(real["p99"] / reference["p99"], 2),
        "target_ms": {"p50": TARGET_P50_MS, "p99": TARGET_P99_MS},
    }


def _task_runtimes(log: str) -> dict[str, dict]:
    """Each task's own runtime, from the worker's "Task x[id] succeeded in 0.0123s" lines: the
    rest of a sample's latency is the broker hop and the worker picking the task up."""
    import re

    runtimes: dict[str, list[float]] = {}
    for name, seconds in re.findall(r"Task ([\w.]+)\[[^\]]+\] succeeded in ([\d.e-]+)s", log):
        runtimes.setdefault(name.rsplit(".", 1)[-1], []).append(float(seconds))
    return {name: latency_ms(values) for name, values in sorted(runtimes.items())}


def advance_in_process(games: Games, count: int) -> dict:
    """The advance alone, in this process, one hand-over at a time: time and SQL statements.

    The worker is gone; the submission's task goes to Redis, where nobody takes it, and this
    process runs the same service the task would."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games import services
    from games.workers.advancing import game_advance

    seconds, statements = [], []
    while len(seconds) < count:
        for armed in games.armed():
            with _through_worker():
                services.decisions_submit(
                    public_id=armed.game.public_id,
                    user=armed.user,
                    decisions=[services.DecisionInput(armed.prompt, armed.option)],
                )
            # Not eager: the emails' sends are published to Redis, as the worker does.
            with _through_worker(), CaptureQueriesContext(connection) as captured:
                began = time.perf_counter()
                if not game_advance(armed.game.pk):
                    raise SystemExit(f"game {armed.game.public_id}: nothing to advance")
                seconds.append(time.perf_counter() - began)
            statements.append(len(captured))
    return {
        "advances": len(seconds),
        "median_ms": round(sorted(seconds)[len(seconds) // 2] * 1000, 2),
        "sql_statements_median": sorted(statements)[len(statements) // 2],
    }


def latency_summary_count(counts: list[int]) -> dict[str, float]:
    return {"mean": round(sum(counts) / len(counts), 2), "max": max(counts)}


def report(result: dict) -> None:
    header = ["from commit to", "samples", "p50 ms", "p90 ms", "p99 ms", "max ms", "mean ms"]
    rows = []
    for key, label in (
        ("real_commit_to_email_row_ms", "email row (worker advanced)"),
        ("reference_commit_to_row_ms", "reference row (no-op task)"),
        ("real_commit_to_smtp_ms", "first email at the SMTP sink"),
    ):
        f = result[key]
        rows.append([label, f["samples"], f["p50"], f["p90"], f["p99"], f["max"], f["mean"]])
    print(f"\nAdvance latency: {result['worker']}; seen by {result['seen_by']}")
    print_table(header, rows)
    real, target = result["real_commit_to_email_row_ms"], result["target_ms"]
    verdict = "meets" if real["p50"] <= target["p50"] and real["p99"] <= target["p99"] else "misses"
    print(
        f"\nratio real/reference: p50 {result['ratio_p50']:.2f}, p99 {result['ratio_p99']:.2f}; "
        f"real {verdict} the targets (p50 ≤ {target['p50']} ms, p99 ≤ {target['p99']} ms). "
        f"Emails per advance: {result['emails_per_advance']['mean']}; advances without an "
        f"email (not counted): {result['advances_without_email']}."
    )
    runtimes = result["worker_task_runtime_ms"]
    print(
        "task runtime in the worker (its log), p50/p99 ms: "
        + ", ".join(f"{name} {f['p50']}/{f['p99']}" for name, f in runtimes.items())
    )
    alone = result["advance_in_process"]
    print(
        f"advance alone, in-process ({alone['advances']} hand-overs): median "
        f"{alone['median_ms']} ms, {alone['sql_statements_median']} SQL statements"
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=250, help="measured samples of each kind")
    parser.add_argument("--warmup", type=int, default=10, help="unmeasured samples first")
    parser.add_argument("--games", type=int, default=16, help="games played side by side")
    parser.add_argument("--concurrency", type=int, default=1, help="the worker's processes")
    parser.add_argument(
        "--in-process", type=int, default=50, help="advances timed in-process afterwards"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the options played")
    parser.add_argument(
        "--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL)
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    args = parser.parse_args(argv)
    result = measure(args)
    report(result)
    print(f"\nwrote {write_results('advance_latency', result)}")


if __name__ == "__main__":
    main()
