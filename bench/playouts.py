"""Playouts per CPU second: `strong`'s playout policy (bots.rollout) against the `standard`
of before issue 51 (bots.standard_2026), side by side.

    python -m bench.playouts                       # 40 positions, 3 playouts each per policy
    python -m bench.playouts --positions 60 --playouts 4 --seed 2

Positions are taken from seeded 4-player games of `standard` bots (a seat with a real choice,
about one decision in twenty), so every policy plays out the same positions with the same
chance; the policies take turns position by position (the order alternating), so a change in
the machine's load falls on both. A playout is what `strong` plays after its option: every
seat's answers from the policy, chance from a seeded generator, 60 decisions or the end
(bots.strong._playout, which reads each question through the engine's playout path; the
policies before, which need prompts, play the loop `strong` played them with, `pending` and
a decision event, here `prompt_playout`; the rollout is also measured on that loop, to tell
the loop's share from the policy's). Time is this thread's CPU time (`time.thread_time`),
which other processes' load does not eat into.

It also reports how often the new policy answers as today's `standard` does (its judgement
kept) over the decisions of the same games, per prompt kind. Writes
bench/results/playouts.json.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter
from collections.abc import Callable

import engine
from bench.harness import machine, print_table, write_results
from bots import standard_2026
from bots.rollout import Rollout
from bots.standard import choose as standard_choice
from bots.strong import PLAYOUT_DECISIONS, _playout
from bots.worth import margin
from engine.core import Event, Prompt
from engine.khora.state import State

_game = engine.get_game("khora")
Policy = Callable[[State, int, Prompt], str]


def prompt_playout(state: State, seat: int, rng, clock, deadline: float, policy: Policy) -> float:
    """`strong`'s playout as it was before issue 51's last part: prompts built for every
    decision (`pending`), the answer a decision event the engine checks."""
    decisions = 0
    while not state.finished and decisions < PLAYOUT_DECISIONS and clock() < deadline:
        if _game.needs_chance(state):
            state = _game.advance(state, _game.sample_chance(state, rng))
            continue
        other, prompt = min(_game.pending(state).items())
        option = policy(state, other, prompt)
        event = Event(
            "decision", {"prompt": prompt.id, "kind": prompt.kind, "option": option}, seat=other
        )
        state = _game.advance(state, event)
        decisions += 1
    return 1.0 / (1.0 + math.exp(-margin(state, seat) / 4.0))


def positions(count: int, seed: int) -> tuple[list[tuple[State, int]], Counter, Counter]:
    """`count` (state, seat) positions of seeded games, and per prompt kind the decisions seen
    and those where the rollout answered as `standard`."""
    found: list[tuple[State, int]] = []
    seen: Counter = Counter()
    same: Counter = Counter()
    rng = random.Random(f"positions-{seed}")
    number = 0
    while len(found) < count:
        chance = random.Random(f"chance-{seed}-{number}")
        state = _game.new_game(4)
        rollout = Rollout()
        while not _game.is_over(state):
            if _game.needs_chance(state):
                event = _game.sample_chance(state, chance)
            else:
                seat, prompt = min(_game.pending(state).items())
                option = standard_choice(state, seat, prompt)
                if len(prompt.options) > 1:
                    seen[prompt.kind] += 1
                    same[prompt.kind] += rollout.choose(state, seat, prompt) == option
                    if rng.random() < 0.05 and len(found) < count:
                        found.append((state, seat))
                event = _game.decide(state, seat, prompt.id, option)
            state = _game.apply(state, event)
        number += 1
    return found, seen, same


def measure(
    policy: Callable[[], Policy], state: State, seat: int, playouts: int, seed: int, loop=_playout
):
    rng = random.Random(f"playout-{seed}")
    started = time.thread_time()
    for _ in range(playouts):
        loop(state.clone(), seat, rng, lambda: 0.0, 1.0, policy())
    return time.thread_time() - started


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=3, help="per position and policy")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    found, seen, same = positions(args.positions, args.seed)
    # (the policy for a playout, the playout loop)
    policies: dict[str, tuple[Callable[[], Policy], Callable]] = {
        "standard_2026 (before)": (lambda: standard_2026.choose, prompt_playout),
        "standard (today)": (lambda: standard_choice, prompt_playout),
        "rollout, on prompts": (lambda: Rollout().choose, prompt_playout),
        "rollout (strong's playout)": (lambda: Rollout().choose, _playout),
    }
    cpu = dict.fromkeys(policies, 0.0)
    for number, (state, seat) in enumerate(found):
        names = list(policies)
        for name in names if number % 2 == 0 else reversed(names):
            policy, loop = policies[name]
            cpu[name] += measure(policy, state, seat, args.playouts, number, loop)
    playouts = len(found) * args.playouts
    reference = playouts / cpu["standard_2026 (before)"]
    results = {
        name: {
            "playouts": playouts,
            "cpu_s": seconds,
            "playouts_per_cpu_s": playouts / seconds,
            "vs_before": playouts / seconds / reference,
        }
        for name, seconds in cpu.items()
    }
    agreement = {
        kind: {"decisions": seen[kind], "same_as_standard": same[kind] / seen[kind]}
        for kind in sorted(seen, key=seen.__getitem__, reverse=True)
    }
    total_same = sum(same.values()) / sum(seen.values())
    print_table(
        ["policy", "playouts", "CPU s", "playouts / CPU s", "× before"],
        [
            [
                name,
                str(r["playouts"]),
                f"{r['cpu_s']:.1f}",
                f"{r['playouts_per_cpu_s']:.1f}",
                f"{r['vs_before']:.2f}×",
            ]
            for name, r in results.items()
        ],
    )
    print(f"the rollout answers as standard in {total_same:.1%} of {sum(seen.values())} decisions")
    for kind, row in agreement.items():
        print(f"  {kind}: {row['same_as_standard']:.1%} of {row['decisions']}")
    path = write_results(
        "playouts",
        {
            "machine": machine(),
            "args": vars(args),
            "policies": results,
            "same_as_standard": total_same,
            "by_kind": agreement,
        },
    )
    print(f"written to {path}")


if __name__ == "__main__":
    main()
