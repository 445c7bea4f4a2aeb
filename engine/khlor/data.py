"""Khlor's components as data: the valley, the demons, the eggs and the seven pieces.

Every fact the rulebook (our seed 004) does not give exactly carries a confidence and a source,
so that the real value, once known, is a one-line change here (rulings K1-K4, K10 in
docs/khlor.md). Nothing else in the engine spells these numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

# Confidences: "rulebook" (printed in the seed's text), "diary" (the designer's diary),
# "guess" (our reading where both are silent; pictures were lost).
RULEBOOK, DIARY, GUESS = "rulebook", "diary", "guess"


@dataclass(frozen=True, slots=True)
class Fact:
    """One component fact, with how sure we are of it and where it comes from."""

    value: object
    confidence: str
    source: str


COLOURS: tuple[str, ...] = ("green", "blue", "yellow", "pink", "purple")
COLUMNS = "ABCDEFG"
ROWS = 7

FACTS: dict[str, Fact] = {
    "board": Fact("7 x 7, columns A-G, rows 1-7", DIARY, "designer's diary; rulings K1"),
    "white_egg": Fact("D4", DIARY, "designer's diary: the legendary egg in the centre (K1)"),
    "demons_per_colour": Fact(19, RULEBOOK, "rulebook, Material: 95 demons, 19 of each (K2)"),
    "demons_per_square": Fact(2, RULEBOOK, "rulebook, Setup 1 (K2)"),
    "single_demon_squares": Fact(1, GUESS, "48 squares x 2 = 96 > 95: one square gets 1 (K2)"),
    "eggs_per_colour": Fact(10, RULEBOOK, "rulebook, Material: 50 eggs, 10 of each (K3)"),
    "pieces": Fact("the 7 one-sided tetrominoes", GUESS, "rulings K4; diary: 3 demons"),
    "egg_cells": Fact("see PIECES", GUESS, "pictures lost; our placement (K4)"),
    "arrows": Fact("see PIECES", GUESS, "solo mode only, out of scope (K4, K15)"),
    "square_colours": Fact("none", GUESS, "plain board, as the scoring example (K10)"),
    "choices_ahead": Fact(2, RULEBOOK, "rulebook, Course of the Game 1 (K8)"),
    "stuck_bonus": Fact(3, RULEBOOK, "rulebook, Additional Turn 2c (K11)"),
}

DEMONS_PER_COLOUR = 19
DEMONS_PER_SQUARE = 2
EGGS_PER_COLOUR = 10
WHITE_EGG = "D4"
CHOICES_AHEAD = 2
STUCK_BONUS = 3
DEMONS_PER_TURN = 3


@dataclass(frozen=True, slots=True)
class Piece:
    """A polyomino's front side, drawn at rotation 0 as (column, row) offsets: three demon
    symbols, then the egg symbol (`cells[EGG]`); `arrows` are for the solo mode only."""

    id: str
    cells: tuple[tuple[int, int], ...]
    arrows: tuple[str, ...]


EGG = 3  # the index of the egg symbol in Piece.cells (guess, K4)

# Where the egg symbols sit is our guess (K4), chosen so that the rulebook's step 2b means
# something: the back sides of S, L and J cover three demon squares no front side does
# (tests/engine/khlor/test_rules.py, K5). A front side catches any straight or bent three.

# The seven one-sided tetrominoes, in their circle's order before the deal shuffles it.
PIECES: dict[str, Piece] = {
    piece.id: piece
    for piece in (
        Piece("I", ((1, 0), (2, 0), (3, 0), (0, 0)), ("E", "W")),
        Piece("O", ((1, 0), (0, 1), (1, 1), (0, 0)), ("N", "S")),
        Piece("T", ((1, 0), (2, 0), (1, 1), (0, 0)), ("N", "E", "W")),
        Piece("S", ((0, 0), (1, 1), (2, 1), (1, 0)), ("N", "E")),
        Piece("Z", ((1, 0), (0, 1), (1, 1), (2, 0)), ("N", "W")),
        Piece("L", ((0, 1), (0, 2), (1, 0), (0, 0)), ("S", "E")),
        Piece("J", ((0, 0), (1, 0), (1, 2), (1, 1)), ("S", "W")),
    )
}

# A square's colour for the eggs' bonus (K10): empty on the plain board.
BOARDS: dict[str, dict[str, str]] = {"plain": {}}
DEFAULT_BOARD = "plain"


def square_name(column: int, row: int) -> str:
    return f"{COLUMNS[column]}{row + 1}"


SQUARES: tuple[str, ...] = tuple(
    square_name(column, row) for row in range(ROWS) for column in range(len(COLUMNS))
)
DEMON_SQUARES: tuple[str, ...] = tuple(square for square in SQUARES if square != WHITE_EGG)
