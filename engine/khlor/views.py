"""What a viewer sees of a Khlor game: everything, once the demons are dealt.

Khlor has no hidden information but the deal before it happens (not yet in the state), so
every seat and every spectator gets the same view; it is still the one way game data leaves
the engine, as for the other game.
"""

from __future__ import annotations

from typing import Any

from engine.khlor import rules
from engine.khlor.data import COLOURS, EGG, PIECES, SQUARES, WHITE_EGG
from engine.khlor.state import DEAL, State


def view(state: State, viewer: int | None, deciding: list[int]) -> dict[str, Any]:
    squares = {
        square: {
            "demons": list(state.stacks.get(square, [])),  # bottom first: the last is on top
            "egg": state.eggs.get(square),
            "colour": state.square_colours.get(square),
        }
        for square in SQUARES
        if square != WHITE_EGG
    }
    return {
        "game": "khlor",
        "viewer": viewer,
        "phase": state.phase,
        "step": state.step,
        "turn": state.turn,
        "seat_to_play": None if state.phase == DEAL else state.seat,
        "deciding": deciding,
        "start_player": state.start_player,
        "white_egg": WHITE_EGG,
        "squares": squares,
        "supply": dict(state.supply),
        "circle": list(state.circle),
        "dragon_before": state.circle[state.token] if state.circle else None,
        "ahead": rules.ahead(state) if state.circle else [],
        "placed": state.placed,
        "caught_this_turn": list(state.caught_now),
        "additional_turns_left": list(state.extra_seats),
        "pieces": {
            piece.id: {"cells": [list(cell) for cell in piece.cells], "egg_cell": EGG}
            for piece in PIECES.values()
        },
        "players": [
            {
                "seat": seat,
                "caught": {colour: state.caught[seat][colour] for colour in COLOURS},
                "additional_turn_points": state.bonus[seat],
            }
            for seat in range(state.num_players)
        ],
        "scores": state.final_scores,
    }
