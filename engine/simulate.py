"""Play seeded random games and print speed and score figures.

python -m engine.simulate --players 4 --games 1000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import engine
from engine.contract import Game
from engine.core import Event

# policy(game, state, rng): the next event of a game
Policy = Callable[[Game, Any, random.Random], Event]


def random_event(game: Game, state: Any, rng: random.Random) -> Event:
    """The next event of a random game: chance if needed, else a random option of a seat."""
    if game.needs_chance(state):
        return game.sample_chance(state, rng)
    # What `pending` offers, without building prompts, and only for the seat drawn.
    seat = rng.choice(game.deciding(state))
    choice = game.choice(state, seat)
    return game.take(state, seat, choice, rng.choice(choice.options))


def play_random_game(
    game: Game,
    num_players: int,
    rng: random.Random,
    options: dict[str, Any] | None = None,
    on_event: Callable[[Any, Event], object] | None = None,
    policy: Policy | None = None,
) -> tuple[Any, list[Event]]:
    """Play one game to the end; returns (final state, events).

    `policy(game, state, rng)` picks each next event; the default picks uniformly at random.
    """
    policy = policy or random_event
    state = game.new_game(num_players, options)
    events: list[Event] = []
    while not game.is_over(state):
        event = policy(game, state, rng)
        state = game.advance(state, event)  # no earlier state is kept: changed in place
        events.append(event)
        if on_event:
            on_event(state, event)
    return state, events


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="khora")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    game = engine.get_game(args.game)
    rng = random.Random(args.seed)
    decisions = chance = 0
    totals: list[int] = []
    winners: Counter[str | None] = Counter()
    started = time.perf_counter()
    for _ in range(args.games):
        state, events = play_random_game(game, args.players, rng)
        decisions += sum(1 for e in events if e.type == "decision")
        chance += sum(1 for e in events if e.type == "chance")
        scores = game.scores(state)
        totals += scores["totals"]
        for seat in scores["ranking"][0]["seats"]:
            winners[state.players[seat].city] += 1
    elapsed = time.perf_counter() - started
    print(f"{args.games} games of {args.players} players in {elapsed:.2f} s")
    print(f"games/s      {args.games / elapsed:10.1f}")
    print(f"decisions/s  {decisions / elapsed:10.0f}  ({decisions / args.games:.0f} a game)")
    print(f"events/s     {(decisions + chance) / elapsed:10.0f}")
    print(
        f"final score  min {min(totals)}  median {statistics.median(totals):.0f}  "
        f"mean {statistics.mean(totals):.1f}  max {max(totals)}  "
        f"stdev {statistics.pstdev(totals):.1f}"
    )
    print("wins by city " + ", ".join(f"{c} {n}" for c, n in winners.most_common()))


if __name__ == "__main__":
    main()
