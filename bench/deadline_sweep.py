"""Deadline sweep: 10,000 active games, 1,000 of them past their step's deadline; the time to
claim and expire them all, against the time to claim them and only load their games.

    python -m bench.deadline_sweep [--games 10000] [--due 1000] [--workers 2]

Needs PostgreSQL and Redis (see bench/README.md). One 4-seat game (every seat a human) is made
and played through the services up to the first dice step of round 1, where every seat is
asked; `--answered` seats (default 2) have answered, the others are late; `--templates` such
games (10) are made, each dealt other cards and dice. Their rows (game, seats, event log,
snapshot, steps, emails already written) are then copied in SQL to make the other games, each
with a fresh public id, so every game is a copy of a valid, replayable game.
`--due` of them get a deadline in the past; the others' deadlines fall in the next 48 hours.

- sweep, in-process: the loop the minute tick runs (`advancing.due_steps` in batches of
  `games.workers.tasks.SWEEP_BATCH`, `advancing.step_expire` for each), repeated until nothing
  is due, in this process, as the worker running the tick would; tasks it enqueues (the emails'
  sends) go to Redis, where no worker takes them.
- sweep, N workers (`--workers`, 0 to skip): another `--due` games are made due, their step ids
  claimed and sent as `expire_step` tasks to one `celery worker` process with N prefork
  processes; timed until the last step is expired (its commit is polled every 10 ms).
- references, same run, same due games, read-only: claiming the due steps (`due_steps`), and
  claiming them plus loading what `step_expire` loads for each (the step, its game, and a
  `GameWriter`: engine state from the snapshot, seats, the open step).

Afterwards each sweep is checked: exactly the due steps were expired, every other game is
untouched, and each expired game has its late seats' answers logged as automatic. Prints a
table with seconds, games/s and the ratios; writes bench/results/deadline_sweep.json.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter
from datetime import timedelta

from bench.harness import (
    DEFAULT_DATABASE_URL,
    DEFAULT_REDIS_URL,
    CeleryWorker,
    SmtpSink,
    bench_environment,
    flush_redis,
    machine,
    print_table,
    recreate_database,
    setup_django,
    write_results,
)

SEATS = 4


# --- the games ------------------------------------------------------------------------------


def make_players() -> list:
    from django.contrib.auth import get_user_model

    from accounts.models import Profile

    users = []
    for n in range(SEATS):
        user = get_user_model().objects.create_user(username=f"late{n}", email=f"late{n}@x.org")
        Profile.objects.create(user=user)
        users.append(user)
    return users


def make_template(users: list, answered: int, rng: random.Random):
    """One game through the services, at round 1's first step with `answered` seats done."""
    from games import services
    from games.write.state_store import engine_game, load_state

    game = services.game_create(
        creator=users[0], game_type="khora", seats=SEATS, options={}, step_hours=48
    )
    for user in users[1:]:  # the last join starts the game; the eager advance deals
        game = services.game_join(public_id=game.public_id, user=user)

    def play(seat_filter) -> None:
        while True:
            game.refresh_from_db()
            rules, state = engine_game(game), load_state(game)
            pending = [(s, p) for s, p in rules.pending(state).items() if seat_filter(state, s)]
            if not pending:
                return
            seat, prompt = rng.choice(pending)
            services.decisions_submit(
                public_id=game.public_id,
                user=users[seat],
                decisions=[services.DecisionInput(prompt.id, rng.choice(prompt.options).id)],
            )

    rules = engine_game(game)
    play(lambda state, seat: not rules.step_key(state).startswith("r1."))  # the draft
    play(lambda state, seat: seat < answered)  # the first seats answer their whole chain
    game.refresh_from_db()
    return game


