"""Engine benchmark: decisions/s, complete games/s and replay cost per event, on one core.

    python -m bench.engine_bench [--games 200] [--players 4] [--seed 1]

Prints a table and writes bench/results/engine.json. Targets (issue "Khôra rules engine,
part 1"): at least 20,000 decisions/s and 50 complete 4-player games/s.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from pathlib import Path

import engine
from engine.simulate import play_random_game

RESULTS = Path(__file__).parent / "results"


def measure(games: int, players: int, seed: int) -> dict:
    game = engine.get_game("khora")
    rng = random.Random(seed)
    logs = []
    started = time.perf_counter()
    for _ in range(games):
        _, events = play_random_game(game, players, rng)
        logs.append(events)
    played = time.perf_counter() - started

    decisions = sum(1 for log in logs for e in log if e.type == "decision")
    events = sum(len(log) for log in logs)

    started = time.perf_counter()
    for log in logs:
        engine.replay(game, players, None, log)
    replayed = time.perf_counter() - started

    raw_logs = [[e.to_dict() for e in log] for log in logs]
    started = time.perf_counter()
    for log in raw_logs:
        engine.replay(game, players, None, log)
    replayed_from_dicts = time.perf_counter() - started

    return {
        "games": games,
        "players": players,
        "events": events,
        "decisions": decisions,
        "games_per_s": games / played,
        "decisions_per_s": decisions / played,
        "events_per_s": events / played,
        "replay_us_per_event": replayed / events * 1e6,
        "replay_from_json_us_per_event": replayed_from_dicts / events * 1e6,
        "replay_ms_per_game": replayed / games * 1e3,
        "targets": {"decisions_per_s": 20_000, "games_per_s": 50},
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Khôra engine benchmark")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    result = measure(args.games, args.players, args.seed)
    rows = [
        ("complete games/s", f"{result['games_per_s']:.1f}", "≥ 50"),
        ("decisions/s (decide + apply + prompts)", f"{result['decisions_per_s']:.0f}", "≥ 20000"),
        ("events/s (decisions and chance)", f"{result['events_per_s']:.0f}", ""),
        ("replay, µs per event", f"{result['replay_us_per_event']:.1f}", ""),
        (
            "replay from JSON dicts, µs per event",
            f"{result['replay_from_json_us_per_event']:.1f}",
            "",
        ),
        ("replay, ms per game", f"{result['replay_ms_per_game']:.2f}", ""),
    ]
    print(f"{args.games} random {args.players}-player games, seed {args.seed}")
    for name, value, target in rows:
        print(f"  {name:<42} {value:>10}  {target}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "engine.json").write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
