"""Replay: loading games through the engine against only fetching and decoding the same rows.

    python -m bench.replay_bench [--sizes 100,500,2000] [--players 4] [--seed 1] [--runs 3]
                                 [--against REV]

Needs PostgreSQL (see bench/README.md). Random games are played in the engine (seeded) and
stored as `GameEvent` rows in the benchmark's own database. For each size N it times, as the
median of repeated runs:

- load through the engine: `games.write.state_store.load_state(game, upto=...)`, the server's own
  cold path (no snapshot): fetch the rows, decode them into engine events, replay them;
- fetch and decode only: the same query, each row decoded into an engine event.

A random 4-player game has about 200 events, so a load of N events is what a server does to
rebuild N events' worth of games: whole games one after another, the last one cut to the
event count (a prefix of a real log is a real state; concatenating logs would not be). The
ratio of the two (target ≤ 2×) is what the engine adds on top of reading the log; each size
is measured `--runs` times, the two taking turns going first, for the spread of the ratio.
`--against REV` also loads through git revision REV's engine in the same runs (a copy of its
`engine` package imported beside this tree's), for the speedup over it.
Prints a table and writes bench/results/replay.json.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.harness import (
    DEFAULT_DATABASE_URL,
    DEFAULT_REDIS_URL,
    bench_environment,
    machine,
    print_table,
    recreate_database,
    setup_django,
    write_results,
)

TARGET_RATIO = 2.0  # issue 14 (was 3×)
MIN_SECONDS_PER_FIGURE = 0.5  # each figure repeats its load for at least this long
MIN_REPEATS = 5


def store_random_games(players: int, events_needed: int, seed: int) -> list:
    """Finished random games in the database, with at least `events_needed` events in all."""
    from django.contrib.auth import get_user_model

    import engine
    from engine.simulate import play_random_game
    from games.models import Game, GameEvent, Seat

    rules = engine.get_game("khora")
    rng = random.Random(seed)
    creator = get_user_model().objects.create_user(username="replay-bench")
    games, stored = [], 0
    while stored < events_needed:
        _, events = play_random_game(rules, players, rng)
        game = Game.objects.create(
            rules_version=rules.rules_version,
            status=Game.Status.FINISHED,
            num_seats=players,
            creator=creator,
            last_seq=len(events),
        )
        Seat.objects.bulk_create(
            Seat(game=game, position=position, is_bot=True) for position in range(players)
        )
        GameEvent.objects.bulk_create(
            GameEvent(
                game=game,
                seq=seq,
                type=event.type,
                version=event.version,
                seat=event.seat,
                payload=event.data,
                auto=event.auto,
            )
            for seq, event in enumerate(events, start=1)
        )
        games.append(game)
        stored += len(events)
    return games


def plan(games: list, size: int) -> list[tuple[object, int]]:
    """(game, events to load) pairs adding up to `size`: whole games, then a prefix."""
    loads, left = [], size
    for game in games:
        take = min(left, game.last_seq)
        loads.append((game, take))
        left -= take
        if left == 0:
            return loads
    raise ValueError(f"not enough stored events for a load of {size}")


def through_engine(loads) -> None:
    from games.write.state_store import load_state

    for game, upto in loads:
        load_state(game, upto=upto)


def reference_engine(rev: str, into: Path) -> dict:
    """A second copy of the `engine` package, from git revision `rev`, imported beside this
    tree's: its modules are kept aside and put in sys.modules only while it runs (some of its
    imports happen inside functions)."""
    from bench.engine_bench import export_engine

    export_engine(rev, into)
    ours = _take_engine_modules()
    sys.path.insert(0, str(into))
    try:
        importlib.import_module("engine").get_game("khora")  # imports and registers its game
    finally:
        sys.path.remove(str(into))
        theirs = _take_engine_modules()
        sys.modules.update(ours)
    return theirs


def _take_engine_modules() -> dict:
    return {
        name: sys.modules.pop(name)
        for name in list(sys.modules)
        if name == "engine" or name.startswith("engine.")
    }


def through_reference_engine(loads) -> None:
    """`through_engine` with the reference engine: the same load_state, reading `engine` there."""
    from games.write import state_store

    theirs = REFERENCE["modules"]
    ours = _take_engine_modules()
    sys.modules.update(theirs)
    saved, state_store.engine = state_store.engine, theirs["engine"]
    try:
        through_engine(loads)
    finally:
        state_store.engine = saved
        _take_engine_modules()
        sys.modules.update(ours)


REFERENCE: dict = {}


def fetch_and_decode(loads) -> None:
    from games.write.state_store import to_engine_event

    for game, upto in loads:
        [to_engine_event(row) for row in game.events.filter(seq__lte=upto).order_by("seq")]


def median_seconds(work, loads) -> float:
    work(loads)  # warm: the first run pays for imports and the database's cold pages
    times = []
    began = time.perf_counter()
    while len(times) < MIN_REPEATS or time.perf_counter() - began < MIN_SECONDS_PER_FIGURE:
        started = time.perf_counter()
        work(loads)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def measure(args) -> dict:
    env = bench_environment(args.database_url, args.redis_url)
    recreate_database(args.database_url)
    setup_django(env)
    if args.against:
        REFERENCE["modules"] = reference_engine(args.against, Path(args.reference_dir))
    games = store_random_games(args.players, max(args.sizes), args.seed)
    rows = []
    for size in args.sizes:
        loads = plan(games, size)
        runs = []
        for run in range(args.runs):  # they take turns going first
            works = [through_engine, fetch_and_decode]
            if REFERENCE:
                works.append(through_reference_engine)
            works = works[run % len(works) :] + works[: run % len(works)]
            seconds = {work.__name__: median_seconds(work, loads) for work in works}
            runs.append(seconds)
        ratios = [run["through_engine"] / run["fetch_and_decode"] for run in runs]
        engine_s = statistics.median(run["through_engine"] for run in runs)
        fetch_s = statistics.median(run["fetch_and_decode"] for run in runs)
        reference = {}
        if REFERENCE:
            reference_ratios = [
                run["through_reference_engine"] / run["fetch_and_decode"] for run in runs
            ]
            speedups = [run["through_reference_engine"] / run["through_engine"] for run in runs]
            reference = {
                "reference_engine_ms": round(
                    statistics.median(run["through_reference_engine"] for run in runs) * 1000, 2
                ),
                "reference_ratio": round(statistics.median(reference_ratios), 2),
                "reference_ratios": [round(ratio, 2) for ratio in reference_ratios],
                "speedup": round(statistics.median(speedups), 2),
                "speedups": [round(speedup, 2) for speedup in speedups],
            }
        rows.append(
            {
                "events": size,
                "games": len(loads),
                "whole_games": sum(1 for game, upto in loads if upto == game.last_seq),
                "through_engine_ms": round(engine_s * 1000, 2),
                "fetch_and_decode_ms": round(fetch_s * 1000, 2),
                "engine_us_per_event": round((engine_s - fetch_s) / size * 1e6, 1),
                "ratio": round(statistics.median(ratios), 2),
                "ratios": [round(ratio, 2) for ratio in ratios],
                **reference,
            }
        )
    lengths = [game.last_seq for game in games]
    return {
        "benchmark": "replay",
        "machine": machine(),
        "players": args.players,
        "seed": args.seed,
        "runs": args.runs,
        "against": args.against,
        "game_lengths": {"min": min(lengths), "max": max(lengths), "games": len(lengths)},
        "sizes": rows,
        "target_ratio": TARGET_RATIO,
    }


def report(result: dict) -> None:
    lengths = result["game_lengths"]
    print(
        f"\nReplay on PostgreSQL: random {result['players']}-player games of "
        f"{lengths['min']}–{lengths['max']} events (seed {result['seed']}); a load of N events "
        f"is whole games in a row, the last one cut to N; {result['runs']} runs, medians "
        "and the spread of the ratios"
    )
    header = [
        "events", "games", "through engine ms", "fetch+decode ms", "ratio", "spread",
        "engine µs/ev",
    ]  # fmt: skip
    rows = [
        [
            row["events"],
            f"{row['whole_games']} + {row['games'] - row['whole_games']} prefix",
            row["through_engine_ms"],
            row["fetch_and_decode_ms"],
            f"{row['ratio']:.2f}×",
            f"{min(row['ratios']):.2f}–{max(row['ratios']):.2f}",
            row["engine_us_per_event"],
        ]
        for row in result["sizes"]
    ]
    print_table(header, rows)
    if result["against"]:
        print(f"\nthe same loads through {result['against']}'s engine, in the same runs:")
        print_table(
            ["events", "its engine ms", "its ratio", "spread", "this tree faster by", "spread"],
            [
                [
                    row["events"],
                    row["reference_engine_ms"],
                    f"{row['reference_ratio']:.2f}×",
                    f"{min(row['reference_ratios']):.2f}–{max(row['reference_ratios']):.2f}",
                    f"{row['speedup']:.2f}×",
                    f"{min(row['speedups']):.2f}–{max(row['speedups']):.2f}",
                ]
                for row in result["sizes"]
            ],
        )
    worst = max(row["ratio"] for row in result["sizes"])
    verdict = "meets" if worst <= TARGET_RATIO else "misses"
    print(f"\nworst ratio {worst:.2f}× ({verdict} the target ≤ {TARGET_RATIO:.0f}×)")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,500,2000", help="event counts, comma-separated")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="runs of each size, alternating")
    parser.add_argument(
        "--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL)
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    parser.add_argument(
        "--against", metavar="REV", help="also load through git revision REV's engine"
    )
    args = parser.parse_args(argv)
    args.sizes = [int(size) for size in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="replay-ref-") as reference_dir:
        args.reference_dir = reference_dir
        result = measure(args)
    report(result)
    print(f"\nwrote {write_results('replay', result)}")


if __name__ == "__main__":
    main()
