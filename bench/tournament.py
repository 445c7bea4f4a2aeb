"""The bot tournament: each level's win rate, score margin and decision times.

    python -m bench.tournament                       # every matchup, 20 games each, 1 s budget
    python -m bench.tournament --games 8 --matchups strong-vs-standard-4 --budget 1.0

A matchup puts one seat of the `hero` level against `others` seats of the other level; the
hero's seat is rotated over the games and chance is seeded per game (bots.match.play_match), so
each game is repeatable bar `strong`'s clock. Per matchup: the hero's win rate (first place, a
tie split between the tied seats) with a 95 % Wilson interval, its mean score margin over the
best other seat with a 95 % interval (normal approximation), and decision times p50/p95 per
level (decisions with one option excluded); and the process's peak memory. Writes
bench/results/tournament.json.
"""

from __future__ import annotations

import argparse
import math
import resource
import statistics
import time
from collections.abc import Callable

from bench.harness import machine, print_table, write_results
from bots.budget import Budget
from bots.match import play_match

MATCHUPS = {
    "standard-vs-random-2": ("standard", "random", 2),
    "standard-vs-random-3": ("standard", "random", 3),
    "standard-vs-random-4": ("standard", "random", 4),
    # Today's `standard` against the frozen reference (bots/standard_2026.py, issue 51).
    "standard-vs-standard_2026-2": ("standard", "standard_2026", 2),
    "standard-vs-standard_2026-4": ("standard", "standard_2026", 4),
    # `strong` against the `standard` of before (issue 51): the same opponent as before.
    "strong-vs-standard_2026-4": ("strong", "standard_2026", 4),
    "strong-vs-standard-2": ("strong", "standard", 2),
    "strong-vs-standard-4": ("strong", "standard", 4),
}
Clock = Callable[[], float]
TARGETS = {
    "standard-vs-random-4": 0.80,
    "standard-vs-standard_2026-4": 0.70,
    "strong-vs-standard-2": 0.60,
    "strong-vs-standard-4": 0.40,
}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def run_matchup(
    name: str, games: int, budget: float | Budget, seed: int, clock: Clock = time.perf_counter
) -> dict:
    hero, other, players = MATCHUPS[name]
    shares, margins = [], []
    times: dict[str, list[float]] = {hero: [], other: []}
    started = time.perf_counter()
    for number in range(games):
        seat = number % players
        levels = [other] * players
        levels[seat] = hero
        result = play_match(levels, seed=seed + number, budget=budget, clock=clock)
        shares.append(result.share(seat))
        margins.append(result.margin(seat))
        for level, seconds in result.decision_seconds.items():
            times[level] += seconds
        hero_seconds = result.decision_seconds.get(hero, [])
        print(
            f"  {name} game {number + 1}/{games}: hero seat {seat}, totals {result.totals}, "
            f"share {result.share(seat):.2f}, hero's slowest decision "
            f"{max(hero_seconds, default=0.0) * 1000:.0f} ms of {len(hero_seconds)}",
            flush=True,
        )
    low, high = wilson(sum(shares), games)
    spread = statistics.stdev(margins) if len(margins) > 1 else 0.0
    half = 1.96 * spread / math.sqrt(len(margins))
    return {
        "matchup": name,
        "hero": hero,
        "other": other,
        "players": players,
        "games": games,
        "budget": budget if isinstance(budget, float) else vars(budget),
        "win_rate": sum(shares) / games,
        "win_rate_ci95": [low, high],
        "chance": 1 / players,
        "target": TARGETS.get(name),
        "mean_margin": statistics.mean(margins),
        "mean_margin_ci95": [statistics.mean(margins) - half, statistics.mean(margins) + half],
        "decision_ms": {
            level: {
                "decisions": len(seconds),
                "p50": percentile(seconds, 0.5) * 1000,
                "p95": percentile(seconds, 0.95) * 1000,
                "max": max(seconds, default=float("nan")) * 1000,
            }
            for level, seconds in times.items()
        },
        "seconds": time.perf_counter() - started,
        "decision_clock": "thread CPU" if clock is time.thread_time else "wall",
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per matchup")
    parser.add_argument("--budget", type=float, default=1.0, help="strong's seconds a decision")
    parser.add_argument(
        "--cpu-budget",
        type=float,
        help="strong's CPU seconds a decision (bots.Budget, floor 4, ceiling 30 s) "
        "instead of --budget's wall-clock seconds",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--thread-time",
        action="store_true",
        help="time decisions by the thread's CPU time (what the bot spends, whatever else the "
        "machine does) instead of the wall clock",
    )
    parser.add_argument("--matchups", nargs="*", default=list(MATCHUPS), choices=list(MATCHUPS))
    args = parser.parse_args(argv)
    results: list[dict] = []
    peak_mb = 0.0
    for name in args.matchups:
        budget = (
            Budget(cpu_seconds=args.cpu_budget, floor=4, ceiling=30.0)
            if args.cpu_budget
            else args.budget
        )
        clock = time.thread_time if args.thread_time else time.perf_counter
        results.append(run_matchup(name, args.games, budget, args.seed, clock))
        # Written after every matchup: a long run cut short keeps the matchups it finished.
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        write_results(
            "tournament",
            {"machine": machine(), "peak_memory_mb": peak_mb, "matchups": results},
        )
    rows = []
    for r in results:
        low, high = r["win_rate_ci95"]
        m_low, m_high = r["mean_margin_ci95"]
        hero_ms, other_ms = r["decision_ms"][r["hero"]], r["decision_ms"][r["other"]]
        rows.append(
            [
                r["matchup"],
                str(r["games"]),
                f"{r['win_rate']:.0%} [{low:.0%}–{high:.0%}]",
                f"{r['target']:.0%}" if r["target"] else "",
                f"{r['mean_margin']:+.1f} [{m_low:+.1f}, {m_high:+.1f}]",
                f"{hero_ms['p50']:.1f} / {hero_ms['p95']:.1f}",
                f"{other_ms['p50']:.1f} / {other_ms['p95']:.1f}",
            ]
        )
    print_table(
        [
            "matchup",
            "games",
            "hero win rate [95 % CI]",
            "target",
            "hero margin [95 % CI]",
            "hero ms p50/p95",
            "others ms p50/p95",
        ],
        rows,
    )
    print(f"peak memory of this process: {peak_mb:.0f} MB")
    path = write_results(
        "tournament",
        {"machine": machine(), "peak_memory_mb": peak_mb, "matchups": results},
    )
    print(f"written to {path}")


if __name__ == "__main__":
    main()
