"""The outbox keeps up (issue 28): a backlog drained by one sender, and a steady load of asks.

    python -m bench.outbox_drain [--rows 10000] [--superseded 0.9] [--steady-seconds 300]

Needs PostgreSQL and Redis (see bench/README.md). One `celery worker` process (prefork,
concurrency 1, serving both queues as a small site's worker does) runs on the benchmark's
database and Redis and sends to an SMTP sink on loopback in this process.

- drain: `--rows` pending rows, all due, of mixed kinds, `--superseded` of them "your turn"
  emails and reminders whose seats have answered since (the backlog the issue saw). Their due
  times are shuffled over the last ten minutes, so the owed kinds (a game's start and end,
  "your turn") are not the oldest. One `send_due_notifications` task is enqueued; it drains
  for NOTIFY_SEND_BUDGET_SECONDS and hands the rest to a new task. Measured: from the enqueue
  until no row is pending, and emails per second. Checked: every owed row went out before
  any other kind. Reference, same run: the same number of messages sent by one Django SMTP
  connection to the same sink in a loop (no database): the SMTP floor.
- steady: `--asks` asks a second for `--steady-seconds`, written as the product writes them:
  90 % "your turn" held for an active player (`--hold` seconds, 300 in the product), of which
  `--answered` are answered before the hold ends (superseded by the answer's own statement,
  as the decision's write batch does), the rest come due when the hold ends; 10 % rows sent
  at once (owed kinds and others, with their send task enqueued on commit). This process plays
  the beat: the sweep every GAME_SWEEP_SECONDS, the tick every minute. Sampled every second:
  the oldest owed row still pending and due. Target: never more than 30 s.

Writes bench/results/outbox_drain.json.
"""

from __future__ import annotations

import argparse
import os
import random
import threading
import time
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

OWED_DUE_TARGET_S = 30
DRAIN_TARGET_S = 60
PLAYERS = 400
SEATS = 4
TEXT = "It is your turn in the Khôra game. " * 60  # about the size of a real email's parts
HTML = "<p>It is your turn in the <b>Khôra</b> game.</p>" * 120
OTHER_KINDS = ("reminder_2h", "default_played", "bot_playing")


def make_table():
    """PLAYERS users with an address, PLAYERS games of SEATS seats, all active."""
    from django.contrib.auth import get_user_model

    from games.models import Game, Seat

    User = get_user_model()
    users = User.objects.bulk_create(
        [User(username=f"p{n}", email=f"p{n}@example.com") for n in range(PLAYERS)]
    )
    games = Game.objects.bulk_create(
        [
            Game(creator=users[0], rules_version="bench", num_seats=SEATS, status="active")
            for _ in range(PLAYERS)
        ]
    )
    seats = Seat.objects.bulk_create(
        [
            Seat(game=game, position=p, user=users[(g + p) % PLAYERS], pending_prompt="")
            for g, game in enumerate(games)
            for p in range(SEATS)
        ]
    )
    return seats


def row_for(seat, kind: str, prompt: str, due):
    from notifications.models import Notification

    return Notification(
        recipient_id=seat.user_id,
        game_id=seat.game_id,
        step=f"{kind}-{prompt}",
        kind=kind,
        subject=f"Khôra: {kind}",
        body_text=TEXT,
        body_html=HTML,
        prompt=prompt,
        language="en",
        next_attempt_at=due,
    )


def seed_backlog(seats, rows: int, superseded: float, rng: random.Random) -> dict[str, int]:
    """`rows` due rows; the asks among them ask prompts their seats no longer owe."""
    from django.utils import timezone

    from games.models import Seat
    from notifications.models import Notification

    now = timezone.now()
    batch, owed_prompts, kinds = [], {}, {}
    for n in range(rows):
        seat = seats[n % len(seats)]
        due = now - timedelta(seconds=rng.uniform(1, 600))
        if rng.random() < superseded:
            kind = rng.choice(("your_turn", "reminder_2h"))
            row = row_for(seat, kind, f"answered{n}", due)
        else:
            kind = rng.choice(("game_started", "game_over", "your_turn", *OTHER_KINDS))
            asking = kind in ("game_started", "your_turn", "reminder_2h")
            prompt = f"owed{seat.pk}" if asking else ""
            if prompt:
                owed_prompts[seat.pk] = prompt
            row = row_for(seat, kind, prompt, due)
            row.step = f"{kind}-{n}"
        kinds[kind] = kinds.get(kind, 0) + 1
        batch.append(row)
    Notification.objects.bulk_create(batch, batch_size=1000)
    for seat_pk, prompt in owed_prompts.items():
        Seat.objects.filter(pk=seat_pk).update(pending_prompt=prompt)
    return kinds


