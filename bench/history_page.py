"""A game's history read with the past-state cache cold, against the same read warm.

    python -m bench.history_page [--round 9] [--seed 1] [--lines 20] [--database-url ...]

Needs PostgreSQL (see bench/README.md). A 4-player game of people is played through the
services up to `--round` (bench.web_page's game). Then, in-process through Django's test
client, it times as the median of repeated requests the history a player coming back reads:
`GET /api/v1/games/<id>/history/?after=<last seq - lines>` with seat 0's token,

- warm: the state before the first line is in the cache (the usual case: the page read it);
- cold: the cache has lost every past state of the game (expired, evicted, a restart), so the
  state is replayed from the newest durable checkpoint before it;
- cold without checkpoints: the same with the game's checkpoints deleted, so the state is
  replayed from the setup (what every cold read did before checkpoints).

The target (issue 26): cold ≤ 1.3× warm. Writes bench/results/history_page.json.
"""

from __future__ import annotations

import argparse
import os

from bench.harness import (
    DEFAULT_REDIS_URL,
    bench_environment,
    machine,
    print_table,
    recreate_database,
    setup_django,
    write_results,
)
from bench.web_page import median_seconds, play_to_round

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/khora_bench_history"
TARGET_RATIO = 1.3


def measure(args) -> dict:
    env = bench_environment(args.database_url, args.redis_url)
    env["CELERY_TASK_ALWAYS_EAGER"] = "true"  # the game advances in this process as it is played
    env["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
    recreate_database(args.database_url)
    setup_django(env)
    from django.core.cache import cache
    from django.test import Client

    from games.models import StateCheckpoint
    from games.write import state_store
    from web.presenters import HISTORY_EVENTS

    game, _user, token = play_to_round(args.round, args.seed)
    game.refresh_from_db()
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    after = max(0, game.last_seq - args.lines)
    path = f"/api/v1/games/{game.public_id}/history/?after={after}&limit=100"
    # The past states the read could find (state_store looks this far back): the ones a cold
    # read must do without. One DEL of them is all the timing of a cold read adds.
    reach = range(after, max(-1, after - state_store.PAST_STATE_REACH - 1), -1)
    past_keys = [state_store._past_key(game, seq) for seq in reach]

    def cold():
        cache.delete_many(past_keys)
        return client.get(path)

    # The game page tells the newest events too (web.presenters.history): the same past state
    # before its first one, read by a logged-in player.
    page_client = Client()
    page_client.force_login(_user)
    page = f"/games/{game.public_id}/"
    page_after = max(0, game.last_seq - HISTORY_EVENTS)
    page_reach = range(page_after, max(-1, page_after - state_store.PAST_STATE_REACH - 1), -1)
    page_keys = [state_store._past_key(game, seq) for seq in page_reach]

    def page_cold():
        cache.delete_many(page_keys)
        return page_client.get(page)

    warm_s, size = median_seconds(lambda: client.get(path))
    cold_s, _ = median_seconds(cold)
    page_warm_s, _ = median_seconds(lambda: page_client.get(page))
    page_cold_s, _ = median_seconds(page_cold)
    checkpoints = list(StateCheckpoint.objects.filter(game=game).values_list("seq", flat=True))
    StateCheckpoint.objects.filter(game=game).delete()
    setup_s, _ = median_seconds(cold)
    page_setup_s, _ = median_seconds(page_cold)
    return {
        "game": {"players": 4, "round": args.round, "events": game.last_seq},
        "history_after": after,
        "checkpoints": checkpoints,
        "bytes": size,
        "warm_ms": round(warm_s * 1000, 2),
        "cold_ms": round(cold_s * 1000, 2),
        "cold_without_checkpoints_ms": round(setup_s * 1000, 2),
        "ratio": round(cold_s / warm_s, 2),
        "ratio_without_checkpoints": round(setup_s / warm_s, 2),
        "page_warm_ms": round(page_warm_s * 1000, 2),
        "page_cold_ms": round(page_cold_s * 1000, 2),
        "page_cold_without_checkpoints_ms": round(page_setup_s * 1000, 2),
        "page_ratio": round(page_cold_s / page_warm_s, 2),
        "page_ratio_without_checkpoints": round(page_setup_s / page_warm_s, 2),
        "target_ratio": TARGET_RATIO,
        "machine": machine(),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lines", type=int, default=20, help="events the reader has not seen")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_HISTORY_DATABASE_URL", DEFAULT_DATABASE_URL),
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    args = parser.parse_args(argv)
    result = measure(args)
    print(
        f"4-player game in round {args.round}, {result['game']['events']} events, seat 0 reads "
        f"the history after seq {result['history_after']}; checkpoints at {result['checkpoints']}"
    )
    print_table(
        ["past state", "API history ms", "× warm", "game page ms", "× warm"],
        [
            ["warm (in the cache)", f"{result['warm_ms']}", "1.0",
             f"{result['page_warm_ms']}", "1.0"],
            ["cold, from a checkpoint", f"{result['cold_ms']}", f"{result['ratio']}",
             f"{result['page_cold_ms']}", f"{result['page_ratio']}"],
            ["cold, from the setup (no checkpoints)", f"{result['cold_without_checkpoints_ms']}",
             f"{result['ratio_without_checkpoints']}",
             f"{result['page_cold_without_checkpoints_ms']}",
             f"{result['page_ratio_without_checkpoints']}"],
        ],
    )  # fmt: skip
    for name, ratio in (("API history", result["ratio"]), ("game page", result["page_ratio"])):
        verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"
        print(f"{name}: cold / warm = {ratio}× ({verdict} the target ≤ {TARGET_RATIO}×)")
    print(f"written to {write_results('history_page', result)}")


if __name__ == "__main__":
    main()
