"""Engine benchmark: decisions/s, complete games/s and replay cost per event, on one core.

    python -m bench.engine_bench [--games 200] [--players 4] [--seed 1]
    python -m bench.engine_bench --against REV [--runs 3] [--games 200] [--batch 10]

Prints a table and writes bench/results/engine.json. Targets (issue "Khôra rules engine,
part 1"): at least 20,000 decisions/s and 50 complete 4-player games/s.

`--against REV` compares this tree's engine with the engine of git revision REV (issue 14:
at least 2× the games/s and decisions/s of the code before the fast paths). REV's `engine/`
is exported to a temporary directory and each engine runs in a process of its own. In each
run both play the same seeded games, taking turns every `--batch` games (the order
alternating), so both see the same load on a shared machine. It prints each figure, its
reference, their ratio and the spread of the per-run ratios.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

RESULTS = Path(__file__).parent / "results"
ROOT = Path(__file__).resolve().parent.parent
FIGURES = {  # name, label, True when higher is better
    "games_per_s": ("complete games/s", True),
    "decisions_per_s": ("decisions/s (decide + apply + prompts)", True),
    "events_per_s": ("events/s (decisions and chance)", True),
    "replay_us_per_event": ("replay, µs per event", False),
    "replay_from_json_us_per_event": ("replay from JSON dicts, µs per event", False),
    # The same per second of the process's own CPU time: what the engine costs, without the
    # time it waited for a core on a shared machine (steadier from run to run).
    "games_per_cpu_s": ("complete games per CPU second", True),
    "decisions_per_cpu_s": ("decisions per CPU second", True),
    "replay_cpu_us_per_event": ("replay, CPU µs per event", False),
}


def measure(games: int, players: int, seed: int) -> dict:
    import engine  # imported here: with --engine-root it comes from another revision
    from engine.simulate import play_random_game

    game = engine.get_game("khora")
    rng = random.Random(seed)
    logs = []
    started, cpu_started = time.perf_counter(), time.process_time()
    for _ in range(games):
        _, game_log = play_random_game(game, players, rng)
        logs.append(game_log)
    played, cpu_played = time.perf_counter() - started, time.process_time() - cpu_started

    decisions = sum(1 for log in logs for e in log if e.type == "decision")
    events = sum(len(log) for log in logs)

    started, cpu_started = time.perf_counter(), time.process_time()
    for log in logs:
        engine.replay(game, players, None, log)
    replayed, cpu_replayed = time.perf_counter() - started, time.process_time() - cpu_started

    raw_logs = [[e.to_dict() for e in log] for log in logs]
    started = time.perf_counter()
    for raw_log in raw_logs:
        engine.replay(game, players, None, raw_log)
    replayed_from_dicts = time.perf_counter() - started

    return {
        "games": games,
        "players": players,
        "events": events,
        "decisions": decisions,
        "games_per_s": games / played,
        "games_per_cpu_s": games / cpu_played,
        "decisions_per_cpu_s": decisions / cpu_played,
        "replay_cpu_us_per_event": cpu_replayed / events * 1e6,
        "decisions_per_s": decisions / played,
        "events_per_s": events / played,
        "replay_us_per_event": replayed / events * 1e6,
        "replay_from_json_us_per_event": replayed_from_dicts / events * 1e6,
        "replay_ms_per_game": replayed / games * 1e3,
        "targets": {"decisions_per_s": 20_000, "games_per_s": 50},
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def export_engine(rev: str, into: Path) -> None:
    """Write revision `rev`'s engine package (only it) under `into`."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", rev, "engine"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


