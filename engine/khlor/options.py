"""Khlor's setup, declared once (engine.options): 2 to 4 seats, and the board's colours."""

from __future__ import annotations

from engine.khlor.data import BOARDS, DEFAULT_BOARD
from engine.options import CHOICE, Setup, SetupOption, Value, Words

# The glossary's terms (engine.khlor.text.GLOSSARY): valley (board) is долина, square клітинка.
BOARD_WORDS = {"plain": Words("plain: no square coloured", "звичайна: без кольорових клітинок")}

SETUP = Setup(
    title="Khlor",
    min_players=2,
    max_players=4,
    options=(
        SetupOption(
            name="board",
            kind=CHOICE,
            label=Words("Board", "Долина"),
            help=Words(
                "plain (default): no square is coloured.",
                "plain (типово): жодна клітинка долини не кольорова.",
            ),
            default=DEFAULT_BOARD,
            choices=tuple(Value(board, BOARD_WORDS[board]) for board in sorted(BOARDS)),
        ),
    ),
)
