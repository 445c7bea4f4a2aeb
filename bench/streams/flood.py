"""Part C, `flood`: what one client address asking for 1,000 streams gets, and what it costs
others.

The uvicorn process runs with `DJANGO_TRUSTED_PROXIES=1` and the stream limits left to the
server's defaults (or what `--server-env` sets); every client sends `X-Forwarded-For: <its
address>` as the one trusted proxy would. Decisions are POSTed to a gunicorn server
(`--gunicorn-workers` sync workers, on the same database and Redis) because that is where
production sends them (docs/operations.md: the proxy sends only the streams to uvicorn); the
flood reaches them only through what it costs the shared machine, while the other player's
stream is served by the flooded uvicorn process itself.

Three phases, each a fresh 2-player game whose players (each from an address of their own)
hold a game stream each: `--flood-decisions` (30) decisions without the flood; then one address
(203.0.113.9) asks for `--flood` (1,000) anonymous spectator streams, `--openers` (8) at a
time, and holds open whatever it is given, on the game being played (`--flood-on played`, the
costly choice for an attacker: every change wakes them all) or on 50 games nobody plays
(`--flood-on idle`: only holding them costs), while the same number of decisions is made; then,
the flood closed, the same again (the drift check). A phase stops early (with at least 5
decisions) after `--phase-seconds` (90), for a tree where each decision makes the server read
1,000 streams.

Per decision: the POST's round trip, and the time from sending the POST to the entry at the
other player's stream; before the next decision every stream of the game (the flood's too) has
all of it, so each decision meets the flood as it is, not a backlog. Each flood answer is
counted: 200 (held open), 429 (and whether it has Retry-After and is problem+json), any other
status (its headers and body kept), or a connection error.

Targets: the address is refused past its limit, every refusal 429 with Retry-After (no other
status, no connection error), and the decisions' p50 with the flood ≤ 1.5× without it (the two
phases without, pooled). A 503 counts against the first even though the server answers 503 by
design when the process is full (`STREAM_LIMIT_PER_PROCESS`, 4,000 by default): 1,000 streams
stay under it, so a 503 here is something else (the API's `database_unavailable` also says
503).
"""

from __future__ import annotations

import http.client
import json
import random
import statistics
import time
import uuid
from collections import Counter

from bench.harness import Gunicorn, print_table
from bench.streams.client import Reader, stream_path, tally
from bench.streams.figures import ms, verdict
from bench.streams.games import Player, make_game, open_prompt, settle
from bench.streams.resources import CpuMeter, process_figures
from bench.streams.server import LIMITS_OFF, Uvicorn, free_port, uvicorn_env

TARGET_FLOOD_RATIO = 1.5
# The flooding client's address, as the trusted proxy would report it in X-Forwarded-For.
FLOOD_ADDRESS = "203.0.113.9"


def post_decision(url_port: int, game, player: Player, prompt: dict, rng: random.Random):
    """POST one decision: (HTTP status, body, round trip in seconds, when it was sent)."""
    body = json.dumps(
        {"prompt": prompt["id"], "option": rng.choice(prompt["options"])["id"]}
    ).encode()
    connection = http.client.HTTPConnection("127.0.0.1", url_port, timeout=60)
    headers = {
        "Authorization": f"Bearer {player.token}",
        "Content-Type": "application/json",
        "Idempotency-Key": str(uuid.uuid4()),
        "X-Forwarded-For": player.address,
    }
    sent_at, began = time.time(), time.perf_counter()
    connection.request("POST", f"/api/v1/games/{game.public_id}/decisions/", body, headers)
    response = connection.getresponse()
    answer = response.read()
    seconds = time.perf_counter() - began
    connection.close()
    return response.status, answer, seconds, sent_at


