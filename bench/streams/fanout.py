"""Part B, `fanout`: how long one change to a game takes to reach the last of its 500 readers.

One game with 1 spectator stream and one with `--readers` (500), every spectator anonymous with
`Accept-Language: en` (one language, so all see the same redacted entry), limits off.
`--changes` (30) decisions in each game, interleaved (1, 500, 500, 1, 1, 500, ...); each change
is timed from its commit to the moment the last of that game's readers has the entry with the
commit's seq (also the first reader, and the median one). The changes stop early (with at least
5 each) after `--phase-seconds` (90).

Target: p50 to the last of 500 readers ≤ 5× the p50 with 1 reader.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter

from bench.harness import print_table
from bench.streams.client import Reader, stream_path, tally
from bench.streams.figures import ms, verdict
from bench.streams.games import Player, commit_decision, make_game, settle
from bench.streams.resources import CpuMeter, process_figures
from bench.streams.server import LIMITS_OFF, Uvicorn, uvicorn_env

TARGET_FANOUT_RATIO = 5.0


def run(args, env: dict, players: list[Player]) -> dict:
    games = {"1 reader": make_game(players), f"{args.readers} readers": make_game(players)}
    sizes = {"1 reader": 1, f"{args.readers} readers": args.readers}
    headers = {"Accept-Language": "en"}
    server_env = uvicorn_env(env, args, LIMITS_OFF)
    samples: dict[str, dict[str, list[float]]] = {
        name: {"last": [], "first": [], "median": [], "server_cpu": []} for name in games
    }
    missed = Counter()
    with Uvicorn(server_env) as server:
        reader = Reader(server.port)
        try:
            opened = {}
            for name, game in games.items():
                answers = reader.request_many(
                    [stream_path(game)] * sizes[name], headers, name, True, args.openers
                )
                opened[name] = tally(answers)
                print(f"{name}: {opened[name]['opened']} open", flush=True)
            time.sleep(1)
            rng = random.Random(args.seed)
            meter = CpuMeter(server.pid, args.database_name)
            names = list(games)
            began, stopped_early = time.monotonic(), False
            for index in range(args.changes):
                if index >= 5 and time.monotonic() - began > args.phase_seconds:
                    stopped_early = True  # a tree where 500 readers cost seconds a change
                    break
                order = names if index % 4 in (0, 3) else names[::-1]  # 1, 500, 500, 1, ...
                for name in order:
                    game = games[name]
                    cpu_before = process_figures(server.pid)[1]
                    made = commit_decision(game, players, rng)
                    if made is None:
                        missed[name] += 1
                        continue
                    seq, committed_at = made
                    if not reader.wait_for(name, seq):
                        missed[name] += 1
                        settle(game, reader, [name])
                        continue
                    samples[name]["server_cpu"].append(process_figures(server.pid)[1] - cpu_before)
                    reached = sorted(s.reached(seq) - committed_at for s in reader.open_in(name))
                    samples[name]["last"].append(reached[-1])
                    samples[name]["first"].append(reached[0])
                    samples[name]["median"].append(reached[len(reached) // 2])
                    settle(game, reader, [name])
                    time.sleep(0.05)
            cpu = meter.read()
            still_open = {name: len(reader.open_in(name)) for name in games}
            timestamps = reader.timestamps()
        finally:
            reader.stop()
    one, many = names
    figures = {
        name: {
            "streams": opened[name],
            "open_at_end": still_open[name],
            "changes": len(samples[name]["last"]),
            "missed": missed[name],
            "to_last_reader_ms": ms(samples[name]["last"]),
            "to_first_reader_ms": ms(samples[name]["first"]),
            "to_median_reader_ms": ms(samples[name]["median"]),
            "server_cpu_ms_per_change": round(
                statistics.fmean(samples[name]["server_cpu"]) * 1000, 1
            )
            if samples[name]["server_cpu"]
            else None,
        }
        for name in games
    }
    ratio = None
    if samples[one]["last"] and samples[many]["last"]:
        ratio = statistics.median(samples[many]["last"]) / statistics.median(samples[one]["last"])
    return {
        "part": "fanout",
        "server_log": server.log_summary(),
        "readers": args.readers,
        "language": "en",
        "games": figures,
        "ratio_p50_last": round(ratio, 2) if ratio is not None else None,
        "stopped_after_phase_seconds": stopped_early,
        "cpu_seconds": cpu,
        "arrival_times": timestamps,
        "targets": {
            "ratio_p50_last": {
                "target": f"≤ {TARGET_FANOUT_RATIO}",
                "pass": ratio is not None and ratio <= TARGET_FANOUT_RATIO,
            }
        },
    }


def report(result: dict) -> None:
    rows = []
    for name, figures in result["games"].items():
        last = figures["to_last_reader_ms"] or {}
        first = figures["to_first_reader_ms"] or {}
        rows.append(
            [
                name,
                f"{figures['streams']['opened']} / {figures['streams']['asked']}",
                f"{figures['changes']} ({figures['missed']} missed)",
                f"{last.get('p50')} / {last.get('p90')} / {last.get('max')}",
                f"{first.get('p50')}",
                f"{figures['server_cpu_ms_per_change']}",
            ]
        )
    print(f"\nB. one change fanned out to {result['readers']} spectator streams (one language)")
    print_table(
        ["game", "streams open", "changes", "commit → last reader p50/p90/max ms",
         "→ first p50 ms", "server CPU ms/change"],
        rows,
    )  # fmt: skip
    target = result["targets"]["ratio_p50_last"]
    if result["stopped_after_phase_seconds"]:
        print("(the changes stopped early: --phase-seconds had passed)")
    print(
        f"p50 to the last of {result['readers']} ÷ p50 with 1 reader: {result['ratio_p50_last']}× "
        f"(target {target['target']}×) {verdict(target['pass'])}"
    )
