"""Khlor's words in English and Ukrainian: prompts, option labels and the narration.

The Ukrainian rulebook has no Khlor, so the terms are ours; GLOSSARY lists them (and
docs/khlor.md repeats it). A text is rendered when read: `Text` is English as `str()` and
another language through `render(lang)`, as the engine's other game does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

LANGUAGES = ("en", "uk")

GLOSSARY: dict[str, str] = {
    "demon": "демон",
    "dragon egg": "драконове яйце",
    "legendary white egg": "легендарне біле яйце",
    "piece (polyomino)": "фігура",
    "back side": "зворотний бік",
    "egg symbol": "знак яйця",
    "dragon token": "жетон дракона",
    "circle": "коло",
    "valley (board)": "долина",
    "square": "клітинка",
    "supply": "запас",
    "start player": "перший гравець",
    "additional turn": "додатковий хід",
    "place (a piece)": "ставити (фігуру)",
    "catch": "ловити",
    "lay (eggs)": "класти",
    "point": "очко",
    "green, blue, yellow, pink, purple": "зелений, синій, жовтий, рожевий, фіолетовий",
}

# A colour as a word: English; Ukrainian for a demon (masculine) and for eggs (neuter, by the
# number's plural form).
COLOUR_UK = {
    "green": ("зелений", "зелене", "зелені", "зелених"),
    "blue": ("синій", "синє", "сині", "синіх"),
    "yellow": ("жовтий", "жовте", "жовті", "жовтих"),
    "pink": ("рожевий", "рожеве", "рожеві", "рожевих"),
    "purple": ("фіолетовий", "фіолетове", "фіолетові", "фіолетових"),
}


def plural_uk(count: int) -> int:
    """The Ukrainian plural form of `count` (CLDR): 0 one, 1 few, 2 many."""
    if count % 10 == 1 and count % 100 != 11:
        return 0
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return 1
    return 2


def eggs(count: int, colour: str, lang: str) -> str:
    """ "3 green eggs" / "3 зелені яйця"."""
    if lang == "uk":
        form = plural_uk(count)
        noun = ("яйце", "яйця", "яєць")[form]
        return f"{count} {COLOUR_UK[colour][1 + form]} {noun}"
    return f"{count} {colour} egg{'' if count == 1 else 's'}"


def points(count: int, lang: str) -> str:
    if lang == "uk":
        return f"{count} {('очко', 'очки', 'очок')[plural_uk(count)]}"
    return f"{count} point{'' if count == 1 else 's'}"


def colours(names: Sequence[str], lang: str) -> str:
    """Demons' colours as a list: "green, blue, green" / "зелений, синій, зелений"."""
    return ", ".join(COLOUR_UK[c][0] if lang == "uk" else c for c in names)


def squares(names: Sequence[str]) -> str:
    return ", ".join(names)


def seat_name(seat: int | None, lang: str, names: Sequence[str] | None) -> str:
    if seat is None:
        return ""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"Гравець {seat + 1}" if lang == "uk" else f"Player {seat + 1}"


Render = Callable[[dict[str, Any], str, str], str]


def _piece(p: dict[str, Any], lang: str, accusative: bool = False) -> str:
    back = p.get("side") == "back"
    if lang == "uk":
        noun = "фігуру" if accusative else "фігура"
        return f"{noun} {p['piece']}" + (" (зворотний бік)" if back else "")
    return f"piece {p['piece']}" + (" (back side)" if back else "")