def play_phase(
    name: str,
    game,
    players: list[Player],
    reader: Reader,
    server_pid: int,
    gunicorn_port: int,
    args,
    decisions: int,
    rng: random.Random,
    also_settle: tuple[str, ...] = (),
) -> dict:
    """`decisions` decisions POSTed by the players of `game`, each timed as a round trip and
    from its sending to the entry at the other player's stream. Before the next one, the game
    is advanced and every stream of it (the players', and `also_settle`) has all of it. Stops
    early, with at least 5 decisions, once `--phase-seconds` have passed."""
    groups, refused = {}, []
    for player in players:
        group = f"{name}:{player.user.username}"
        for _attempt in range(5):  # a player's own stream is not what is measured: retry it
            answer = reader.request(
                stream_path(game),
                {"Authorization": f"Bearer {player.token}", "X-Forwarded-For": player.address},
                group,
                True,
            )
            if answer.stream is not None:
                break
            refused.append(f"{answer.status} {answer.error or answer.body[:200]!r}")
            time.sleep(1)
        else:
            raise SystemExit(f"{player.user.username}'s stream was refused: {refused}")
        groups[player.user.username] = group
    time.sleep(0.5)
    posts, deliveries, failures = [], [], Counter()
    meter = CpuMeter(server_pid, args.database_name, gunicorn_port)
    began = time.monotonic()
    stopped_early = False
    for _ in range(decisions):
        if len(posts) >= 5 and time.monotonic() - began > args.phase_seconds:
            stopped_early = True
            break
        asked = open_prompt(game, players)
        if asked is None:
            break
        player, prompt = asked
        other = next(p for p in players if p is not player)
        status, body, seconds, sent_at = post_decision(gunicorn_port, game, player, prompt, rng)
        if status != 200:
            failures[str(status)] += 1
            continue
        posts.append(seconds)
        seq = json.loads(body)["last_seq"]
        group = groups[other.user.username]
        if reader.wait_for(group, seq):
            deliveries.append(reader.open_in(group)[0].reached(seq) - sent_at)
        else:
            failures["stream timed out"] += 1
        settle(game, reader, [*groups.values(), *also_settle])
        time.sleep(0.05)
    cpu = meter.read()
    for group in groups.values():
        reader.close_group(group)
    return {
        "decisions": len(posts),
        "stopped_after_phase_seconds": stopped_early,
        "players_streams_refused_first": refused,
        "failures": dict(failures),
        "post_round_trip_ms": ms(posts),
        "post_to_other_stream_ms": ms(deliveries),
        "cpu_seconds": cpu,
        "_posts": posts,
        "_deliveries": deliveries,
    }


def run(args, env: dict, players: list[Player]) -> dict:
    games = {phase: make_game(players) for phase in ("without", "flood", "without, after")}
    idle_games = [make_game(players) for _ in range(50)] if args.flood_on == "idle" else []
    server_env = uvicorn_env(env, args, {"DJANGO_TRUSTED_PROXIES": "1"})
    gunicorn_env = {**env, "DJANGO_TRUSTED_PROXIES": "1", "CELERY_TASK_ALWAYS_EAGER": "false"}
    limits = {name: server_env.get(name, "server default") for name in LIMITS_OFF}
    phases = {}
    gunicorn_port = free_port()
    with (
        Gunicorn(gunicorn_env, gunicorn_port, args.gunicorn_workers),
        Uvicorn(server_env) as server,
    ):
        reader = Reader(server.port)
        try:
            rng = random.Random(args.seed)

            def play(name: str, game, also_settle=()) -> dict:
                return play_phase(
                    name, game, players, reader, server.pid, gunicorn_port, args,
                    args.flood_decisions, rng, also_settle,
                )  # fmt: skip

            # Unmeasured decisions first: both servers load what a decision and a read need.
            play_phase("warm-up", make_game(players), players, reader, server.pid,
                       gunicorn_port, args, 2 * args.gunicorn_workers, rng)  # fmt: skip
            phases["without"] = play("without", games["without"])
            print(f"without the flood: {phases['without']['decisions']} decisions", flush=True)

            targets = [games["flood"]] if args.flood_on == "played" else idle_games
            paths = [stream_path(targets[i % len(targets)]) for i in range(args.flood)]
            rss_before, _ = process_figures(server.pid)
            began = time.perf_counter()
            answers = reader.request_many(
                paths, {"X-Forwarded-For": FLOOD_ADDRESS}, "flood", True, args.openers
            )
            flood_seconds = time.perf_counter() - began
            flood = tally(answers)
            print(
                f"flood: {flood['opened']} open, {flood['refused_429']} refused with 429, "
                f"{flood['other_statuses']} other answers, {flood['connection_errors']} "
                f"connection errors",
                flush=True,
            )
            time.sleep(1)
            rss_flood, _ = process_figures(server.pid)
            # The flood's own reads of a decision finish before the next decision, so each
            # decision meets the flood as it is, not a backlog of the decisions before it.
            settling = ("flood",) if args.flood_on == "played" else ()
            phases["flood"] = play("flood", games["flood"], settling)
            held_to_the_end = len(reader.open_in("flood"))
            reader.close_group("flood")
            print(f"with the flood: {phases['flood']['decisions']} decisions", flush=True)
            time.sleep(1)
            phases["without, after"] = play("after", games["without, after"])
            timestamps = reader.timestamps()
        finally:
            reader.stop()
    pooled = {
        key: phases["without"][f"_{key}"] + phases["without, after"][f"_{key}"]
        for key in ("posts", "deliveries")
    }
    ratios = {}
    for key in ("posts", "deliveries"):
        flooded = phases["flood"][f"_{key}"]
        if pooled[key] and flooded:
            ratios[key] = round(statistics.median(flooded) / statistics.median(pooled[key]), 2)
        else:
            ratios[key] = None
    for figures in phases.values():
        del figures["_posts"], figures["_deliveries"]
    refused_right = (
        flood["refused_429"] > 0
        and flood["refused_429_with_retry_after"] == flood["refused_429"]
        and flood["other_statuses"] == 0
        and flood["connection_errors"] == 0
    )
    return {
        "part": "flood",
        "server_log": server.log_summary(),
        "flood_on": args.flood_on,
        "server_limits": limits,
        "flood": {
            **flood,
            "address": FLOOD_ADDRESS,
            "open_seconds": round(flood_seconds, 2),
            "held_open_to_the_end": held_to_the_end,
            "server_rss_mb": {"before": round(rss_before, 1), "flood_open": round(rss_flood, 1)},
        },
        "phases": phases,
        "without_pooled": {
            "post_round_trip_ms": ms(pooled["posts"]),
            "post_to_other_stream_ms": ms(pooled["deliveries"]),
        },
        "ratio_p50": {"post_round_trip": ratios["posts"], "other_stream": ratios["deliveries"]},
        "decisions_through": f"gunicorn, {args.gunicorn_workers} sync workers",
        "arrival_times": timestamps,
        "targets": {
            "refused_past_limit": {"target": "some 429, all with Retry-After, nothing else",
                                   "pass": refused_right},
            "post_round_trip_ratio": {"target": f"≤ {TARGET_FLOOD_RATIO}",
                                      "pass": ratios["posts"] is not None
                                      and ratios["posts"] <= TARGET_FLOOD_RATIO},
            "other_stream_ratio": {"target": f"≤ {TARGET_FLOOD_RATIO}",
                                   "pass": ratios["deliveries"] is not None
                                   and ratios["deliveries"] <= TARGET_FLOOD_RATIO},
        },
    }  # fmt: skip


