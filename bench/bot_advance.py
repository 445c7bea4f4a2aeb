"""How much longer a bot holds the game's lock than today's random bot: the advance with bots
of each level, in the same run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/khora_bench_bots \\
        python -m bench.bot_advance --games 4 --levels random standard

Plays `--games` games per level, one player (answering its prompts' defaults through the
service, as a request would) against three bots of the level, the levels taking turns. The
advance runs in-process (eager tasks), under the game's lock, as on a worker. Per level it
reports the time of each bot decision inside the advance (`games.write.chance.bot_option`: the bot's
knowledge, its samples, its choice; everything else the advance does is the same for every
level) and of each whole advance, p50/p95. The database must be a scratch one (the name must
contain `bench`): its tables are created and its games left behind.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import uuid


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--levels", nargs="*", default=["random", "standard"])
    args = parser.parse_args(argv)
    url = os.environ.get("DATABASE_URL", "")
    if "bench" not in url:
        sys.exit("Set DATABASE_URL to a scratch database whose name contains 'bench'.")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "khora_site.settings")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "true"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from bench.harness import latency_ms, machine, print_table, write_results
    from games import selectors, services
    from games.models import Game
    from games.workers import advancing
    from games.write import chance

    call_command("migrate", verbosity=0)
    decide_seconds: dict[str, list[float]] = {level: [] for level in args.levels}
    advance_seconds: dict[str, list[float]] = {level: [] for level in args.levels}
    current = {"level": None}
    real_bot_option, real_advance = chance.bot_option, advancing._advance

    def timed_bot_option(level, knowledge, prompt):
        started = time.perf_counter()
        try:
            return real_bot_option(level, knowledge, prompt)
        finally:
            decide_seconds[current["level"]].append(time.perf_counter() - started)

    def timed_advance(game_id):
        started = time.perf_counter()
        try:
            return real_advance(game_id)
        finally:
            advance_seconds[current["level"]].append(time.perf_counter() - started)

    chance.bot_option, advancing._advance = timed_bot_option, timed_advance
    user = get_user_model().objects.create_user(f"bench-{uuid.uuid4().hex[:10]}")
    for number in range(args.games):
        for level in args.levels if number % 2 == 0 else reversed(args.levels):
            current["level"] = level
            game = services.game_create(
                creator=user,
                game_type="khora",
                seats=4,
                options={},
                step_hours=48,
                bots=[level] * 3,
            )
            while True:
                game.refresh_from_db()
                if game.status != Game.Status.ACTIVE:
                    break
                prompt = selectors.game_prompt(game, user, "en")
                if not prompt:
                    break
                services.decisions_submit(
                    public_id=game.public_id,
                    user=user,
                    decisions=[services.DecisionInput(prompt["id"], prompt["default"])],
                )
            print(f"  game {number + 1}: {level} done", flush=True)
    rows, result = [], {"machine": machine(), "levels": {}}
    for level in args.levels:
        decide, advance = latency_ms(decide_seconds[level]), latency_ms(advance_seconds[level])
        result["levels"][level] = {"bot_decision_ms": decide, "advance_ms": advance}
        rows.append(
            [
                level,
                str(decide["samples"]),
                f"{decide['p50']:.2f} / {decide['p90']:.2f} / {decide['max']:.2f}",
                f"{advance['p50']:.1f} / {advance['p90']:.1f} / {advance['max']:.1f}",
            ]
        )
    print_table(
        ["level", "bot decisions", "decision ms p50/p90/max", "advance ms p50/p90/max"], rows
    )
    print(f"written to {write_results('bot_advance', result)}")


if __name__ == "__main__":
    main()
