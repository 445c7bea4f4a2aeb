"""The playout policy of `strong`: `standard`'s judgement at a fraction of its cost.

A playout asks its policy for every seat's every answer, so `strong` plays as many playouts as
its policy is fast. This one answers as `standard` does (bots.standard) save where that is
dear and a cheaper way keeps the judgement:

- the dice: the seat's best assignment of all its dice is worked out once a round and kept
  (`standard` works it out again for each die, the same plan from nearly the same position),
  and a tile's exploration is judged by its gains (bots.worth.explore_gains) instead of
  being played out space by space;
- an exploration: the same, the space whose gains are worth most (or none);
- a pairing forced on the seat (`strong` searching over whole assignments) is played as given.

It reads a seat's question as the engine's playout path gives it (`Game.choice`: the prompt's
id, kind and options, no texts or default), or as a prompt: `strong`'s playouts build no
prompts (a sixth of a playout's time before). A `Rollout` lives for one playout: the plans it
keeps belong to that playout's state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import engine
from bots.standard import (
    CARD_CHOICES,
    CHAIN_DEPTH,
    CHAINED,
    EXTRA_ACTION,
    SPENDS_BEFORE_FUNDED,
    TRADE,
    best_dice_plan,
    funded_later,
    seat_trial,
)
from bots.standard import choose as standard_choice
from bots.worth import explore_gains, rounds_left, worth
from engine.core import Choice, Option, Prompt
from engine.khora.seat_tasks import HANDLERS, resolve_head

if TYPE_CHECKING:
    from random import Random

    from engine.khora.game import KhoraGame
    from engine.khora.state import State

_game = cast("KhoraGame", engine.get_game("khora"))  # engine.get_game is typed Game

Plan = tuple[int, ...]  # the tiles of a seat's dice, in the order of its dice
# A playout's policy: the option id it takes for a seat's question.
Policy = Callable[["State", int, Choice], str]


class Rollout:
    __slots__ = ("plans",)

    def __init__(self, forced: dict[tuple[int, int], Plan] | None = None):
        # (seat, round) -> the tiles of all its dice this round
        self.plans: dict[tuple[int, int], Plan] = dict(forced or {})

    def choose(self, state: State, seat: int, prompt: Prompt | Choice) -> str:
        options = prompt.options
        if len(options) == 1:
            return options[0].id
        if prompt.kind == "assign_die":
            return self._assign(state, seat, prompt)
        if prompt.kind == "explore":
            gains = explore_gains(state, seat)
            best = max(gains, key=gains.__getitem__, default=None)
            return best if best is not None and gains[best] > 0 else "skip"
        if prompt.kind in CARD_CHOICES or prompt.kind in ("discard_card", EXTRA_ACTION):
            return standard_choice(state, seat, _as_prompt(state, seat, prompt))
        return _best_by_resolving(state, seat, prompt)

    def _assign(self, state: State, seat: int, prompt: Prompt | Choice) -> str:
        player = state.players[seat]
        done = len(player.assignment)
        key = (seat, state.round)
        plan = self.plans.get(key)
        # A plan is followed only while the dice placed so far are its own.
        if plan is None or tuple(player.assignment) != plan[:done] or len(plan) <= done:
            best = best_dice_plan(state, seat, fast=True)
            if best is None:
                return _as_prompt(state, seat, prompt).default
            plan = (*player.assignment, *best)
            self.plans[key] = plan
        wanted = f"tile:{plan[done]}"
        for option in prompt.options:
            if option.id == wanted:
                return wanted
        return _as_prompt(state, seat, prompt).default


def _as_prompt(state: State, seat: int, prompt: Prompt | Choice) -> Prompt:
    """The seat's prompt, built from the state when the playout path gave only its choice:
    for the few answers that need what only a prompt has (its default, `standard`'s way)."""
    if isinstance(prompt, Prompt):
        return prompt
    return _game.pending(state)[seat]


def _best_by_resolving(state: State, seat: int, prompt: Prompt | Choice) -> str:
    """The option that leaves the seat's position worth most, as `standard` answers, each
    option resolved on a copy without running the game on (the other seats' tasks, the
    next prompts): a third of what a full step costs. A question asked again at once (a
    level bought in the Progress phase) is judged, as `standard` judges it, by the best of
    what may follow."""
    best_id, best = prompt.options[0].id, None
    for option in prompt.options:
        value = _resolved_worth(state, seat, option, prompt.kind, CHAIN_DEPTH)
        if value is not None and (best is None or value > best):
            best_id, best = option.id, value
    if best is None:  # no option resolves without the game run on: standard's full way
        return standard_choice(state, seat, _as_prompt(state, seat, prompt))
    return best_id


def _resolved_worth(state: State, seat: int, option: Option, kind: str, depth: int) -> float | None:
    """The seat's worth with `option` resolved on a copy (None if it needs the game run on),
    or after the best answers to the same question asked again, up to `depth` times."""
    trial = seat_trial(state, seat)
    try:
        resolve_head(trial, seat, option)
    except Exception:  # an option that needs the game run on to resolve: judged as none
        return None
    value = worth(trial, seat)
    # Only in the last round, where a drachma is worth next to nothing and a token bought
    # would take what Politics pays with: a tenth of the playouts' time before, for the same
    # games (docs/bots.md).
    if kind in SPENDS_BEFORE_FUNDED and not rounds_left(trial):
        value += funded_later(trial, seat, TRADE)
    if depth and kind in CHAINED:
        agenda = trial.players[seat].agenda
        if agenda and agenda[0].kind == kind:
            handler = HANDLERS[kind]
            for again in handler.options(trial, seat, agenda[0]):
                then = _resolved_worth(trial, seat, again, kind, depth - 1)
                if then is not None and then > value:
                    value = then
    return value


def play_out(
    state: State, policy: Policy, chance: Random, stop: Callable[[State, int], bool]
) -> State:
    """Play `state` on, changing it in place, every seat answered by `policy` and chance drawn
    from `chance`, until the game ends or `stop(state, decisions made)` says so (asked before
    every step). The engine's playout path (`deciding`, `choice`, `take`): no prompts built,
    the answer not checked again (a sixth of a playout went to prompts and their checks); the
    seats answer in seat order, as `min(pending(state))` gave them."""
    game = _game
    decisions = 0
    while not state.finished and not stop(state, decisions):
        if game.needs_chance(state):
            state = game.advance(state, game.sample_chance(state, chance))
            continue
        seat = game.deciding(state)[0]
        choice = game.choice(state, seat)
        option_id = policy(state, seat, choice)
        for option in choice.options:
            if option.id == option_id:
                break
        else:
            raise ValueError(f"the policy chose {option_id!r}, not an option of {choice.prompt}")
        state = game.advance(state, game.take(state, seat, choice, option))
        decisions += 1
    return state
