"""Khlor's table as text for an email that asks (issue 46): the valley as a grid of letters,
the circle with the dragon and the two pieces ahead, what each seat caught and the eggs.

A mail program shows plain text in any font, so the grid uses one letter per demon (a legend
names the colours), bottom demon first, and fixed-width cells; the HTML part shows the same
lines in a <pre>. Read from the engine's view alone (Khlor hides nothing once dealt).

The words are the emails' catalog's (notifications/locale, Ukrainian in
notifications/i18n/uk_khlor.py), each with the context "Khlor" as on Khlor's pages (web's
catalog says the words both show, "Caught" or "Letters: %s.", the same way); the colours are
the engine's glossary's (engine.khlor.text.COLOUR_UK), as its narration says them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils import translation
from django.utils.translation import pgettext

from engine.khlor.data import COLOURS, COLUMNS, ROWS
from engine.khlor.text import COLOUR_UK


def _letters() -> dict[str, str]:
    """Each colour's letter in the active language, so that no colour is told by colour alone
    (a context each, as the pages' letters)."""
    return {
        "green": pgettext("Khlor: a green demon's or egg's letter", "G"),
        "blue": pgettext("Khlor: a blue demon's or egg's letter", "B"),
        "yellow": pgettext("Khlor: a yellow demon's or egg's letter", "Y"),
        "pink": pgettext("Khlor: a pink demon's or egg's letter", "P"),
        "purple": pgettext("Khlor: a purple demon's or egg's letter", "V"),
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
    """The table in lines of text, in `lang` ("en" or "uk"), whatever language is active."""
    lang = "uk" if lang == "uk" else "en"
    with translation.override(lang):
        return "\n".join(_lines(view, names, lang))


def _lines(view: dict[str, Any], names: Sequence[str], lang: str) -> list[str]:
    letters = _letters()
    squares = view["squares"]
    valley = pgettext(
        "Khlor",
        "The valley (row 7 on top; demons bottom to top; (G) a green egg; * the white egg; "
        ". empty):",
    )
    lines = [valley, "     " + "".join(f"{c:<5}" for c in COLUMNS).rstrip()]
    for row in range(ROWS, 0, -1):
        cells = [_cell(squares.get(f"{column}{row}"), letters) for column in COLUMNS]
        lines.append(f"  {row}  " + "".join(f"{cell:<5}" for cell in cells).rstrip())
    legend = ", ".join(f"{letters[c]} {_colour(c, lang)}" for c in COLOURS)
    lines.append(pgettext("Khlor", "Letters: %s.") % legend)
    lines.append("")
    dragon = pgettext("Khlor", "the dragon stands before %(piece)s; ahead of it: %(ahead)s") % {
        "piece": view["dragon_before"],
        "ahead": ", ".join(view["ahead"]),
    }
    # The calls stand outside the f-strings: xgettext (makemessages) does not look inside one.
    circle, caught_word = pgettext("Khlor", "The circle of pieces"), pgettext("Khlor", "Caught")
    lines.append(f"{circle}: {' '.join(view['circle'])}; {dragon}.")
    lines.append(f"{caught_word}:")
    extra_word = pgettext("Khlor", "additional turn")
    for player in view["players"]:
        caught = ", ".join(f"{_colour(c, lang)} {player['caught'][c]}" for c in COLOURS)
        extra = player["additional_turn_points"]
        bonus = f"; {extra_word} +{extra}" if extra else ""
        lines.append(f"  {names[player['seat']]}: {caught}{bonus}")
    laid = {c: sum(1 for s in squares.values() if s["egg"] == c) for c in COLOURS}
    eggs = ", ".join(f"{_colour(c, lang)} {laid[c]} ({view['supply'][c]})" for c in COLOURS)
    lines.append(pgettext("Khlor", "Eggs in the valley (supply)") + f": {eggs}.")
    return lines