def measure_drain(args, env, sink) -> dict:
    from notifications.kinds import OWED
    from notifications.models import Notification
    from notifications.tasks import send_due_notifications

    rng = random.Random(args.seed)
    seats = make_table()
    kinds = seed_backlog(seats, args.rows, args.superseded, rng)
    sent_before = len(sink.arrivals)
    with CeleryWorker(env, sink.port):
        started = time.perf_counter()
        send_due_notifications.delay()
        pending = Notification.objects.filter(status="pending")
        while pending.exists():
            if time.perf_counter() - started > 600:
                raise SystemExit("the backlog was not drained within 10 minutes")
            time.sleep(0.05)
        seconds = time.perf_counter() - started
    sent = Notification.objects.filter(status="sent")
    last_owed = max(sent.filter(kind__in=OWED).values_list("sent_at", flat=True))
    first_other = min(sent.exclude(kind__in=OWED).values_list("sent_at", flat=True))
    emails = len(sink.arrivals) - sent_before
    floor = smtp_floor(sink.port, emails)
    return {
        "rows": args.rows,
        "kinds": kinds,
        "sent": sent.count(),
        "superseded": Notification.objects.filter(status="superseded").count(),
        "failed": Notification.objects.filter(status="failed").count(),
        "seconds_to_empty": round(seconds, 2),
        "emails_per_second": round(emails / seconds, 1),
        "owed_before_others": last_owed <= first_other,
        "smtp_floor_seconds": round(floor, 2),
        "ratio_to_floor": round(seconds / floor, 2),
    }


def smtp_floor(port: int, count: int) -> float:
    """The same number of messages through one SMTP connection, no database: the floor."""
    from django.core.mail import EmailMultiAlternatives, get_connection

    connection = get_connection(
        "django.core.mail.backends.smtp.EmailBackend", host="127.0.0.1", port=port, timeout=10
    )
    started = time.perf_counter()
    with connection:
        for n in range(count):
            message = EmailMultiAlternatives("Khôra", TEXT, "k@localhost", [f"p{n}@example.com"])
            message.attach_alternative(HTML, "text/html")
            connection.send_messages([message])
    return time.perf_counter() - started


class Beat(threading.Thread):
    """This process plays `celery beat`: the sweep and the tick, with the beat's options."""

    def __init__(self):
        super().__init__(daemon=True)
        self.running = True

    def run(self) -> None:
        from django.conf import settings

        from games.workers import tasks

        schedule = settings.CELERY_BEAT_SCHEDULE
        period = settings.GAME_SWEEP_SECONDS
        last_tick = 0.0
        while self.running:
            tasks.sweep.apply_async(**schedule["sweep"]["options"])
            if time.monotonic() - last_tick >= 60:
                tasks.tick.apply_async(**schedule["tick"]["options"])
                last_tick = time.monotonic()
            time.sleep(period)


