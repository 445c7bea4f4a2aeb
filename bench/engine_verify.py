"""Same games, same views: this tree's engine against the engine of another git revision.

    python -m bench.engine_verify --against REV [--games 300] [--seed 1]

A check for engine changes that should change nothing a player sees (issue 14's fast paths).
REV's engine plays `--games` random games (2, 3 and 4 players, every fifth with chosen
cities); then both engines replay those logs and the golden games (tests/engine/golden/)
event by event, and after every event each one's views (every seat and a spectator) and open
prompts are hashed. Prints how many games agree and the first event where any game differs;
exits with status 1 if one does. Each engine runs in a process of its own, as in
`bench.engine_bench --against`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.engine_bench import ROOT, export_engine

GOLDEN = ROOT / "tests" / "engine" / "golden"


def write_logs(path: Path, games: int, seed: int) -> None:
    import random

    import engine
    from engine.simulate import play_random_game

    rules = engine.get_game("khora")
    logs = []
    for index in range(games):
        players = 2 + index % 3
        options = {"city_selection": "choose"} if index % 5 == 0 else None
        _, events = play_random_game(rules, players, random.Random(seed + index), options)
        logs.append(
            {
                "name": f"random {index}",
                "setup": {"num_players": players, "options": options},
                "events": [event.to_dict() for event in events],
            }
        )
    for golden in sorted(GOLDEN.glob("*.json")):
        logs.append({"name": f"golden {golden.name}", **json.loads(golden.read_text())})
    path.write_text(json.dumps(logs))


def digests(path: Path) -> dict[str, list[str]]:
    """Per game, a hash of what every viewer sees after each event."""
    import engine

    rules = engine.get_game("khora")
    result = {}
    for log in json.loads(path.read_text()):
        setup = log["setup"]
        state = rules.new_game(setup["num_players"], setup["options"])
        seen = []
        for raw in log["events"]:
            state = rules.apply(state, rules.event_from_dict(raw))
            shown = {
                "views": [rules.view(state, seat) for seat in [None, *range(state.num_players)]],
                "prompts": {seat: p.to_dict() for seat, p in rules.pending(state).items()},
            }
            text = json.dumps(shown, sort_keys=True, default=str)
            seen.append(hashlib.sha256(text.encode()).hexdigest()[:16])
        result[log["name"]] = seen
    return result


def run_child(engine_root: Path, *arguments: str) -> str:
    command = [
        sys.executable, "-m", "bench.engine_verify", "--engine-root", str(engine_root),
        *arguments,
    ]  # fmt: skip
    return subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REV", default="HEAD")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine-root", help=argparse.SUPPRESS)  # a child
    parser.add_argument("--write-logs", help=argparse.SUPPRESS)
    parser.add_argument("--digests", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.engine_root:
        sys.path.insert(0, args.engine_root)
        if args.write_logs:
            write_logs(Path(args.write_logs), args.games, args.seed)
        else:
            print(json.dumps(digests(Path(args.digests))))
        return

    with tempfile.TemporaryDirectory(prefix="engine-verify-") as work:
        reference_root, logs = Path(work) / "reference", Path(work) / "logs.json"
        reference_root.mkdir()
        export_engine(args.against, reference_root)
        run_child(
            reference_root, "--write-logs", str(logs), "--games", str(args.games),
            "--seed", str(args.seed),
        )  # fmt: skip
        reference = json.loads(run_child(reference_root, "--digests", str(logs)))
        current = json.loads(run_child(ROOT, "--digests", str(logs)))

    differing = [name for name in reference if reference[name] != current.get(name)]
    events = sum(len(seen) for seen in reference.values())
    print(
        f"{len(reference)} games ({args.games} random from {args.against}'s engine, seed "
        f"{args.seed}, and the golden games), {events} events: every viewer's view and open "
        f"prompts after every event, this tree against {args.against}"
    )
    if not differing:
        print(f"  identical in all {len(reference)} games")
        return
    for name in differing[:10]:
        pairs = zip(reference[name], current.get(name, []), strict=False)
        first = next((i for i, (a, b) in enumerate(pairs) if a != b), len(current.get(name, [])))
        print(f"  {name}: first differs after event {first + 1}")
    sys.exit(f"{len(differing)} of {len(reference)} games differ")


if __name__ == "__main__":
    main()
