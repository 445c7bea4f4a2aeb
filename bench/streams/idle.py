"""Part A, `idle`: what 2,000 idle streams cost one uvicorn process, in memory and CPU.

`--streams` (2,000) spectator streams spread over 50 games nobody plays, stream limits off
(`STREAM_LIMIT_PER_ADDRESS=0`, and the per-user and per-process limits). Memory per stream is
the server's resident memory from `--warm` (50) streams open to all of them open, divided by the
streams added (the first streams pay for the server's first requests, the read pool and the
Redis listener: that figure, from no stream, is printed too). Idle CPU is the server's CPU time
over `--idle` seconds (30: two heartbeats of each stream at `STREAM_HEARTBEAT_SECONDS=15`) with
all of them open, in % of one core; the reference is the same measure with only the warm streams
open, over `--idle-reference` seconds. With all of them open, a 51st game is played
(`--decisions` decisions) and its player's stream times commit → entry; the reference there is a
bare Redis pub/sub round trip (publish → a subscriber of this process), the floor under any
commit → event path.

Targets: ≤ 100 kB a stream, idle CPU ≤ 2 % of a core.
"""

from __future__ import annotations

import random
import time

from bench.harness import latency_ms, print_table
from bench.streams.client import Reader, stream_path, tally
from bench.streams.figures import ms, verdict
from bench.streams.games import Player, commit_decision, make_game, settle
from bench.streams.resources import CpuMeter, process_figures
from bench.streams.server import LIMITS_OFF, Uvicorn, uvicorn_env

TARGET_KB_PER_STREAM = 100
TARGET_IDLE_CPU_PERCENT = 2.0


def redis_round_trips(redis_url: str, count: int) -> list[float]:
    """Publish → a subscriber of this process, `count` times: the floor under any commit → event
    path, since every stream's notice crosses Redis pub/sub."""
    import redis

    client = redis.Redis.from_url(redis_url)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe("bench:ping")
    pubsub.get_message(timeout=1)
    times = []
    for _ in range(count):
        started = time.perf_counter()
        client.publish("bench:ping", "x")
        while pubsub.get_message(timeout=5) is None:
            pass
        times.append(time.perf_counter() - started)
        time.sleep(0.01)
    return times


