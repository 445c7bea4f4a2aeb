"""What must hold in every state of a game played from a deal (tests and bench use it).

Demons and eggs are conserved, the white egg stays alone, eggs lie only where no demon is, and
every seat caught 3 demons a turn. Returns the broken rules as sentences; an empty list is a
sound state.
"""

from __future__ import annotations

from engine.khlor.data import (
    COLOURS,
    DEMON_SQUARES,
    DEMONS_PER_COLOUR,
    DEMONS_PER_SQUARE,
    DEMONS_PER_TURN,
    EGGS_PER_COLOUR,
    WHITE_EGG,
)
from engine.khlor.state import DEAL, State


def problems(state: State) -> list[str]:
    found = []
    for colour in COLOURS:
        laid = state.eggs_on_board(colour)
        if laid + state.supply[colour] != EGGS_PER_COLOUR or state.supply[colour] < 0:
            found.append(f"{colour} eggs: {laid} laid + {state.supply[colour]} in supply")
    if WHITE_EGG in state.stacks or WHITE_EGG in state.eggs:
        found.append("something lies on the white egg")
    if state.phase == DEAL:
        return found
    if sorted(state.stacks) != sorted(DEMON_SQUARES):
        found.append("the stacks are not the demon squares")
    for colour in COLOURS:
        on_board = sum(stack.count(colour) for stack in state.stacks.values())
        caught = sum(seat[colour] for seat in state.caught)
        if on_board + caught != DEMONS_PER_COLOUR:
            found.append(f"{colour} demons: {on_board} on the board + {caught} caught")
    for square, stack in state.stacks.items():
        if len(stack) > DEMONS_PER_SQUARE:
            found.append(f"{square} holds {len(stack)} demons")
        if stack and square in state.eggs:
            found.append(f"{square} holds demons and an egg")
    for seat, by_colour in enumerate(state.caught):
        total = sum(by_colour.values())
        if total % DEMONS_PER_TURN:
            found.append(f"seat {seat} caught {total} demons, not 3 a turn")
    return found
