"""Conditional reads (304 / 204) against full reads, for the same viewer of the same game.

    python -m bench.conditional_reads [--round 9] [--seed 1] [--database-url ...]

Needs PostgreSQL (see bench/README.md). The game of bench/web_page.py (4 players, round 9,
seat 0 asked); in-process through Django's test client, the median of repeated requests:

- the reference: the API's game detail `GET /api/v1/games/<id>/` with no ETag (a full read);
- the same with the ETag it returned (304): answered from the game row alone;
- the prompt and the log's first page, the same way;
- the web page's htmx table with its tag (204) against the same table rendered (200).

Each figure is also counted in SQL statements and compared with the full read of the same
resource and with the full API detail. Target: a conditional read ≤ 0.2× its full read.
Prints a table and writes bench/results/conditional_reads.json.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import time

from bench.harness import (
    DEFAULT_REDIS_URL,
    bench_environment,
    machine,
    print_table,
    recreate_database,
    setup_django,
    write_results,
)
from bench.web_page import play_to_round

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/khora_bench_conditional"
TARGET_RATIO = 0.2
MIN_SECONDS_PER_FIGURE = 1.0
MIN_REPEATS = 50


def timed(request, status: int) -> tuple[float, int]:
    """Median seconds of `request` and its SQL statements (counted on one extra call)."""
    from django.db import connection

    response = request()  # warm
    assert response.status_code == status, (response.status_code, status)
    statements = []
    with connection.execute_wrapper(
        lambda execute, sql, *rest: statements.append(sql) or execute(sql, *rest)
    ):
        request()
    times = []
    began = time.perf_counter()
    while len(times) < MIN_REPEATS or time.perf_counter() - began < MIN_SECONDS_PER_FIGURE:
        started = time.perf_counter()
        request()
        times.append(time.perf_counter() - started)
    return statistics.median(times), len(statements)


def measure(args) -> dict:
    env = bench_environment(args.database_url, args.redis_url)
    env["CELERY_TASK_ALWAYS_EAGER"] = "true"
    env["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
    recreate_database(args.database_url)
    setup_django(env)
    from django.test import Client

    game, user, token = play_to_round(args.round, args.seed)
    api = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    page = Client()
    page.force_login(user)
    base = f"/api/v1/games/{game.public_id}/"
    figures = {}
    for name, path in (("detail", base), ("prompt", base + "prompt/"), ("log", base + "log/")):
        tag = api.get(path)["ETag"]
        figures[f"{name}_full"] = timed(lambda p=path: api.get(p), 200)
        figures[f"{name}_304"] = timed(lambda p=path, t=tag: api.get(p, HTTP_IF_NONE_MATCH=t), 304)
    html = page.get(f"/games/{game.public_id}/").content.decode()
    tag = re.search(r'"If-None-Match": "([^"]+)"', html).group(1).replace("\\u0022", '"')
    figures["web_table_full"] = timed(
        lambda: page.get(f"/games/{game.public_id}/", HTTP_HX_REQUEST="true"), 200
    )
    figures["web_table_204"] = timed(
        lambda: page.get(
            f"/games/{game.public_id}/", HTTP_IF_NONE_MATCH=tag, HTTP_HX_REQUEST="true"
        ),
        204,
    )
    if args.profile:
        import cProfile
        import pstats

        tag = api.get(base)["ETag"]
        with cProfile.Profile() as profile:
            for _ in range(200):
                api.get(base, HTTP_IF_NONE_MATCH=tag)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
    full = figures["detail_full"][0]
    rows = {
        name: {
            "ms": round(seconds * 1000, 3),
            "statements": statements,
            "ratio_to_detail": round(seconds / full, 3),
            # against the full read of the same resource
            "ratio_to_own": round(seconds / figures[name.rsplit("_", 1)[0] + "_full"][0], 3),
        }
        for name, (seconds, statements) in figures.items()
    }
    game.refresh_from_db()
    return {
        "game": {"players": 4, "round": args.round, "events": game.last_seq},
        "figures": rows,
        "target_ratio": TARGET_RATIO,
        "machine": machine(),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_CONDITIONAL_DATABASE_URL", DEFAULT_DATABASE_URL),
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    parser.add_argument("--profile", action="store_true", help="print where a 304 spends its time")
    args = parser.parse_args(argv)
    result = measure(args)
    print(f"4-player game in round {args.round}, {result['game']['events']} events, seat 0")
    print_table(
        ["request", "median ms", "SQL statements", "× its full read", "× full API detail"],
        [
            [
                name,
                f"{row['ms']}",
                str(row["statements"]),
                f"{row['ratio_to_own']}",
                f"{row['ratio_to_detail']}",
            ]
            for name, row in result["figures"].items()
        ],
    )
    worst = max(
        row["ratio_to_own"]
        for name, row in result["figures"].items()
        if name.endswith(("_304", "_204"))
    )
    verdict = "meets" if worst <= TARGET_RATIO else "MISSES"
    print(f"slowest conditional read = {worst}× its full read ({verdict} ≤ {TARGET_RATIO}×)")
    print(f"written to {write_results('conditional_reads', result)}")


if __name__ == "__main__":
    main()