class EngineProcess:
    """A fresh interpreter whose `engine` is the one under `engine_root`, measuring batches
    of games on request (`--serve`), so two engines can take turns batch by batch."""

    def __init__(self, engine_root: Path, args):
        command = [
            sys.executable, "-m", "bench.engine_bench", "--serve", "--engine-root",
            str(engine_root), "--players", str(args.players),
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdin is not None and self.process.stdout is not None  # PIPEs
        self.requests, self.answers = self.process.stdin, self.process.stdout

    def measure(self, games: int, seed: int) -> dict:
        self.requests.write(f"{games} {seed}\n")
        self.requests.flush()
        line = self.answers.readline()
        if not line:
            sys.exit(f"the benchmark's engine process stopped (exit {self.process.wait()})")
        return json.loads(line)

    def close(self) -> None:
        self.requests.close()
        self.process.wait()


def serve(players: int) -> None:
    """Answer `GAMES SEED` lines with `measure`'s figures, one JSON line each."""
    measure(2, players, 0)  # warm up: imports, caches
    for line in sys.stdin:
        games, seed = (int(word) for word in line.split())
        print(json.dumps(measure(games, players, seed)), flush=True)


def _totals(batches: list[dict]) -> dict:
    """One run's figures from its batches: totals over totals, not a mean of rates."""
    games = sum(batch["games"] for batch in batches)
    decisions = sum(batch["decisions"] for batch in batches)
    events = sum(batch["events"] for batch in batches)
    played = sum(batch["games"] / batch["games_per_s"] for batch in batches)
    cpu_played = sum(batch["games"] / batch["games_per_cpu_s"] for batch in batches)
    cpu_replayed = sum(batch["replay_cpu_us_per_event"] * batch["events"] for batch in batches)
    replayed = sum(batch["replay_us_per_event"] * batch["events"] for batch in batches)
    from_json = sum(batch["replay_from_json_us_per_event"] * batch["events"] for batch in batches)
    return {
        "games_per_s": games / played,
        "decisions_per_s": decisions / played,
        "events_per_s": events / played,
        "replay_us_per_event": replayed / events,
        "replay_from_json_us_per_event": from_json / events,
        "games_per_cpu_s": games / cpu_played,
        "decisions_per_cpu_s": decisions / cpu_played,
        "replay_cpu_us_per_event": cpu_replayed / events,
    }


def compare(args) -> dict:
    """Both engines play the same batches of `args.batch` seeded games, taking turns batch by
    batch (the order alternating), `args.runs` runs of `args.games` games each."""
    with tempfile.TemporaryDirectory(prefix="engine-ref-") as reference_root:
        export_engine(args.against, Path(reference_root))
        engines = {
            "reference": EngineProcess(Path(reference_root), args),
            "current": EngineProcess(ROOT, args),
        }
        runs = []
        try:
            for run in range(args.runs):
                batches: dict[str, list] = {"reference": [], "current": []}
                for index in range(max(1, args.games // args.batch)):
                    seed = args.seed + 1000 * run + index
                    order = ["reference", "current"] if index % 2 == 0 else ["current", "reference"]
                    for which in order:
                        batches[which].append(engines[which].measure(args.batch, seed))
                runs.append({which: _totals(measured) for which, measured in batches.items()})
        finally:
            for process in engines.values():
                process.close()
    figures = {}
    for name, (_label, higher_is_better) in FIGURES.items():
        ratios = []
        for measured in runs:
            current, reference = measured["current"][name], measured["reference"][name]
            ratios.append(current / reference if higher_is_better else reference / current)
        figures[name] = {
            "current": [measured["current"][name] for measured in runs],
            "reference": [measured["reference"][name] for measured in runs],
            "speedup": ratios,
        }
    return {
        "against": args.against,
        "games": args.games,
        "batch": args.batch,
        "players": args.players,
        "seed": args.seed,
        "runs": args.runs,
        "figures": figures,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def report_comparison(result: dict) -> None:
    print(
        f"{result['games']} random {result['players']}-player games, seed {result['seed']}: "
        f"this tree against {result['against']}, {result['runs']} runs, the two engines taking "
        f"turns every {result['batch']} games (medians of the runs; speedup = how many times "
        "faster in each run, median [min–max])"
    )
    print(f"  {'':<42} {'current':>10} {'reference':>10}  speedup")
    for name, (label, _higher) in FIGURES.items():
        figure = result["figures"][name]
        speedups = figure["speedup"]
        print(
            f"  {label:<42} {statistics.median(figure['current']):>10.1f} "
            f"{statistics.median(figure['reference']):>10.1f}  "
            f"{statistics.median(speedups):.2f}× [{min(speedups):.2f}–{max(speedups):.2f}]"
        )


def report(result: dict, args) -> None:
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


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Khôra engine benchmark")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", metavar="REV", help="also measure git revision REV's engine")
    parser.add_argument("--runs", type=int, default=3, help="alternating runs with --against")
    parser.add_argument("--batch", type=int, default=10, help="games per turn with --against")
    parser.add_argument("--engine-root", help=argparse.SUPPRESS)  # a child of --against
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.serve:
        sys.path.insert(0, args.engine_root)
        serve(args.players)
        return
    if args.against:
        result = compare(args)
        report_comparison(result)
        name = "engine_against.json"
    else:
        result = measure(args.games, args.players, args.seed)
        report(result, args)
        name = "engine.json"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / name).write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
