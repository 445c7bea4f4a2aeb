"""Khlor, checked game by game: this tree's engine alone, or against another git revision's.

    python -m bench.khlor_verify [--games 300] [--seed 1] [--against REV]

Plays `--games` random games (2, 3 and 4 players in turn) and, after every event, checks the
invariants of `engine.khlor.checks` and that replaying the log gives the same views, prompts,
lines and scores. With `--against REV` (REV must have `engine/khlor/`), REV's engine plays the
games instead, then each engine replays the logs in a process of its own and hashes, after
every event, every viewer's view, the open prompts and the event's lines in both languages:
prints the first event where a game differs, and exits with status 1 if one does (as
`bench.engine_verify` does for Khôra). The engine's own rules must come from the logs alone.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.engine_bench import ROOT, export_engine


def write_logs(path: Path, games: int, seed: int) -> None:
    from engine.khlor import game

    logs = []
    for index in range(games):
        rng, players = random.Random(seed + index), 2 + index % 3
        state, events = game.new_game(players), []
        while not game.is_over(state):
            if game.needs_chance(state):
                event = game.sample_chance(state, rng)
            else:
                seat, prompt = next(iter(game.pending(state).items()))
                event = game.decide(state, seat, prompt.id, rng.choice(prompt.options).id)
            state = game.apply(state, event)
            events.append(event.to_dict())
        logs.append({"name": f"random {index}", "players": players, "events": events})
    path.write_text(json.dumps(logs))


def digests(path: Path, check: bool) -> dict[str, list[str]]:
    """Per game, a hash of what every viewer sees and reads after each event; `check`: also
    the invariants after each event and a replay's end against the play's."""
    from engine.khlor import checks, game

    result = {}
    for log in json.loads(path.read_text()):
        state, seen = game.new_game(log["players"]), []
        for raw in log["events"]:
            state, lines = game.apply_recorded(state, game.event_from_dict(raw))
            if check and checks.problems(state):
                sys.exit(f"{log['name']}: {checks.problems(state)} after event {len(seen) + 1}")
            shown = {
                "views": [game.view(state, seat) for seat in [None, *range(log["players"])]],
                "prompts": {s: p.to_dict(lang) for s, p in game.pending(state).items()
                            for lang in ("en", "uk")},
                "lines": [game.render(line, lang) for line in lines for lang in ("en", "uk")],
            }  # fmt: skip
            text = json.dumps(shown, sort_keys=True, default=str)
            seen.append(hashlib.sha256(text.encode()).hexdigest()[:16])
        if check:
            import engine

            replayed = engine.replay(game, log["players"], None, log["events"])
            if game.view(replayed, None) != game.view(state, None) or not game.is_over(state):
                sys.exit(f"{log['name']}: the replay does not end where the play did")
        result[log["name"]] = seen
    return result


def run_child(engine_root: Path, *arguments: str) -> str:
    command = [
        sys.executable, "-m", "bench.khlor_verify", "--engine-root", str(engine_root), *arguments,
    ]  # fmt: skip
    return subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", metavar="REV")
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
            print(json.dumps(digests(Path(args.digests), check=args.engine_root == str(ROOT))))
        return

    with tempfile.TemporaryDirectory(prefix="khlor-verify-") as work:
        logs = Path(work) / "logs.json"
        if args.against is None:
            write_logs(logs, args.games, args.seed)
            current = digests(logs, check=True)
            events = sum(len(seen) for seen in current.values())
            print(f"{len(current)} random games (seed {args.seed}), {events} events: invariants "
                  "after every event hold, every game ends, replay equals play")  # fmt: skip
            return
        reference_root = Path(work) / "reference"
        reference_root.mkdir()
        export_engine(args.against, reference_root)
        if not (reference_root / "engine" / "khlor").is_dir():
            sys.exit(f"{args.against} has no engine/khlor/ to compare with.")
        run_child(reference_root, "--write-logs", str(logs), "--games", str(args.games),
                  "--seed", str(args.seed))  # fmt: skip
        reference = json.loads(run_child(reference_root, "--digests", str(logs)))
        current = json.loads(run_child(ROOT, "--digests", str(logs)))

    differing = [name for name in reference if reference[name] != current.get(name)]
    events = sum(len(seen) for seen in reference.values())
    print(
        f"{len(reference)} random games from {args.against}'s engine (seed {args.seed}), "
        f"{events} events: views, prompts and lines after every event, this tree against "
        f"{args.against}; this tree's invariants checked after every event"
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