# Each message: English and Ukrainian, from the line's params and the seat's name.
MESSAGES: dict[str, tuple[Render, Render]] = {
    "deal": (
        lambda p, who, lang: f"The demons are dealt; the circle of pieces: {squares(p['circle'])}.",
        lambda p, who, lang: f"Демонів розкладено; коло фігур: {squares(p['circle'])}.",
    ),
    "caught": (
        lambda p, who, lang: (
            f"{who} places {_piece(p, lang)} on {squares(p['squares'])} (egg symbol on "
            f"{p['egg']}) and catches {colours(p['colours'], lang)}."
        ),
        lambda p, who, lang: (
            f"{who} ставить {_piece(p, lang, accusative=True)} на {squares(p['squares'])} "
            f"(знак яйця на {p['egg']}); улов: {colours(p['colours'], lang)}."
        ),
    ),
    "egg_removed": (
        lambda p, who, lang: f"{who} returns the {p['colour']} egg on {p['square']} to the supply.",
        lambda p, who, lang: (
            f"{who} повертає до запасу {COLOUR_UK[p['colour']][1]} яйце з {p['square']}."
        ),
    ),
    "eggs_laid": (
        lambda p, who, lang: (
            f"{who} lays {eggs(len(p['squares']), p['colour'], lang)} on {squares(p['squares'])}."
        ),
        lambda p, who, lang: (
            f"{who} кладе {eggs(len(p['squares']), p['colour'], lang)} на {squares(p['squares'])}."
        ),
    ),
    "end_begins": (
        lambda p, who, lang: (
            f"{who} cannot catch 3 demons with the pieces ahead of the dragon: the end begins"
            + (", and the game ends." if p["ends_now"] else "; additional turns follow.")
        ),
        lambda p, who, lang: (
            f"{who} не може зловити 3 демонів фігурами перед драконом: настає кінець гри"
            + (", і гра закінчується." if p["ends_now"] else "; далі додаткові ходи.")
        ),
    ),
    "stuck": (
        lambda p, who, lang: (
            f"{who} cannot catch 3 demons with any piece, even on its back side: "
            f"+{points(p['points'], lang)}."
        ),
        lambda p, who, lang: (
            f"{who} не може зловити 3 демонів жодною фігурою, навіть зворотним боком: "
            f"+{points(p['points'], lang)}."
        ),
    ),
    "final_score": (
        lambda p, who, lang: f"{who} ends with {points(p['total'], lang)}.",
        lambda p, who, lang: f"{who}: {points(p['total'], lang)} наприкінці гри.",
    ),
}

PROMPTS: dict[str, tuple[str, str]] = {
    "place": (
        "Choose one of the two pieces ahead of the dragon and where it lies: you catch the top "
        "demon of each of its three demon squares.",
        "Оберіть одну з двох фігур перед драконом і де вона ляже: ви ловите верхнього демона "
        "з кожної з трьох її клітинок із демонами.",
    ),
    "extra": (
        "Additional turn: choose any piece of the circle and where it lies (no eggs this turn).",
        "Додатковий хід: оберіть будь-яку фігуру кола і де вона ляже (яєць цього ходу немає).",
    ),
    "extra_back": (
        "Additional turn: no piece can catch 3 demons; choose a piece's back side.",
        "Додатковий хід: жодна фігура не ловить 3 демонів; оберіть зворотний бік фігури.",
    ),
    "remove": (
        "The egg symbol lies on a dragon egg: return it to the supply?",
        "Знак яйця лежить на драконовому яйці: повернути його до запасу?",
    ),
    "lay": (
        "Lay eggs of one colour you caught this turn on the empty squares under the piece?",
        "Покласти яйця одного кольору, який ви зловили цього ходу, на порожні клітинки під "
        "фігурою?",
    ),
}


class Text:
    """A lazy text: English as `str()`, any language by `render(lang)`."""

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[str], str]):
        self._make = make

    def render(self, lang: str) -> str:
        return self._make(lang if lang in LANGUAGES else "en")

    def __str__(self) -> str:
        return self._make("en")


def prompt_text(kind: str) -> Text:
    english, ukrainian = PROMPTS[kind]
    return Text(lambda lang: ukrainian if lang == "uk" else english)


def placement_label(
    piece: str, side: str, demons: Sequence[str], egg: str, tops: Sequence[str]
) -> Text:
    params = {"piece": piece, "side": side}

    def make(lang: str) -> str:
        if lang == "uk":
            return (
                f"{_piece(params, lang)} на {squares(demons)}, знак яйця на {egg}; "
                f"улов: {colours(tops, lang)}"
            )
        return (
            f"{_piece(params, lang)} on {squares(demons)}, egg symbol on {egg}; "
            f"catches {colours(tops, lang)}"
        )

    return Text(make)


def remove_label(remove: bool, colour: str, square: str) -> Text:
    def make(lang: str) -> str:
        if lang == "uk":
            adjective = COLOUR_UK[colour][1]
            return (
                f"Повернути {adjective} яйце з {square}" if remove else f"Залишити яйце на {square}"
            )
        return f"Return the {colour} egg on {square}" if remove else f"Leave the egg on {square}"

    return Text(make)


def lay_label(colour: str | None, where: Sequence[str]) -> Text:
    def make(lang: str) -> str:
        if colour is None:
            return "Не класти яєць" if lang == "uk" else "Lay no eggs"
        verb = "Покласти" if lang == "uk" else "Lay"
        on = "на" if lang == "uk" else "on"
        return f"{verb} {eggs(len(where), colour, lang)} {on} {squares(where)}"

    return Text(make)


def render_line(line: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    lang = lang if lang in LANGUAGES else "en"
    english, ukrainian = MESSAGES[line["msg"]]
    make = ukrainian if lang == "uk" else english
    return make(line["params"], seat_name(line.get("seat"), lang, names), lang)
