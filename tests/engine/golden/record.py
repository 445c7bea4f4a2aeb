"""Record a golden game: a seeded game played by the biased player, saved as a JSON log.

    python -m tests.engine.golden.record 2 --seed 7 --cities thebes,athens

The file holds the setup, the log and the final scores and views. The scores are only a
candidate until checked by hand against the rules (README.md here): write the per-seat
derivation into `hand_checked_scores` from the final position printed here; the test fails
until it agrees.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import engine
from engine.khora.content.cards import CARDS
from engine.simulate import play_random_game
from tests.engine.content.policy import BiasedPolicy

game = engine.get_game("khora")
HERE = Path(__file__).parent


def record(num_players: int, seed: int, cities: list[str]) -> dict:
    options = {"cities": cities}
    policy = BiasedPolicy(hoarder=seed % num_players, saver=(seed + 1) % num_players)
    state, events = play_random_game(
        game, num_players, random.Random(seed), options=options, policy=policy
    )
    return {
        "setup": {"num_players": num_players, "options": options},
        "recorded_with": {"seed": seed, "policy": "tests.engine.content.policy.BiasedPolicy"},
        "hand_checked_scores": "TO BE DONE BY HAND (see README.md) before committing",
        "events": [event.to_dict() for event in events],
        "expected": {
            "scores": game.scores(state),
            "views": {str(seat): game.view(state, seat) for seat in [None, *range(num_players)]},
        },
    }, state


def final_position(state) -> str:
    lines = []
    for p in state.players:
        lines.append(
            f"seat {p.seat} {p.city} dev {p.development}: vp {p.vp} glory {p.glory} "
            f"drachma {p.drachma} citizens {p.citizens} tax {p.tax} troops {p.troops} "
            f"eco/cul/mil {p.economy}/{p.culture}/{p.military}"
        )
        lines.append(f"  tokens {dict(sorted((k, v) for k, v in p.tokens.items() if v))}")
        lines.append(f"  played {[(c, CARDS[c].kind) for c in p.played]}")
        lines.append(f"  hand {p.hand}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("players", type=int)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--cities", required=True)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    data, state = record(args.players, args.seed, args.cities.split(","))
    print(final_position(state))
    print(json.dumps(data["expected"]["scores"]["breakdown"]))
    if args.write:
        path = HERE / f"{args.players}p.json"
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        print("wrote", path.name)


if __name__ == "__main__":
    main()
