# ruff: noqa: E501
"""Ukrainian for Khlor's pages (web/drawing/khlor.py): the glossary's terms (docs/khlor.md,
engine.khlor.text.GLOSSARY). Every word has the context "Khlor" (a demon's letter its own);
plurals give Ukrainian's four forms (one, few, many, and fractions, which never come). Merged
into UK by uk_strings.py."""

C = "Khlor\x04"

KHLOR = {
    C + "The valley": "Долина",
    C + "The circle of pieces": "Коло фігур",
    C + "the legendary white egg": "легендарне біле яйце",
    C + "empty": "порожня",
    C + "on top": "згори",
    C + "dragon": "дракон",
    C + "The dragon stands before piece %s.": "Дракон стоїть перед фігурою %s.",
    C + "Ahead of the dragon: %s.": "Перед драконом: %s.",
    C + "ahead": "перед драконом",
    C + "Caught": "Улов",
    C + "Eggs in the valley": "Яйця в долині",
    C + "Supply": "Запас",
    C + "additional turn": "додатковий хід",
    C + "Players, in turn order": "Гравці, по черзі",
    C + "The valley in words": "Долина словами",
    C + "Letters: %s.": "Літери: %s.",
    C
    + "Tap a square on the valley where the piece should catch (its first demon square, counting from A1 along the rows), or pick from the list below.": "Торкніться клітинки долини, де фігура має ловити (її першої клітинки з демоном, рахуючи від A1 рядками), або оберіть зі списку нижче.",
    C + "From %s": "Від %s",
    C + "Show every placement": "Показати всі розміщення",
    C + "%s placements from here": "%s розміщень звідси",
    C + "Final score": "Підсумок",
    C + "Place": "Місце",
    C + "Player": "Гравець",
    C + "Total": "Разом",
    C + "Points by colour": "Очки за кольорами",
    C
    + "Ties: most demons of one colour, then points from more colours, then shared.": "Нічия: більше демонів одного кольору, далі очки з більшої кількості кольорів, далі місце спільне.",
    C + "Khlor's rules": "Правила гри Khlor",
    C + "%(count)s egg": ("%(count)s яйце", "%(count)s яйця", "%(count)s яєць", "%(count)s яйця"),
    C + "%(count)s placement": (
        "%(count)s розміщення",
        "%(count)s розміщення",
        "%(count)s розміщень",
        "%(count)s розміщення",
    ),
    C + "%(square)s: demon %(colours)s": (
        "%(square)s: демон %(colours)s",
        "%(square)s: демони %(colours)s",
        "%(square)s: демони %(colours)s",
        "%(square)s: демони %(colours)s",
    ),
    C + "%(square)s: a %(colour)s egg": "%(square)s: %(colour)s яйце",
    # a demon's or an egg's letter: the colour's first letter in Ukrainian
    "Khlor: a green demon's or egg's letter\x04G": "З",
    "Khlor: a blue demon's or egg's letter\x04B": "С",
    "Khlor: a yellow demon's or egg's letter\x04Y": "Ж",
    "Khlor: a pink demon's or egg's letter\x04P": "Р",
    "Khlor: a purple demon's or egg's letter\x04V": "Ф",
}
