"""Khlor's table as text for an email that asks (issue 46): the valley as a grid of letters,
the circle with the dragon and the two pieces ahead, what each seat caught and the eggs.

A mail program shows plain text in any font, so the grid uses one letter per demon (a legend
names the colours), bottom demon first, and fixed-width cells; the HTML part shows the same
lines in a <pre>. Read from the engine's view alone (Khlor hides nothing once dealt).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.khlor.data import COLOURS, COLUMNS, ROWS
from engine.khlor.text import COLOUR_UK

LETTERS = {
    "en": dict(zip(COLOURS, "GBYPV", strict=True)),
    "uk": dict(zip(COLOURS, "ЗСЖРФ", strict=True)),
}
WORDS = {
    "en": {
        "valley": "The valley (row 7 on top; demons bottom to top; (G) a green egg; * the white "
        "egg; . empty):",
        "legend": "Letters",
        "circle": "The circle of pieces",
        "dragon": "the dragon stands before {piece}; ahead of it: {ahead}",
        "caught": "Caught",
        "eggs": "Eggs in the valley (supply)",
        "extra": "additional turn",
    },
    "uk": {
        "valley": "Долина (ряд 7 згори; демони знизу догори; (З) зелене яйце; * біле яйце; "
        ". порожньо):",
        "legend": "Літери",
        "circle": "Коло фігур",
        "dragon": "дракон стоїть перед {piece}; перед ним: {ahead}",
        "caught": "Улов",
        "eggs": "Яйця в долині (запас)",
        "extra": "додатковий хід",
    },
}


def _cell(square: dict[str, Any] | None, letters: dict[str, str]) -> str:
    if square is None:
        return "*"
    if square["demons"]:
        return "".join(letters[colour] for colour in square["demons"])
    if square["egg"]:
        return f"({letters[square['egg']]})"
    return "."


def _colour(name: str, lang: str) -> str:
    return COLOUR_UK[name][0] if lang == "uk" else name


def board_text(view: dict[str, Any], names: Sequence[str], lang: str) -> str:
    """The table in lines of text, in `lang` ("en" or "uk")."""
    lang = "uk" if lang == "uk" else "en"
    letters, words = LETTERS[lang], WORDS[lang]
    squares = view["squares"]
    lines = [words["valley"], "     " + "".join(f"{c:<5}" for c in COLUMNS).rstrip()]
    for row in range(ROWS, 0, -1):
        cells = [_cell(squares.get(f"{column}{row}"), letters) for column in COLUMNS]
        lines.append(f"  {row}  " + "".join(f"{cell:<5}" for cell in cells).rstrip())
    legend = ", ".join(f"{letters[c]} {_colour(c, lang)}" for c in COLOURS)
    lines.append(f"{words['legend']}: {legend}.")
    lines.append("")
    circle = " ".join(view["circle"])
    dragon = words["dragon"].format(piece=view["dragon_before"], ahead=", ".join(view["ahead"]))
    lines.append(f"{words['circle']}: {circle}; {dragon}.")
    lines.append(f"{words['caught']}:")
    for player in view["players"]:
        caught = ", ".join(f"{_colour(c, lang)} {player['caught'][c]}" for c in COLOURS)
        extra = player["additional_turn_points"]
        bonus = f"; {words['extra']} +{extra}" if extra else ""
        lines.append(f"  {names[player['seat']]}: {caught}{bonus}")
    laid = {c: sum(1 for s in squares.values() if s["egg"] == c) for c in COLOURS}
    eggs = ", ".join(f"{_colour(c, lang)} {laid[c]} ({view['supply'][c]})" for c in COLOURS)
    lines.append(f"{words['eggs']}: {eggs}.")
    return "\n".join(lines)