def measure_steady(args, env, sink) -> dict:
    from django.db import connection, transaction
    from django.utils import timezone

    from games.models import Seat
    from notifications import sending
    from notifications.kinds import OWED
    from notifications.models import Notification

    rng = random.Random(args.seed + 1)
    Notification.objects.all().delete()
    seats = list(Seat.objects.all())
    answers: list[tuple[float, object, str]] = []  # (when, seat, prompt)
    oldest_owed, asks, n = 0.0, 0, 0
    owed_due = Notification.objects.filter(status="pending", kind__in=OWED)
    with CeleryWorker(env, sink.port):
        beat = Beat()
        beat.start()
        started = time.monotonic()
        next_sample = started + 1
        while (now := time.monotonic()) - started < args.steady_seconds:
            while answers and answers[0][0] <= now:  # the seat answers at the table
                _, seat, prompt = answers.pop(0)
                with transaction.atomic(), connection.cursor() as cursor:
                    Seat.objects.filter(pk=seat.pk, pending_prompt=prompt).update(pending_prompt="")
                    cursor.execute(*sending.superseding(seat.game_id, [(seat.user_id, prompt)]))
            if now >= started + asks / args.asks:
                n += 1
                seat = rng.choice(seats)
                prompt = f"s{n}"
                with transaction.atomic():
                    Seat.objects.filter(pk=seat.pk).update(pending_prompt=prompt)
                    seat.pending_prompt = prompt
                    if rng.random() < 0.9:  # held: its player is at the table
                        due = timezone.now() + timedelta(seconds=args.hold)
                        row_for(seat, "your_turn", prompt, due).save()
                        if rng.random() < args.answered:
                            when = now + rng.uniform(1, args.hold - 1)
                            answers.append((when, seat, prompt))
                            answers.sort(key=lambda a: a[0])
                    else:
                        kind = rng.choice((*OWED, *OTHER_KINDS))
                        row = row_for(seat, kind, prompt, timezone.now())
                        row.step = f"{kind}-{n}"
                        row.save()
                        sending.send_after_commit(row.pk)
                asks += 1
            if now >= next_sample:
                due = owed_due.filter(next_attempt_at__lte=timezone.now())
                first = due.order_by("next_attempt_at").values_list("next_attempt_at", flat=True)
                if first:
                    age = (timezone.now() - first[0]).total_seconds()
                    oldest_owed = max(oldest_owed, age)
                next_sample += 1
            time.sleep(0.005)
        beat.running = False
    statuses = {
        s: Notification.objects.filter(status=s).count()
        for s in ("sent", "superseded", "pending", "failed")
    }
    return {
        "asks_per_second": args.asks,
        "seconds": args.steady_seconds,
        "asks": asks,
        "hold_seconds": args.hold,
        "statuses": statuses,
        "oldest_owed_due_seconds": round(oldest_owed, 1),
    }


def report(result: dict) -> None:
    drain, steady = result["drain"], result["steady"]
    print_table(
        ["drain", "measured", "target"],
        [
            ["rows (superseded share)", f"{drain['rows']} ({result['superseded_share']})", ""],
            ["time to empty, s", drain["seconds_to_empty"], f"≤ {DRAIN_TARGET_S}"],
            ["emails sent", drain["sent"], ""],
            ["emails/s", drain["emails_per_second"], ""],
            ["owed kinds first", drain["owed_before_others"], "True"],
            ["SMTP floor, same messages, s", drain["smtp_floor_seconds"], ""],
            ["ratio to the floor", drain["ratio_to_floor"], ""],
        ],
    )
    print()
    print_table(
        ["steady state", "measured", "target"],
        [
            ["asks/s × seconds", f"{steady['asks_per_second']} × {steady['seconds']}", ""],
            ["asks written", steady["asks"], ""],
            ["rows by status", steady["statuses"], ""],
            ["oldest owed row due, s", steady["oldest_owed_due_seconds"], "≤ 30"],
        ],
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000, help="the backlog's rows")
    parser.add_argument("--superseded", type=float, default=0.9, help="share already answered")
    parser.add_argument("--asks", type=float, default=20, help="asks a second, steady state")
    parser.add_argument("--steady-seconds", type=float, default=300)
    parser.add_argument("--hold", type=float, default=60, help="seconds a held ask waits")
    parser.add_argument("--answered", type=float, default=0.9, help="held asks answered first")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL)
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    args = parser.parse_args(argv)
    recreate_database(args.database_url)
    flush_redis(args.redis_url)
    env = bench_environment(args.database_url, args.redis_url)
    setup_django({**env, "CELERY_TASK_ALWAYS_EAGER": "false"})
    try:
        with SmtpSink() as sink:
            result = {
                "machine": machine(),
                "superseded_share": args.superseded,
                "drain": measure_drain(args, env, sink),
                "steady": measure_steady(args, env, sink),
            }
    finally:
        flush_redis(args.redis_url)
    report(result)
    print(f"\nwrote {write_results('outbox_drain', result)}")


if __name__ == "__main__":
    main()
