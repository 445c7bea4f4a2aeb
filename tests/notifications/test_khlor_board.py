"""Khlor's table as text in the emails (notifications/khlor_board.py): every line of a known
table in either language, its words from the emails' catalog whatever language is active, and
the words it shares with Khlor's pages said as the pages say them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polib
import pytest
from django.utils import translation

from engine.khlor.data import COLOURS, COLUMNS, ROWS
from notifications.khlor_board import board_text

ROOT = Path(__file__).resolve().parents[2]


def _view() -> dict:
    """Demons on A1 (green under blue) and G7, a pink egg on B1, the white egg on D4 (no square
    in the view), the rest empty; the second seat has an additional turn's points."""
    squares: dict[str, dict[str, Any]] = {
        f"{column}{row}": {"demons": [], "egg": None, "colour": None}
        for column in COLUMNS
        for row in range(1, ROWS + 1)
    }
    del squares["D4"]
    squares["A1"]["demons"] = ["green", "blue"]
    squares["G7"]["demons"] = ["purple"]
    squares["B1"]["egg"] = "pink"
    caught = dict.fromkeys(COLOURS, 0)
    return {
        "squares": squares,
        "circle": ["S", "J", "T", "L", "I", "O", "Z"],
        "dragon_before": "T",
        "ahead": ["T", "L"],
        "supply": {**dict.fromkeys(COLOURS, 10), "pink": 9},
        "players": [
            {"seat": 0, "caught": {**caught, "yellow": 2}, "additional_turn_points": 0},
            {"seat": 1, "caught": caught, "additional_turn_points": 3},
        ],
    }


GRID = [
    "     A    B    C    D    E    F    G",
    "  7  .    .    .    .    .    .    {V}",
    "  6  .    .    .    .    .    .    .",
    "  5  .    .    .    .    .    .    .",
    "  4  .    .    .    *    .    .    .",
    "  3  .    .    .    .    .    .    .",
    "  2  .    .    .    .    .    .    .",
    "  1  {GB}   ({P})  .    .    .    .    .",
]
TOLD = {
    "en": [
        "The valley (row 7 on top; demons bottom to top; (G) a green egg; * the white egg; . "
        "empty):",
        *(line.format(V="V", GB="GB", P="P") for line in GRID),
        "Letters: G green, B blue, Y yellow, P pink, V purple.",
        "",
        "The circle of pieces: S J T L I O Z; the dragon stands before T; ahead of it: T, L.",
        "Caught:",
        "  Оксана: green 0, blue 0, yellow 2, pink 0, purple 0",
        "  Bob: green 0, blue 0, yellow 0, pink 0, purple 0; additional turn +3",
        "Eggs in the valley (supply): green 0 (10), blue 0 (10), yellow 0 (10), pink 1 (9), "
        "purple 0 (10).",
    ],
    "uk": [
        "Долина (ряд 7 згори; демони знизу догори; (З) зелене яйце; * біле яйце; . порожньо):",
        *(line.format(V="Ф", GB="ЗС", P="Р") for line in GRID),
        "Літери: З зелений, С синій, Ж жовтий, Р рожевий, Ф фіолетовий.",
        "",
        "Коло фігур: S J T L I O Z; дракон стоїть перед T; перед ним: T, L.",
        "Улов:",
        "  Оксана: зелений 0, синій 0, жовтий 2, рожевий 0, фіолетовий 0",
        "  Bob: зелений 0, синій 0, жовтий 0, рожевий 0, фіолетовий 0; додатковий хід +3",
        "Яйця в долині (запас): зелений 0 (10), синій 0 (10), жовтий 0 (10), рожевий 1 (9), "
        "фіолетовий 0 (10).",
    ],
}


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("active", ["en", "uk"])
def test_the_table_is_told_line_by_line_in_the_language_asked(lang, active):
    with translation.override(active):
        told = board_text(_view(), ["Оксана", "Bob"], lang)
        assert translation.get_language() == active  # and left as it was
    assert told.split("\n") == TOLD[lang]


def test_a_language_without_a_catalog_gets_english():
    assert board_text(_view(), ["Оксана", "Bob"], "de").split("\n") == TOLD["en"]


def _khlor_entries(app: str) -> dict[tuple[str, str], str]:
    po = polib.pofile(str(ROOT / app / "locale/uk/LC_MESSAGES/django.po"))
    return {
        (entry.msgctxt, entry.msgid): entry.msgstr
        for entry in po
        if entry.msgctxt and entry.msgctxt.startswith("Khlor") and not entry.msgid_plural
    }


def test_the_words_the_emails_share_with_the_pages_are_translated_alike():
    """Django merges every app's catalog into one: a word both catalogs hold under the same
    context ("Caught", a demon's letter) must be said the same, or one app's would win."""
    emails, pages = _khlor_entries("notifications"), _khlor_entries("web")
    shared = emails.keys() & pages.keys()
    assert len(shared) >= 9  # the five letters, Letters, Caught, the circle, additional turn
    assert {key: emails[key] for key in shared} == {key: pages[key] for key in shared}
