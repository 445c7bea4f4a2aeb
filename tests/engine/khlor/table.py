"""Tables set up for a rule test: a Khlor state with chosen stacks, eggs and circle."""

from __future__ import annotations

import random

from engine.khlor import game, rules
from engine.khlor.data import DEMON_SQUARES, PIECES
from engine.khlor.state import TURN, State

CIRCLE = list(PIECES)  # I O T S Z L J


def table(
    players: int = 3,
    stacks: dict[str, list[str]] | None = None,
    eggs: dict[str, str] | None = None,
    circle: list[str] | None = None,
    token: int = 0,
    seat: int = 0,
    square_colours: dict[str, str] | None = None,
) -> State:
    """A state at the start of `seat`'s turn; squares not in `stacks` are empty."""
    state = State(num_players=players, options={}, square_colours=dict(square_colours or {}))
    state.phase = TURN
    state.stacks = {square: list((stacks or {}).get(square, [])) for square in DEMON_SQUARES}
    state.eggs = dict(eggs or {})
    for colour in state.eggs.values():
        state.supply[colour] -= 1
    state.circle = list(circle or CIRCLE)
    state.token = token
    state.seat = seat
    rules.start_turn(state)
    return state


def dealt(players: int, seed: int = 0) -> State:
    """A game just dealt by a seeded generator."""
    state = game.new_game(players)
    return game.apply(state, game.sample_chance(state, random.Random(seed)))


def play(state: State, option_id: str) -> State:
    """The open seat takes `option_id`, checked as a client's decision is."""
    seat = game.deciding(state)[0]
    prompt = game.pending(state)[seat]
    return game.apply(state, game.decide(state, seat, prompt.id, option_id))


def option_ids(state: State) -> list[str]:
    return [option.id for option in game.choices(state)[state.seat].options]