def report(result: dict) -> None:
    flood, targets = result["flood"], result["targets"]
    print(
        f"\nC. one address ({flood['address']}) asks for {flood['asked']} streams "
        f"(on {'the game being played' if result['flood_on'] == 'played' else '50 idle games'}); "
        f"server limits: " + ", ".join(f"{k}={v}" for k, v in result["server_limits"].items())
    )
    print_table(
        ["answer", "count"],
        [
            ["200, held open", f"{flood['opened']} ({flood['held_open_to_the_end']} still open "
             "after the flood phase)"],
            ["429", f"{flood['refused_429']} ({flood['refused_429_with_retry_after']} with "
             f"Retry-After, {flood['refused_429_problem_json']} problem+json)"],
            ["any other status", f"{flood['other_statuses']} {flood['statuses']}"],
            ["connection errors", f"{flood['connection_errors']} "
             f"{flood['first_connection_error'] or ''}"],
        ],
    )  # fmt: skip
    print(
        f"refused past its limit, every refusal 429 with Retry-After: "
        f"{verdict(targets['refused_past_limit']['pass'])}"
    )
    rows = []
    for name, figures in [*result["phases"].items(), ("without, pooled", result["without_pooled"])]:
        post = figures["post_round_trip_ms"] or {}
        other = figures["post_to_other_stream_ms"] or {}
        cpu, count = figures.get("cpu_seconds"), figures.get("decisions")
        per = (
            " / ".join(
                f"{cpu[k] * 1000 / count:.0f}"
                for k in ("uvicorn", "gunicorn", "postgres", "others")
            )
            if cpu and count
            else ""
        )
        rows.append(
            [
                name,
                str(count or "")
                + (" (time up)" if figures.get("stopped_after_phase_seconds") else ""),
                f"{post.get('p50')} / {post.get('p90')}",
                f"{other.get('p50')} / {other.get('p90')}",
                per,
                str(figures.get("failures", "") or ""),
            ]
        )
    print(f"\ndecisions by the other players (POSTed to {result['decisions_through']})")
    print_table(
        ["phase", "decisions", "POST round trip p50/p90 ms", "POST → other's stream p50/p90 ms",
         "CPU ms/decision: uvicorn / gunicorn / PostgreSQL / others", "failures"],
        rows,
    )  # fmt: skip
    ratio = result["ratio_p50"]
    print(
        f"with the flood ÷ without, p50: POST {ratio['post_round_trip']}× "
        f"{verdict(targets['post_round_trip_ratio']['pass'])}, other player's stream "
        f"{ratio['other_stream']}× {verdict(targets['other_stream_ratio']['pass'])} "
        f"(target ≤ {TARGET_FLOOD_RATIO}×)"
    )
