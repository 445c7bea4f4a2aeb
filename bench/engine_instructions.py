"""Engine cost in machine instructions, this tree against another revision: a figure that
does not move with the machine's load.

    python -m bench.engine_instructions --against REV [--games 20] [--players 4] [--seed 1]

`engine_bench --against` times both engines taking turns, and on a shared machine its runs
still spread by ±10 %. This counts the instructions each engine executes instead, with
valgrind's callgrind (Debian's `valgrind` package), which gives the same count for the same
interpreter, engine and seed whatever else the machine is doing. Each engine plays the same
seeded random games in a fresh interpreter run twice under callgrind: with `--warm-up` games
and with `--warm-up` + `--games` games; the difference is the cost of the games alone, without
the imports and the caches the first games fill. Hash randomisation is fixed
(PYTHONHASHSEED=0) so that dict and set layouts repeat too.

Instructions are not seconds (a cache miss costs more than an addition), but for two versions
of the same pure-Python engine on the same interpreter their ratio follows the ratio of CPU
time closely; the timed benchmark stays the reference. Prints a table and writes
bench/results/engine_instructions.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.engine_bench import RESULTS, ROOT, export_engine

COLLECTED = re.compile(r"Collected : (\d+)")


def play(engine_root: str, games: int, players: int, seed: int) -> None:
    """The measured program: `games` seeded random games with the engine under `engine_root`;
    prints the number of events played."""
    sys.path.insert(0, engine_root)
    import engine  # the engine of engine_root: imported after the path is set
    from engine.simulate import play_random_game

    game = engine.get_game("khora")
    rng = random.Random(seed)
    events = 0
    for _ in range(games):
        _, log = play_random_game(game, players, rng)
        events += len(log)
    print(events)


def count(engine_root: Path, games: int, args) -> tuple[int, int]:
    """(instructions, events) of a fresh interpreter playing `games` games under callgrind."""
    with tempfile.TemporaryDirectory(prefix="callgrind-") as out:
        command = [
            "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/callgrind.out",
            sys.executable, "-m", "bench.engine_instructions", "--play",
            "--engine-root", str(engine_root), "--games", str(games),
            "--players", str(args.players), "--seed", str(args.seed),
        ]  # fmt: skip
        environment = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(
            command, cwd=ROOT, env=environment, capture_output=True, text=True, check=True
        )
    found = COLLECTED.search(done.stderr)
    if found is None:
        sys.exit(f"callgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1)), int(done.stdout.split()[-1])


def cost_of_games(engine_root: Path, args) -> dict:
    """Instructions of `args.games` games alone: a longer run less a run of the warm-up."""
    warm, warm_events = count(engine_root, args.warm_up, args)
    total, total_events = count(engine_root, args.warm_up + args.games, args)
    instructions, events = total - warm, total_events - warm_events
    return {
        "instructions": instructions,
        "events": events,
        "per_game": instructions / args.games,
        "per_event": instructions / events,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="the revision to compare with")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--warm-up", type=int, default=2, help="games left out of the count")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)  # the child
    parser.add_argument("--engine-root", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.play:
        play(args.engine_root, args.games, args.players, args.seed)
        return
    if not args.against:
        parser.error("--against REV is required")
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="engine-ref-") as reference_root:
        export_engine(args.against, Path(reference_root))
        reference = cost_of_games(Path(reference_root), args)
    current = cost_of_games(ROOT, args)
    result = {
        "against": args.against,
        "games": args.games,
        "players": args.players,
        "seed": args.seed,
        "current": current,
        "reference": reference,
        "speedup": reference["per_game"] / current["per_game"],
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    print(
        f"{args.games} random {args.players}-player games, seed {args.seed}, after "
        f"{args.warm_up} warm-up games: instructions, this tree against {args.against}"
    )
    print(f"  {'':<26} {'current':>14} {'reference':>14}")
    for label, key in (
        ("instructions per game", "per_game"),
        ("events played", "events"),  # differ where a rule changed between the revisions
        ("instructions per event", "per_event"),
    ):
        print(f"  {label:<26} {current[key]:>14,.0f} {reference[key]:>14,.0f}")
    print(f"  {'fewer instructions':<26} {result['speedup']:>14.2f}×")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "engine_instructions.json").write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