def clone(template, copies: int) -> list[int]:
    """`copies` more games with the template's rows: Game rows through the ORM (fresh public
    ids), every other row copied in SQL from the template's, so each copy replays the same."""
    from django.db import connection, transaction

    from games.models import Game, GameEvent, GameStep, Seat, StateSnapshot
    from notifications.models import Notification

    with transaction.atomic():
        games = Game.objects.bulk_create(
            [
                Game(
                    game_type=template.game_type,
                    rules_version=template.rules_version,
                    status=template.status,
                    num_seats=template.num_seats,
                    options=template.options,
                    step_hours=template.step_hours,
                    creator_id=template.creator_id,
                    last_seq=template.last_seq,
                    needs_advance=template.needs_advance,
                    created_at=template.created_at,
                    updated_at=template.updated_at,
                    started_at=template.started_at,
                )
                for _ in range(copies)
            ],
            batch_size=2000,
        )
        ids = [game.pk for game in games]
        fresh = {"uuid": "gen_random_uuid()"}  # the outbox's unique uuid
        with connection.cursor() as cursor:
            for model in (Seat, GameEvent, StateSnapshot, GameStep, Notification):
                fields = [
                    f for f in model._meta.concrete_fields if not f.primary_key and f.name != "game"
                ]
                columns = ", ".join(f.column for f in fields)
                values = ", ".join(fresh.get(f.column, f"t.{f.column}") for f in fields)
                cursor.execute(
                    f"INSERT INTO {model._meta.db_table} (game_id, {columns}) "
                    f"SELECT g, {values} FROM {model._meta.db_table} t, unnest(%s::bigint[]) g "
                    f"WHERE t.game_id = %s",
                    [ids, template.pk],
                )
    return ids


def set_deadlines(game_ids: list[int], due: set[int], rng: random.Random) -> None:
    """Due games: a deadline 1 s to 1 h ago; the others: 1 to 48 hours ahead."""
    from django.db import connection

    from common import clock
    from games.models import GameStep

    now = clock.now()
    deadlines = [
        now - timedelta(seconds=rng.uniform(1, 3600))
        if game_id in due
        else now + timedelta(hours=rng.uniform(1, 48))
        for game_id in game_ids
    ]
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {GameStep._meta.db_table} s SET deadline = d.deadline "
            f"FROM unnest(%s::bigint[], %s::timestamptz[]) AS d(game_id, deadline) "
            f"WHERE s.game_id = d.game_id AND s.closed_at IS NULL",
            [game_ids, deadlines],
        )
    # Vacuumed and analysed, as long-lived tables are: no autovacuum of the copy during a sweep.
    connection.cursor().execute("VACUUM ANALYZE")


def open_steps(game_ids) -> dict[int, tuple[int, int]]:
    """Game → (its open step, its last seq), to tell afterwards what changed."""
    from games.models import GameStep

    rows = GameStep.objects.filter(game_id__in=game_ids, closed_at__isnull=True)
    return {g: (step, seq) for g, step, seq in rows.values_list("game_id", "id", "game__last_seq")}


# --- what is timed --------------------------------------------------------------------------


def claim(limit: int) -> list[int]:
    from games.workers import advancing

    return advancing.due_steps(limit)


def claim_and_load(limit: int) -> int:
    """The reads of `step_expire` for every due step, without its lock and writes."""
    from games.models import GameStep
    from games.write.writer import GameWriter

    ids = claim(limit)
    for step_id in ids:
        step = GameStep.objects.filter(pk=step_id).select_related("game").first()
        GameWriter(step.game)
    return len(ids)


def sweep_in_process() -> dict:
    """The tick's deadline loop, batch after batch, until nothing is due."""
    from django.db import connection

    from games.workers import advancing
    from games.workers.tasks import SWEEP_BATCH

    statements = 0

    def count(execute, sql, params, many, context):
        nonlocal statements
        statements += 1
        return execute(sql, params, many, context)

    expired, batches = 0, 0
    with connection.execute_wrapper(count):
        began = time.perf_counter()
        while ids := advancing.due_steps(SWEEP_BATCH):
            done = sum(advancing.step_expire(step_id) for step_id in ids)
            expired += done
            batches += 1
            if not done:
                break  # nothing could be expired: stop rather than spin
        seconds = time.perf_counter() - began
    return {
        "seconds": round(seconds, 3),
        "expired": expired,
        "batches": batches,
        "games_per_s": round(expired / seconds, 1),
        "sql_statements_per_game": round(statements / max(expired, 1), 1),
    }


