"""The game page against the API's game detail, for the same viewer of the same game.

    python -m bench.web_page [--round 9] [--seed 1] [--database-url ...]

Needs PostgreSQL (see bench/README.md). A 4-player game (every seat a person) is played through
the real services with random legal options until it reaches `--round` with a prompt open for
seat 0. Then, in-process through Django's test client (no HTTP, no queueing), it times as the
median of repeated requests:

- the game page, `GET /games/<id>/`, logged in with a session (the full HTML page);
- the same page's table as htmx asks for it (`HX-Request`, the partial a poll or answer gets);
- the reference: the API's game detail, `GET /api/v1/games/<id>/`, with the seat's token.

No request sends an ETag, so every one renders. The target: the page within 3× the API.
Prints a table and writes bench/results/web_page.json.
"""

from __future__ import annotations

import argparse
import os
import random
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

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/khora_bench_web"
TARGET_RATIO = 3.0
MIN_SECONDS_PER_FIGURE = 1.0
MIN_REPEATS = 20


def play_to_round(target_round: int, seed: int):
    """A 4-player game of people, played by services up to `target_round` with seat 0 asked."""
    from django.contrib.auth import get_user_model
    from knox.models import AuthToken

    from accounts.models import Profile
    from games import selectors, services

    users = []
    for name in ("ada", "bea", "cyd", "dov"):
        user = get_user_model().objects.create_user(name, f"{name}@example.com", "bench")
        Profile.objects.create(user=user)
        users.append(user)
    game = services.game_create(
        creator=users[0], game_type="khora", seats=4, options={}, step_hours=48, name="Bench"
    )
    for user in users[1:]:
        game = services.game_join(public_id=game.public_id, user=user)
    rng = random.Random(seed)
    while True:
        game.refresh_from_db()
        detail = selectors.game_detail(game, users[0])
        if (detail["round"] or 0) >= target_round and detail["prompt"] is not None:
            break
        if game.status != "active":
            raise SystemExit(f"the game ended ({game.status}) before round {target_round}")
        for user in users:
            prompt = selectors.game_prompt(game, user)
            if prompt is not None:
                services.decisions_submit(
                    public_id=game.public_id,
                    user=user,
                    decisions=[
                        services.DecisionInput(
                            prompt=prompt["id"], option=rng.choice(prompt["options"])["id"]
                        )
                    ],
                )
    _, token = AuthToken.objects.create(users[0])
    return game, users[0], token


def median_seconds(request) -> tuple[float, int]:
    response = request()  # warm: first use pays for template loading and imports
    assert response.status_code == 200, response.status_code
    size = len(response.content)
    times = []
    began = time.perf_counter()
    while len(times) < MIN_REPEATS or time.perf_counter() - began < MIN_SECONDS_PER_FIGURE:
        started = time.perf_counter()
        request()
        times.append(time.perf_counter() - started)
    return statistics.median(times), size


def measure(args) -> dict:
    env = bench_environment(args.database_url, args.redis_url)
    env["CELERY_TASK_ALWAYS_EAGER"] = "true"  # the game advances in this process as it is played
    env["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"  # its emails: kept quiet
    recreate_database(args.database_url)
    setup_django(env)
    from django.test import Client

    game, user, token = play_to_round(args.round, args.seed)
    page_client = Client()
    page_client.force_login(user)
    api_client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    page = f"/games/{game.public_id}/"
    api = f"/api/v1/games/{game.public_id}/"
    page_s, page_bytes = median_seconds(lambda: page_client.get(page))
    table_s, table_bytes = median_seconds(lambda: page_client.get(page, HTTP_HX_REQUEST="true"))
    api_s, api_bytes = median_seconds(lambda: api_client.get(api))
    game.refresh_from_db()
    return {
        "game": {"players": 4, "round": args.round, "events": game.last_seq},
        "page_ms": round(page_s * 1000, 2),
        "table_partial_ms": round(table_s * 1000, 2),
        "api_detail_ms": round(api_s * 1000, 2),
        "bytes": {"page": page_bytes, "table": table_bytes, "api": api_bytes},
        "ratio": round(page_s / api_s, 2),
        "table_ratio": round(table_s / api_s, 2),
        "target_ratio": TARGET_RATIO,
        "machine": machine(),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url", default=os.environ.get("BENCH_WEB_DATABASE_URL", DEFAULT_DATABASE_URL)
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    args = parser.parse_args(argv)
    result = measure(args)
    print(f"4-player game in round {args.round}, {result['game']['events']} events, seat 0")
    print_table(
        ["request", "median ms", "bytes", "× API"],
        [
            [
                "GET /games/<id>/ (page)",
                f"{result['page_ms']}",
                str(result["bytes"]["page"]),
                f"{result['ratio']}",
            ],
            [
                "same, htmx table",
                f"{result['table_partial_ms']}",
                str(result["bytes"]["table"]),
                f"{result['table_ratio']}",
            ],
            [
                "GET /api/v1/games/<id>/",
                f"{result['api_detail_ms']}",
                str(result["bytes"]["api"]),
                "1.0",
            ],
        ],
    )
    verdict = "meets" if result["ratio"] <= TARGET_RATIO else "MISSES"
    print(f"page / API = {result['ratio']}× ({verdict} the target ≤ {TARGET_RATIO}×)")
    print(f"written to {write_results('web_page', result)}")


if __name__ == "__main__":
    main()
