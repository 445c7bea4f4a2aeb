"""Phases A and B: the event announcement and the tax."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import InvalidEvent
from engine.khora import abilities
from engine.khora.content.events import FIRST_EVENT, LAST_EVENT
from engine.khora.effects import gain
from engine.khora.flow import ChanceOutcome, chance_kind, step
from engine.khora.journal import note
from engine.khora.state import State, Step, without

if TYPE_CHECKING:
    from random import Random

ROUNDS = 9
ROUND_STEPS: tuple[Step, ...] = (
    ("announce",),
    ("tax",),
    ("roll",),
    ("assign",),
    ("reveal",),
    ("actions",),
    ("end_actions",),
    ("progress",),
    ("end_progress",),
    ("resolve_event",),
    ("achievements",),
    ("end_round",),
)


@step("begin_round")
def begin_round(state: State, number: int) -> None:
    state.round = number
    state.steps = [*ROUND_STEPS, *state.steps]


@step("end_round")
def end_round(state: State) -> None:
    if state.round < ROUNDS:
        state.steps = [("begin_round", state.round + 1), *state.steps]
    else:
        state.steps = [("final_exchange",), ("final_scoring",), *state.steps]


@step("announce")
def announce(state: State) -> None:
    state.phase = "event_announcement"
    if state.round == 1:
        _reveal(state, FIRST_EVENT)
    elif state.round == ROUNDS:
        _reveal(state, LAST_EVENT)
    else:
        state.chance = {"kind": "event"}


def _sample_event(state: State, rng: Random) -> ChanceOutcome:
    return {"event": rng.choice(state.events_unseen)}


@chance_kind("event", _sample_event)
def apply_event(state: State, outcome: ChanceOutcome) -> None:
    event = outcome.get("event")
    if event not in state.events_unseen:
        raise InvalidEvent("bad_chance", "The event revealed must be one not yet seen.")
    state.events_unseen = without(state.events_unseen, event)
    _reveal(state, event)


def _reveal(state: State, event: str) -> None:
    state.current_event = event
    state.events_revealed = [*state.events_revealed, event]
    note(state, "event_revealed", event=event)


@step("tax")
def tax(state: State) -> None:
    state.phase = "tax"
    for player in state.players:
        gain(state, player.seat, drachma=player.tax)
        abilities.trigger(state, player.seat, "tax_phase")
