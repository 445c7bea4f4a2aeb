"""The Khlor pages' own words, English and Ukrainian (the glossary's terms, docs/khlor.md).

The engine words its prompts, options and narration itself (engine.khlor.text); these are the
page's headings, legends and the pictures' descriptions. They live here rather than in the web
app's catalogue so that the Khlor pages' words, with their Ukrainian plural forms, stay in one
place beside the pictures that use them.
"""

from __future__ import annotations

from engine.khlor.text import COLOUR_UK, plural_uk

COLOURS = ("green", "blue", "yellow", "pink", "purple")
# A demon's or an egg's letter, so that no colour is told by its colour alone.
LETTERS = {
    "en": {"green": "G", "blue": "B", "yellow": "Y", "pink": "P", "purple": "V"},
    "uk": {"green": "З", "blue": "С", "yellow": "Ж", "pink": "Р", "purple": "Ф"},
}

WORDS: dict[str, tuple[str, str]] = {
    "game": ("Khlor", "Khlor"),
    "valley": ("The valley", "Долина"),
    "circle": ("The circle of pieces", "Коло фігур"),
    "white_egg": ("the legendary white egg", "легендарне біле яйце"),
    "empty": ("empty", "порожня"),
    "top": ("on top", "згори"),
    "dragon": ("dragon", "дракон"),
    "dragon_before": ("The dragon stands before piece %s.", "Дракон стоїть перед фігурою %s."),
    "ahead": ("Ahead of the dragon: %s.", "Перед драконом: %s."),
    "ahead_tag": ("ahead", "перед драконом"),
    "caught": ("Caught", "Улов"),
    "eggs_on_board": ("Eggs in the valley", "Яйця в долині"),
    "supply": ("Supply", "Запас"),
    "additional": ("additional turn", "додатковий хід"),
    "players": ("Players, in turn order", "Гравці, по черзі"),
    "in_words": ("The valley in words", "Долина словами"),
    "legend": ("Letters: %s.", "Літери: %s."),
    "pick_square": (
        "Tap a square on the valley where the piece should catch (its first demon square, "
        "counting from A1 along the rows), or pick from the list below.",
        "Торкніться клітинки долини, де фігура має ловити (її першої клітинки з демоном, "
        "рахуючи від A1 рядками), або оберіть зі списку нижче.",
    ),
    "from_square": ("From %s", "Від %s"),
    "all_placements": ("Show every placement", "Показати всі розміщення"),
    "placements_here": ("%s placements from here", "%s розміщень звідси"),
    "placed": ("the piece just placed", "щойно поставлена фігура"),
    "score": ("Final score", "Підсумок"),
    "place": ("Place", "Місце"),
    "player": ("Player", "Гравець"),
    "total": ("Total", "Разом"),
    "by_colour": ("Points by colour", "Очки за кольорами"),
    "tie_break": (
        "Ties: most demons of one colour, then points from more colours, then shared.",
        "Нічия: більше демонів одного кольору, далі очки з більшої кількості кольорів, далі "
        "місце спільне.",
    ),
    "rules": ("Khlor's rules", "Правила гри Khlor"),
    "turn": ("turn %s", "хід %s"),
    "end": ("the additional turns", "додаткові ходи"),
    "back": ("back side", "зворотний бік"),
}


def word(key: str, lang: str) -> str:
    english, ukrainian = WORDS[key]
    return ukrainian if lang == "uk" else english


def colour(name: str, lang: str) -> str:
    """A colour's word: "green" / "зелений"."""
    return COLOUR_UK[name][0] if lang == "uk" else name


def letter(name: str, lang: str) -> str:
    return LETTERS["uk" if lang == "uk" else "en"][name]


def legend(lang: str) -> str:
    """ "Letters: G green, B blue, ..." """
    pairs = ", ".join(f"{letter(c, lang)} {colour(c, lang)}" for c in COLOURS)
    return word("legend", lang) % pairs


def demons(count: int, lang: str) -> str:
    if lang == "uk":
        return f"{count} {('демон', 'демони', 'демонів')[plural_uk(count)]}"
    return f"{count} demon{'' if count == 1 else 's'}"


def eggs(count: int, lang: str) -> str:
    if lang == "uk":
        return f"{count} {('яйце', 'яйця', 'яєць')[plural_uk(count)]}"
    return f"{count} egg{'' if count == 1 else 's'}"


def placements(count: int, lang: str) -> str:
    if lang == "uk":
        return f"{count} {('розміщення', 'розміщення', 'розміщень')[plural_uk(count)]}"
    return f"{count} placement{'' if count == 1 else 's'}"


def square_words(name: str, square: dict, lang: str) -> str:
    """One square in words: "B2: demons blue, green (on top)", "C3: a pink egg", "D1: empty"."""
    stack = square["demons"]
    if stack:
        told = [colour(c, lang) for c in stack]
        told[-1] += f" ({word('top', lang)})"
        noun = ("демони" if len(stack) > 1 else "демон") if lang == "uk" else "demon"
        plural = "s" if lang != "uk" and len(stack) > 1 else ""
        return f"{name}: {noun}{plural} {', '.join(told)}"
    if square["egg"]:
        egg = square["egg"]
        said = f"{COLOUR_UK[egg][1]} яйце" if lang == "uk" else f"a {egg} egg"
        return f"{name}: {said}"
    return f"{name}: {word('empty', lang)}"