def run(args, env: dict, players: list[Player]) -> dict:
    idle_games = [make_game(players) for _ in range(50)]
    live = make_game(players)
    paths = [stream_path(idle_games[i % len(idle_games)]) for i in range(args.streams)]
    warm = min(args.warm, args.streams)
    server_env = uvicorn_env(env, args, LIMITS_OFF)
    with Uvicorn(server_env) as server:
        reader = Reader(server.port)
        try:
            rss_start, _ = process_figures(server.pid)
            began = time.perf_counter()
            answers = reader.request_many(paths[:warm], {}, "idle", False, args.openers)
            open_seconds = time.perf_counter() - began
            time.sleep(2)
            rss_warm, cpu_warm = process_figures(server.pid)
            time.sleep(args.idle_reference)
            _, cpu_warm_idle = process_figures(server.pid)
            began = time.perf_counter()
            answers += reader.request_many(paths[warm:], {}, "idle", False, args.openers)
            open_seconds += time.perf_counter() - began
            opened = tally(answers)
            print(f"idle streams: {opened['opened']} of {args.streams} open", flush=True)
            time.sleep(2)
            rss_open, cpu_open = process_figures(server.pid)
            client_before, bytes_before = time.process_time(), reader.received_bytes
            idle_meter = CpuMeter(server.pid, args.database_name)
            time.sleep(args.idle)
            rss_idle, cpu_idle = process_figures(server.pid)
            cpu_idle_window = idle_meter.read()
            client_idle = time.process_time() - client_before
            idle_bytes = reader.received_bytes - bytes_before
            still_open = len(reader.open_in("idle"))

            watcher = players[0]
            reader.request(
                stream_path(live),
                {"Authorization": f"Bearer {watcher.token}", "X-Forwarded-For": watcher.address},
                "live",
                True,
            )
            time.sleep(0.5)
            rng = random.Random(args.seed)
            meter = CpuMeter(server.pid, args.database_name)
            latencies, missed = [], 0
            for _ in range(args.decisions):
                made = commit_decision(live, players, rng)
                if made is None:
                    break
                seq, committed_at = made
                if reader.wait_for("live", seq):
                    latencies.append(reader.open_in("live")[0].reached(seq) - committed_at)
                else:
                    missed += 1
                settle(live, reader, ["live"])
                time.sleep(0.02)
            cpu_latency = meter.read()
            rss_end, _ = process_figures(server.pid)
            reference = redis_round_trips(args.redis_url, max(args.decisions, 30))
            timestamps = reader.timestamps()
        finally:
            reader.stop()
    added = opened["opened"] - warm
    kb_per_stream = (rss_open - rss_warm) * 1024 / added if added > 0 else None
    idle_cpu = (cpu_idle - cpu_open) / args.idle * 100
    reference_cpu = (cpu_warm_idle - cpu_warm) / args.idle_reference * 100
    return {
        "part": "idle",
        "server_log": server.log_summary(),
        "streams": {"asked": args.streams, "warm": warm, **opened, "open_after_idle": still_open},
        "open_seconds": round(open_seconds, 2),
        "server_rss_mb": {
            "start": round(rss_start, 1),
            "warm": round(rss_warm, 1),
            "all_open": round(rss_open, 1),
            "after_idle": round(rss_idle, 1),
            "end": round(rss_end, 1),
        },
        "kb_per_stream": round(kb_per_stream, 1) if kb_per_stream is not None else None,
        "kb_per_stream_from_start": round(
            (rss_open - rss_start) * 1024 / max(1, opened["opened"]), 1
        ),
        "idle_seconds": args.idle,
        "idle_cpu_percent": round(idle_cpu, 2),
        "idle_reference_seconds": args.idle_reference,
        "idle_cpu_percent_warm_only": round(reference_cpu, 2),
        "client_cpu_percent_while_idle": round(client_idle / args.idle * 100, 2),
        "cpu_seconds_idle_window": cpu_idle_window,
        "bytes_received_while_idle": idle_bytes,
        "live_game": {
            "decisions": len(latencies) + missed,
            "missed": missed,
            "commit_to_entry_ms": ms(latencies),
            "cpu_seconds": cpu_latency,
        },
        "redis_round_trip_ms": latency_ms(reference),
        "arrival_times": timestamps,
        "targets": {
            "kb_per_stream": {
                "target": f"≤ {TARGET_KB_PER_STREAM}",
                "pass": kb_per_stream is not None and kb_per_stream <= TARGET_KB_PER_STREAM,
            },
            "idle_cpu_percent": {
                "target": f"≤ {TARGET_IDLE_CPU_PERCENT}",
                "pass": idle_cpu <= TARGET_IDLE_CPU_PERCENT,
            },
            "all_opened": {"target": args.streams, "pass": opened["opened"] == args.streams},
        },
    }


def report(result: dict) -> None:
    s, rss = result["streams"], result["server_rss_mb"]
    live, floor = result["live_game"]["commit_to_entry_ms"] or {}, result["redis_round_trip_ms"]
    targets = result["targets"]
    print(f"\nA. {s['asked']} idle streams on one uvicorn process (limits off)")
    print_table(
        ["figure", "measured", "reference (same run)", "target"],
        [
            ["streams open / asked", f"{s['opened']} / {s['asked']}", "",
             verdict(targets["all_opened"]["pass"])],
            ["  refused / errors", f"{s['asked'] - s['opened'] - s['connection_errors']} / "
             f"{s['connection_errors']}", "", ""],
            ["opening them took", f"{result['open_seconds']} s", "", ""],
            ["server memory", f"{rss['warm']} → {rss['all_open']} MB",
             f"{rss['start']} MB before any stream", ""],
            ["memory per stream", f"{result['kb_per_stream']} kB",
             f"{result['kb_per_stream_from_start']} kB counted from no stream",
             f"≤ {TARGET_KB_PER_STREAM} kB {verdict(targets['kb_per_stream']['pass'])}"],
            ["server CPU, idle", f"{result['idle_cpu_percent']} % of a core "
             f"({result['idle_seconds']:.0f} s)",
             f"{result['idle_cpu_percent_warm_only']} % with {s['warm']} open",
             f"≤ {TARGET_IDLE_CPU_PERCENT} % {verdict(targets['idle_cpu_percent']['pass'])}"],
            ["meanwhile: this client / other work", f"{result['client_cpu_percent_while_idle']} %"
             f" / {result['cpu_seconds_idle_window']['others'] / result['idle_seconds'] * 100:.0f}"
             " % of a core", "", ""],
            ["a live game's commit → entry p50 / p99",
             f"{live.get('p50')} / {live.get('p99')} ms ({live.get('samples', 0)} decisions)",
             f"Redis pub/sub {floor['p50']} / {floor['p99']} ms", ""],
        ],
    )  # fmt: skip
