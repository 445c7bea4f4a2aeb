"""Replay: loading games through the engine against only fetching and decoding the same rows.

    python -m bench.replay_bench [--sizes 100,500,2000] [--players 4] [--seed 1] [--runs 3]

Needs PostgreSQL (see bench/README.md). Random games are played in the engine (seeded) and
stored as `GameEvent` rows in the benchmark's own database. For each size N it times, as the
median of repeated runs:

- load through the engine: `games.state_store.load_state(game, upto=...)`, the server's own
  cold path (no snapshot): fetch the rows, decode them into engine events, replay them;
- fetch and decode only: the same query, each row decoded into an engine event.

A random 4-player game has about 200 events, so a load of N events is what a server does to
rebuild N events' worth of games: whole games one after another, the last one cut to the
event count (a prefix of a real log is a real state; concatenating logs would not be). The
ratio of the two (target ≤ 2×) is what the engine adds on top of reading the log; each size
is measured `--runs` times, the two taking turns going first, for the spread of the ratio.
Prints a table and writes bench/results/replay.json.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

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
    from games.state_store import load_state

    for game, upto in loads:
        load_state(game, upto=upto)


def fetch_and_decode(loads) -> None:
    from games.state_store import to_engine_event

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
    games = store_random_games(args.players, max(args.sizes), args.seed)
    rows = []
    for size in args.sizes:
        loads = plan(games, size)
        runs = []
        for run in range(args.runs):  # the two take turns going first
            if run % 2 == 0:
                engine_s = median_seconds(through_engine, loads)
                fetch_s = median_seconds(fetch_and_decode, loads)
            else:
                fetch_s = median_seconds(fetch_and_decode, loads)
                engine_s = median_seconds(through_engine, loads)
            runs.append((engine_s, fetch_s))
        ratios = [engine_s / fetch_s for engine_s, fetch_s in runs]
        engine_s = statistics.median(engine_s for engine_s, _ in runs)
        fetch_s = statistics.median(fetch_s for _, fetch_s in runs)
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
            }
        )
    lengths = [game.last_seq for game in games]
    return {
        "benchmark": "replay",
        "machine": machine(),
        "players": args.players,
        "seed": args.seed,
        "runs": args.runs,
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
    args = parser.parse_args(argv)
    args.sizes = [int(size) for size in args.sizes.split(",")]
    result = measure(args)
    report(result)
    print(f"\nwrote {write_results('replay', result)}")


if __name__ == "__main__":
    main()
