# ruff: noqa: E501
"""Ukrainian for Khlor's table as text in the emails (notifications/khlor_board.py): the
glossary's terms (docs/khlor.md, engine.khlor.text.GLOSSARY), the words it shares with Khlor's
pages as web/i18n/uk_khlor.py says them. Every word has the context "Khlor" (a demon's letter
its own). Merged into UK by uk_strings.py."""

C = "Khlor\x04"

KHLOR = {
    C
    + "The valley (row 7 on top; demons bottom to top; (G) a green egg; * the white egg; . empty):": "Долина (ряд 7 згори; демони знизу догори; (З) зелене яйце; * біле яйце; . порожньо):",
    C + "Letters: %s.": "Літери: %s.",
    C + "The circle of pieces": "Коло фігур",
    C
    + "the dragon stands before %(piece)s; ahead of it: %(ahead)s": "дракон стоїть перед %(piece)s; перед ним: %(ahead)s",
    C + "Caught": "Улов",
    C + "additional turn": "додатковий хід",
    C + "Eggs in the valley (supply)": "Яйця в долині (запас)",
    # a demon's or an egg's letter: the colour's first letter in Ukrainian
    "Khlor: a green demon's or egg's letter\x04G": "З",
    "Khlor: a blue demon's or egg's letter\x04B": "С",
    "Khlor: a yellow demon's or egg's letter\x04Y": "Ж",
    "Khlor: a pink demon's or egg's letter\x04P": "Р",
    "Khlor: a purple demon's or egg's letter\x04V": "Ф",
}
