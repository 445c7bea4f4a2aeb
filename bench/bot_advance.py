"""How much longer a bot holds the game's lock than today's random bot: the advance with bots
of each level, in the same run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/khora_bench_bots \\
        python -m bench.bot_advance --games 4 --levels random standard

Plays `--games` games per level, one player (answering its prompts' defaults through the
service, as a request would) against three bots of the level, the levels taking turns. The
advance runs in-process (eager tasks), under the game's lock, as on a worker. Per level it
reports the time of each bot decision inside the advance (`games.write.chance.bot_answer`: the bot's
knowledge, its samples, its choice; everything else the advance does is the same for every
level) and of each whole advance, p50/p95. The database must be a scratch one (the name must
contain `bench`): its tables are created and its games left behind.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/khora_bench_bots \
        python -m bench.bot_advance --probe --decisions 40

`--probe`: how long a `strong` bot keeps others off the game. One player answers its prompts'
defaults against three `strong` bots (ceiling GAME_STRONG_BOT_SECONDS, `--budget`) until the
bots have made `--decisions` decisions, the advance running in-process as above. It reports
how long each advance transaction held the game's row lock (from the lock taken to the
commit) among those that wrote a `strong` decision, and how long a probe waited for that lock:
another thread, on its own connection, takes it every `--probe-every` seconds as a player's
decision would, and lets it go at once. It hooks only `games.workers.advancing._locked` and
the ORM, so the same file measures an older tree (copy it into that tree's bench/).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import uuid


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--levels", nargs="*", default=["random", "standard"])
    parser.add_argument("--probe", action="store_true", help="the lock held by strong bots")
    parser.add_argument("--decisions", type=int, default=40, help="--probe: strong decisions")
    parser.add_argument("--budget", type=float, default=1.0, help="--probe: a strong decision's s")
    parser.add_argument("--probe-every", type=float, default=0.1)
    args = parser.parse_args(argv)
    url = os.environ.get("DATABASE_URL", "")
    if "bench" not in url:
        sys.exit("Set DATABASE_URL to a scratch database whose name contains 'bench'.")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "khora_site.settings")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "true"
    os.environ["GAME_STRONG_BOT_SECONDS"] = str(args.budget)
    import django

    django.setup()
    if args.probe:
        probe(args)
        return
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from bench.harness import latency_ms, machine, print_table, write_results
    from games import services
    from games.models import Game
    from games.workers import advancing
    from games.write import chance

    call_command("migrate", verbosity=0)
    decide_seconds: dict[str, list[float]] = {level: [] for level in args.levels}
    advance_seconds: dict[str, list[float]] = {level: [] for level in args.levels}
    current = {"level": None}
    real_bot_answer, real_advance = chance.bot_answer, advancing._advance

    def timed_bot_answer(*args, **kwargs):  # whatever bot_answer takes: only timed here
        started = time.perf_counter()
        try:
            return real_bot_answer(*args, **kwargs)
        finally:
            decide_seconds[current["level"]].append(time.perf_counter() - started)

    def timed_advance(*args, **kwargs):  # whatever _advance takes: only timed here
        started = time.perf_counter()
        try:
            return real_advance(*args, **kwargs)
        finally:
            advance_seconds[current["level"]].append(time.perf_counter() - started)

    chance.bot_answer, advancing._advance = timed_bot_answer, timed_advance
    user = get_user_model().objects.create_user(f"bench-{uuid.uuid4().hex[:10]}")
    for number in range(args.games):
        for level in args.levels if number % 2 == 0 else reversed(args.levels):
            current["level"] = level
            game = services.game_create(
                creator=user,
                game_type="khora",
                seats=4,
                options={},
                step_hours=48,
                bots=[level] * 3,
            )
            answer_defaults(game, user)
            game.refresh_from_db()
            if game.status != Game.Status.FINISHED:  # e.g. the advance failed (logged above)
                sys.exit(f"game {number + 1} ({level}) stopped unfinished: {game.status}")
            print(f"  game {number + 1}: {level} done", flush=True)
    rows, result = [], {"machine": machine(), "levels": {}}
    for level in args.levels:
        decide, advance = latency_ms(decide_seconds[level]), latency_ms(advance_seconds[level])
        result["levels"][level] = {"bot_decision_ms": decide, "advance_ms": advance}
        rows.append(
            [
                level,
                str(decide["samples"]),
                f"{decide['p50']:.2f} / {decide['p90']:.2f} / {decide['max']:.2f}",
                f"{advance['p50']:.1f} / {advance['p90']:.1f} / {advance['max']:.1f}",
            ]
        )
    print_table(
        ["level", "bot decisions", "decision ms p50/p90/max", "advance ms p50/p90/max"], rows
    )
    print(f"written to {write_results('bot_advance', result)}")


def answer_defaults(game, user, more_wanted=lambda: True) -> None:
    """The player answers each prompt's default through the service, as a request would,
    until the game ends (or `more_wanted()` says stop)."""
    from games import selectors, services
    from games.models import Game

    while more_wanted():
        game.refresh_from_db()
        active = game.status == Game.Status.ACTIVE
        prompt = selectors.game_prompt(game, user, "en") if active else None
        if not prompt:
            return
        services.decisions_submit(
            public_id=game.public_id,
            user=user,
            decisions=[services.DecisionInput(prompt["id"], prompt["default"])],
        )


def probe(args) -> None:
    import threading

    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection, transaction

    from bench.harness import latency_ms, machine, print_table, write_results
    from games import services
    from games.models import Game, GameEvent
    from games.workers import advancing

    call_command("migrate", verbosity=0)
    holds: list[tuple[float, int]] = []  # (seconds the lock was held, strong decisions written)
    waits: list[float] = []
    real_locked = advancing._locked

    def strong_since(game_id: int, seq: int) -> int:
        return GameEvent.objects.filter(
            game_id=game_id, seq__gt=seq, type="decision", payload__bot="strong"
        ).count()

    def timed_locked(games):
        game = real_locked(games)
        if game is not None:
            taken, seq = time.perf_counter(), game.last_seq
            # After the commit: the lock is let go (the transaction that took it ends there).
            transaction.on_commit(
                lambda: holds.append((time.perf_counter() - taken, strong_since(game.pk, seq)))
            )
        return game

    advancing._locked = timed_locked
    current: dict[str, int | None] = {"game": None}
    stop = threading.Event()

    def prober() -> None:
        """A decision attempt's lock: taken on another connection, let go at once."""
        try:
            while not stop.wait(args.probe_every):
                game_id = current["game"]
                if game_id is None:
                    continue
                started = time.perf_counter()
                with transaction.atomic():
                    Game.objects.select_for_update().filter(pk=game_id).first()
                    waits.append(time.perf_counter() - started)
        finally:
            connection.close()

    thread = threading.Thread(target=prober, daemon=True)
    thread.start()
    user = get_user_model().objects.create_user(f"bench-{uuid.uuid4().hex[:10]}")

    def strong_written() -> int:
        return sum(count for _, count in holds)

    def more_wanted() -> bool:
        print(f"  {strong_written()} strong decisions", end="\r", flush=True)
        return strong_written() < args.decisions

    while more_wanted():
        game = services.game_create(
            creator=user, game_type="khora", seats=4, options={}, step_hours=48, bots=["strong"] * 3
        )
        current["game"] = game.pk
        answer_defaults(game, user, more_wanted)
    strong = strong_written()
    stop.set()
    thread.join()
    writing = [seconds for seconds, count in holds if count]
    per_decision = [seconds / count for seconds, count in holds for _ in range(count) if count]
    result = {
        "machine": machine(),
        "budget_s": args.budget,
        "strong_decisions": strong,
        "lock_held_ms": latency_ms(writing),
        "lock_held_per_decision_ms": latency_ms(per_decision),
        "decisions_per_hold": round(strong / len(writing), 2),
        "probe_wait_ms": latency_ms(waits),
    }
    rows = []
    for name, figures in [
        ("lock held by an advance that wrote strong decisions", result["lock_held_ms"]),
        ("  the same, per strong decision", result["lock_held_per_decision_ms"]),
        ("a probe's wait for the lock", result["probe_wait_ms"]),
    ]:
        rows.append(
            [
                name,
                str(figures["samples"]),
                f"{figures['p50']:.1f} / {figures['p90']:.1f} / {figures['max']:.1f}",
            ]
        )
    print_table(["figure", "samples", "ms p50/p90/max"], rows)
    print(f"{strong} strong decisions, {result['decisions_per_hold']} per lock held")
    print(f"written to {write_results('bot_advance_probe', result)}")


if __name__ == "__main__":
    main()