def sweep_with_workers(env, workers: int, limit: int) -> dict:
    """Claim the due steps and fan them out as `expire_step` tasks to `workers` processes."""
    from games.models import GameStep
    from games.workers.tasks import expire_step
    from khora_site.celery import app

    with SmtpSink() as sink, CeleryWorker(env, sink.port, concurrency=workers):
        app.conf.task_always_eager = False
        began = time.perf_counter()
        ids = claim(limit)
        for step_id in ids:
            expire_step.delay(step_id)
        enqueued = time.perf_counter() - began
        remaining = GameStep.objects.filter(pk__in=ids, expired_at__isnull=True)
        while remaining.exists():
            time.sleep(0.01)
        seconds = time.perf_counter() - began
        app.conf.task_always_eager = True
    return {
        "workers": workers,
        "seconds": round(seconds, 3),
        "enqueue_seconds": round(enqueued, 3),
        "expired": len(ids),
        "games_per_s": round(len(ids) / seconds, 1),
    }


def median_seconds(work, repeats: int) -> float:
    work()  # warm: the first pass pays for cold pages and imports
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


# --- checks ---------------------------------------------------------------------------------


def verify(before: dict[int, tuple[int, int]], due: set[int], late: int) -> dict:
    """Exactly the due games' steps expired, each with `late` or more automatic answers
    logged and a new step open; every other game as it was (`before`: game → open step, seq)."""
    from games.models import Game, GameEvent, GameStep

    steps = GameStep.objects.filter(pk__in=[step for step, _ in before.values()])
    expired = set(steps.filter(expired_at__isnull=False).values_list("game_id", flat=True))
    others = [game_id for game_id in before if game_id not in due]
    untouched = GameStep.objects.filter(
        pk__in=[before[g][0] for g in others], expired_at__isnull=True, closed_at__isnull=True
    ).count()
    seqs = dict(Game.objects.filter(pk__in=others).values_list("pk", "last_seq"))
    moved = sum(1 for game_id in others if seqs[game_id] != before[game_id][1])
    # The template's log has no automatic answers, so any a due game has are its expiry's.
    auto = Counter(
        GameEvent.objects.filter(game_id__in=due, auto=True).values_list("game_id", flat=True)
    )
    with_auto = sum(1 for g in due if auto[g] >= late)
    reopened = GameStep.objects.filter(game_id__in=due, closed_at__isnull=True).count()
    checks = {
        "expired": len(expired),
        "expired_are_the_due": expired == due,
        "others_untouched": untouched == len(others) and moved == 0,
        "expired_with_auto_answers": with_auto,
        "expired_with_a_new_open_step": reopened,
    }
    checks["ok"] = (
        checks["expired_are_the_due"]
        and checks["others_untouched"]
        and with_auto == len(due)
        and reopened == len(due)
    )
    return checks


# --- the run --------------------------------------------------------------------------------


