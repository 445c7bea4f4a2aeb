"""The command: `python -m bench.streams [--part idle|fanout|flood|all] ...` (`--help` lists
every option). It sets up the bench's database, Redis and players once, then runs the parts
asked for in turn, each printing its table and writing bench/results/streams_<part>.json, and
ends with every target's verdict."""

from __future__ import annotations

import argparse
import os
import time

import bench.streams
from bench.harness import (
    bench_environment,
    flush_redis,
    machine,
    recreate_database,
    setup_django,
    write_results,
)
from bench.streams import fanout, flood, idle
from bench.streams.figures import verdict
from bench.streams.games import make_players

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/khora_bench_streams"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/3"

PARTS = {
    "idle": (idle.run, idle.report),
    "fanout": (fanout.run, fanout.report),
    "flood": (flood.run, flood.report),
}


def measure(args) -> dict[str, dict]:
    env = bench_environment(args.database_url, args.redis_url)
    env["CELERY_TASK_ALWAYS_EAGER"] = "false"  # as a web server: advances are enqueued only
    env["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
    env["STREAM_HEARTBEAT_SECONDS"] = "15"
    recreate_database(args.database_url)
    flush_redis(args.redis_url)
    setup_django(env)
    players = make_players()
    results = {}
    parts = list(PARTS) if args.part == "all" else [args.part]
    try:
        for part in parts:
            run, report = PARTS[part]
            began = time.perf_counter()
            result = run(args, env, players)
            result["seconds"] = round(time.perf_counter() - began, 1)
            result["benchmark"] = f"streams:{part}"
            result["machine"] = machine()
            result["load_average_after"] = os.getloadavg()
            result["server_env"] = args.server_env
            report(result)
            log = result["server_log"]
            print(f"uvicorn's log: {log['lines']} lines {log['kinds']}")
            cpu = result.get("cpu_seconds") or result.get("live_game", {}).get("cpu_seconds")
            print(
                f"arrivals: {result['arrival_times']}"
                + (f"; CPU seconds of the timed changes: {cpu}" if cpu else "")
            )
            print(f"({result['seconds']} s) written to {write_results(f'streams_{part}', result)}")
            results[part] = result
    finally:
        flush_redis(args.redis_url)
    return results


def server_env_pair(text: str) -> tuple[str, str]:
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError("NAME=VALUE")
    return name, value


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.streams", description=bench.streams.__doc__.splitlines()[0]
    )
    parser.add_argument("--part", choices=[*PARTS, "all"], default="all")
    parser.add_argument("--streams", type=int, default=2000, help="A: idle streams")
    parser.add_argument("--warm", type=int, default=50, help="A: streams opened before measuring")
    parser.add_argument("--idle", type=float, default=30.0, help="A: seconds of idle streams")
    parser.add_argument(
        "--idle-reference", type=float, default=10.0, help="A: seconds idle with the warm ones"
    )
    parser.add_argument("--decisions", type=int, default=30, help="A: decisions of a live game")
    parser.add_argument("--readers", type=int, default=500, help="B: spectators of one game")
    parser.add_argument("--changes", type=int, default=30, help="B: changes per game")
    parser.add_argument("--flood", type=int, default=1000, help="C: streams the address asks")
    parser.add_argument("--flood-decisions", type=int, default=30, help="C: decisions a phase")
    parser.add_argument(
        "--flood-on",
        choices=["played", "idle"],
        default="played",
        help="C: the flood follows the game being played, or 50 games nobody plays",
    )
    parser.add_argument(
        "--phase-seconds",
        type=float,
        default=90.0,
        help="B: the changes, C: each phase, stop after this long (with at least 5 each)",
    )
    parser.add_argument("--gunicorn-workers", type=int, default=2, help="C: the POSTs' server")
    parser.add_argument("--openers", type=int, default=8, help="streams asked for at a time")
    parser.add_argument(
        "--server-env",
        type=server_env_pair,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set in uvicorn's environment after the part's own (e.g. STREAM_LIMIT_PER_ADDRESS=48)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url", default=os.environ.get("BENCH_STREAMS_DATABASE_URL", DEFAULT_DATABASE_URL)
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    args = parser.parse_args(argv)
    args.server_env = dict(args.server_env)
    args.database_name = args.database_url.rstrip("/").rsplit("/", 1)[-1].split("?")[0]
    results = measure(args)
    print("\nTargets (issue 39):")
    for part, result in results.items():
        for name, target in result["targets"].items():
            print(f"  {part:6} {name:22} {target['target']!s:45} {verdict(target['pass'])}")


if __name__ == "__main__":
    main()
