"""The `standard` level: `standard`'s judgement (bots.standard), its dice planned by playing the
round out.

Where a seat with two dice or more places one, the tiles' values (what each would bring
at once, with its best follow-up) miss what the round makes of them: what a Trade's drachmas
buy in the Progress phase, whether another seat claims an achievement first, which seat has
the most troops when the event resolves. So the best `ROUND_PLANS` assignments of the seat's
dice left, by `standard`'s judgement (those within `ROUND_PLAN_GAP` of the best), are each
played to the round's end `ROUND_PLAYOUTS` times on the seat's sample (every seat answered
by `bots.rollout`, chance drawn by the bot's own generator, the same draws for every plan),
and the plan whose round leaves the seat's worth furthest ahead of its best rival's is
played. Everything else is answered as
`bots.standard.choose` answers.

The playouts run on the sample the bot drew (SeatKnowledge.sample), so they know only what the
seat knows. Ten playouts of a round cost about 10 ms of CPU: the level's decisions stay under
20 ms at p95 (bench/tournament.py). Issue 51: one such `standard` is first in about 80 % of
4-player games against three `standard_2026` where `standard` without the plan was first in
about 53 % (docs/bots.md; 82 % with the Progress judged by what may follow, bots.standard);
planned for the first die only, in about 71 %.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

import engine
from bots.rollout import Plan, Rollout, play_out
from bots.standard import choose, dice_plans
from bots.worth import margin
from engine.core import Event, Prompt

if TYPE_CHECKING:
    from bots.budget import Budget
    from bots.knowledge import SeatKnowledge
    from engine.khora.game import KhoraGame
    from engine.khora.state import State

_game = cast("KhoraGame", engine.get_game("khora"))  # engine.get_game is typed Game

ROUND_PLANS = 5  # the best assignments by standard's judgement, compared by playing them out
ROUND_PLAYOUTS = 2  # playouts of the round for each of them
# A plan judged this many points below the best is not played out: such plans almost never
# won their playouts (first in 80.75 % of 400 seeded games with the cut, 80.5 % without), and
# leaving them out makes a die's answer cheaper where one plan stands out.
ROUND_PLAN_GAP = 4.0


class StandardBot:
    level = "standard"
    slow = False

    def decide(
        self, knowledge: SeatKnowledge, prompt: Prompt, budget: Budget | float, rng: random.Random
    ) -> str:
        state = knowledge.sample(rng)
        planned = plan_dice(state, knowledge.seat, prompt, rng)
        return planned if planned is not None else choose(state, knowledge.seat, prompt)


def plan_dice(state: State, seat: int, prompt: Prompt, rng: random.Random) -> str | None:
    """This die's tile in the assignment of the seat's dice left whose round, played out,
    leaves the seat best placed (the one plan within the gap: standard's own, not played
    out); None where it does not apply (not a die, a single die, no plan)."""
    if prompt.kind != "assign_die":
        return None
    player = state.players[seat]
    placed = tuple(player.assignment)
    if len(player.dice) < 2 or len(placed) >= len(player.dice):
        return None
    plans = dice_plans(state, seat)[:ROUND_PLANS]
    # Whole plans (the dice placed, then the plan's): what the playouts' policy follows.
    candidates = [
        (*placed, *plan)
        for value, plan in plans
        if value >= plans[0][0] - ROUND_PLAN_GAP and prompt.option(f"tile:{plan[0]}") is not None
    ]
    if not candidates:
        return None
    if len(candidates) == 1:  # standard's best plan (dice_plans' first), worked out once
        return f"tile:{candidates[0][len(placed)]}"
    # The same chance for every plan's n-th playout: the plans are compared on equal dice.
    seeds = [rng.random() for _ in range(ROUND_PLAYOUTS)]
    best, best_total = None, 0.0
    for plan in candidates:
        total = sum(_round_margin(state, seat, prompt, plan, seed) for seed in seeds)
        if best is None or total > best_total:
            best, best_total = plan, total
    assert best is not None
    return f"tile:{best[len(placed)]}"


def _round_margin(state: State, seat: int, prompt: Prompt, plan: Plan, seed: float) -> float:
    """The seat's worth over its best rival's at the end of the round, `plan` (every die's
    tile, those placed first) played."""
    game = _game
    chance = random.Random(seed)
    die = Event(
        "decision",
        {
            "prompt": prompt.id,
            "kind": prompt.kind,
            "option": f"tile:{plan[len(state.players[seat].assignment)]}",
        },
        seat=seat,
    )
    played_round = state.round
    # game.advance changes the state it is given: the sample stays the bot's for every plan.
    trial = play_out(
        game.advance(state.clone(), die),
        Rollout({(seat, played_round): plan}).choose,
        chance,
        lambda trial, _decisions: trial.round != played_round,
    )
    return margin(trial, seat)