def measure(args) -> dict:
    env = bench_environment(args.database_url, args.redis_url)
    recreate_database(args.database_url)
    flush_redis(args.redis_url)
    # Tasks eager while the template game is played; the sweeps then enqueue to Redis.
    setup_django(
        {
            **env,
            "CELERY_TASK_ALWAYS_EAGER": "true",
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        }
    )
    from games.models import Game
    from khora_site.celery import app

    rng = random.Random(args.seed)
    began = time.perf_counter()
    # Several templates: chance comes from the CSPRNG, so each one deals other cards and dice,
    # and what expiring its step entails (defaults, the steps that follow) differs.
    users = make_players()
    templates = [make_template(users, args.answered, rng) for _ in range(args.templates)]
    game_ids = []
    for index, template in enumerate(templates):
        share = args.games // args.templates + (index < args.games % args.templates)
        game_ids += [template.pk, *clone(template, share - 1)]
    build_seconds = time.perf_counter() - began
    late = min(t.seats.exclude(pending_prompt="").count() for t in templates)
    before = open_steps(game_ids)
    due = set(rng.sample(game_ids, args.due))
    set_deadlines(game_ids, due, rng)

    claim_s = median_seconds(lambda: claim(args.due), args.repeats)
    load_s = median_seconds(lambda: claim_and_load(args.due), args.repeats)

    app.conf.task_always_eager = False
    in_process = sweep_in_process()
    app.conf.task_always_eager = True
    in_process["checks"] = verify(before, due, late)
    in_process["ratio_to_claim_and_load"] = round(in_process["seconds"] / load_s, 2)

    parallel = None
    if args.workers:
        # Another --due of the untouched games fall due; the first ones' new steps are ahead.
        second = set(rng.sample([g for g in game_ids if g not in due], args.due))
        set_deadlines(game_ids, second, rng)
        flush_redis(args.redis_url)  # the in-process sweep's sends: not this sweep's work
        before = open_steps(game_ids)
        parallel = sweep_with_workers(env, args.workers, args.due)
        parallel["checks"] = verify(before, second, late)
        parallel["ratio_to_claim_and_load"] = round(parallel["seconds"] / load_s, 2)
    flush_redis(args.redis_url)

    return {
        "benchmark": "deadline_sweep",
        "machine": machine(),
        "games": Game.objects.filter(status=Game.Status.ACTIVE).count(),
        "due": args.due,
        "late_seats_per_due_game": late,
        "templates": [{"events": t.last_seq} for t in templates],
        "build_seconds": round(build_seconds, 1),
        "reference": {
            "claim_seconds": round(claim_s, 4),
            "claim_and_load_seconds": round(load_s, 3),
            "claim_and_load_games_per_s": round(args.due / load_s, 1),
        },
        "sweep_in_process": in_process,
        "sweep_with_workers": parallel,
    }


def report(result: dict) -> None:
    header = ["what", "seconds", "games/s", "vs claim + load", "checks"]
    ref = result["reference"]
    rows = [
        ["claim the due steps (due_steps)", ref["claim_seconds"], "", "", ""],
        [
            "claim + load each game (reference)",
            ref["claim_and_load_seconds"],
            ref["claim_and_load_games_per_s"],
            "1.00",
            "",
        ],
    ]
    for key, label in (
        ("sweep_in_process", "sweep, in-process (the tick's loop)"),
        ("sweep_with_workers", "sweep, {workers} worker processes"),
    ):
        sweep = result[key]
        if sweep is None:
            continue
        rows.append(
            [
                label.format(**sweep),
                sweep["seconds"],
                sweep["games_per_s"],
                f"{sweep['ratio_to_claim_and_load']:.2f}",
                "ok" if sweep["checks"]["ok"] else f"FAILED {sweep['checks']}",
            ]
        )
    print(
        f"\nDeadline sweep: {result['games']} active games, {result['due']} due, "
        f"{result['late_seats_per_due_game']} late seats each "
        f"(built in {result['build_seconds']} s)"
    )
    print_table(header, rows)
    sweep = result["sweep_in_process"]
    print(
        f"\nin-process: {sweep['batches']} batches, {sweep['sql_statements_per_game']} SQL "
        f"statements per expired game"
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="active games in all")
    parser.add_argument("--due", type=int, default=1_000, help="games past their deadline")
    parser.add_argument("--templates", type=int, default=10, help="games copied to make them")
    parser.add_argument("--answered", type=int, default=2, help="seats not late, of 4")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="0: skip")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs of each reference")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL)
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    args = parser.parse_args(argv)
    result = measure(args)
    report(result)
    print(f"\nwrote {write_results('deadline_sweep', result)}")


if __name__ == "__main__":
    main()
