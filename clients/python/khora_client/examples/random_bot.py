"""A bot that plays random legal options in every game of its account: the example of
`run_bot`, installed as the `khora-random-bot` command.

    export KHORA_TOKEN=...                       # the bot account's API token
    khora-random-bot --server https://khora.example.org --games 3
    khora-random-bot --server http://127.0.0.1:8000 --new-game random   # one game vs a bot

It follows the account's stream and answers every prompt of every game it plays, until
`--games` games have ended (without it: for ever). It goes on through restarts of the server;
it stops with a message (exit status 1) when the server refuses it for good, e.g. a revoked
token, and with status 2 on a mistake in its arguments.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
from collections.abc import Sequence

from khora_client import KhoraClient, KhoraError, Policy, run_bot
from khora_client.types import BotLevel, Prompt

LEVELS: tuple[BotLevel, ...] = ("random", "standard", "strong")


def random_policy(rng: random.Random) -> Policy:
    """Any legal option, at random: a policy is a function from a prompt to an option id."""

    def choose(prompt: Prompt) -> str:
        return rng.choice(prompt["options"])["id"]

    return choose


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="khora-random-bot", description="Play random legal options in every game."
    )
    parser.add_argument("--server", required=True, help="the site, e.g. https://khora.example.org")
    parser.add_argument(
        "--token",
        default=os.environ.get("KHORA_TOKEN"),
        help="the account's API token (default: $KHORA_TOKEN, which keeps it out of `ps`)",
    )
    parser.add_argument(
        "--games",
        type=int,
        help="stop once this many games have ended (default: never; 1 with --new-game)",
    )
    parser.add_argument(
        "--new-game",
        metavar="LEVEL",
        nargs="+",
        choices=LEVELS,
        help="first start a game against server bots of these levels (one seat each)",
    )
    parser.add_argument("--seed", type=int, help="the random choices' seed (default: random)")
    parser.add_argument("--verbose", "-v", action="store_true", help="log every decision")
    options = parser.parse_args(argv)
    if not options.token:
        parser.error("no token: pass --token or set KHORA_TOKEN")
    return options


def main(argv: Sequence[str] | None = None) -> int:
    options = arguments(argv)
    logging.basicConfig(
        level=logging.DEBUG if options.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    client = KhoraClient(options.server, options.token)
    try:
        if options.new_game:
            levels: list[BotLevel] = options.new_game
            game = client.create_game(1 + len(levels), bots=levels, name="khora-random-bot")
            print(f"playing {game['id']} against {', '.join(levels)}", flush=True)
        games = 1 if options.games is None and options.new_game else options.games
        report = run_bot(client, random_policy(random.Random(options.seed)), games=games)
    except KhoraError as error:  # the server's refusal, said plainly: no traceback
        print(f"khora-random-bot: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    for game_id, status in report.finished.items():
        print(f"{game_id}: {status}")
    print(f"{report.decisions} decisions, {len(report.finished)} games ended", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
