"""Khlor's table drawn: the 7 x 7 valley with its demon stacks and eggs, and the circle of
pieces with the dragon token, as server-rendered SVG read from the engine's view alone.

Nothing is told by colour alone: every demon and egg carries its colour's letter (a legend
says which), every square has a tooltip in words and the picture's description tells the
whole valley. While the viewer places a piece, the squares a placement can start from are
links to that square's list of placements on the page (`#khlor-at-B2`), so a tap on the board
chooses the square and the list below chooses the rotation; the links are keyboard-reachable
and named.

The pages' words are web's catalog's (web/locale, Ukrainian in web/i18n/uk_khlor.py), each
with the context "Khlor" so that a change to one of Khôra's like-sounding words ("Supply",
"Place") does not change Khlor's; the colours are the engine's glossary's
(engine.khlor.text.COLOUR_UK), as its narration says them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence

from django.utils import translation
from django.utils.safestring import SafeString
from django.utils.translation import npgettext, pgettext, pgettext_lazy

from engine.khlor.data import COLOURS, COLUMNS, PIECES, ROWS
from engine.khlor.text import COLOUR_UK
from web.drawing.svg import element, figure, hint, render

CELL = 46  # a square of the valley
EDGE = 18  # the row numbers on the left, the column letters below

# The page's words by the name its code and templates (khlor_table) use.
WORDS = {
    "game": "Khlor",  # a name, the same in every language
    "valley": pgettext_lazy("Khlor", "The valley"),
    "circle": pgettext_lazy("Khlor", "The circle of pieces"),
    "white_egg": pgettext_lazy("Khlor", "the legendary white egg"),
    "empty": pgettext_lazy("Khlor", "empty"),
    "top": pgettext_lazy("Khlor", "on top"),
    "dragon": pgettext_lazy("Khlor", "dragon"),
    "dragon_before": pgettext_lazy("Khlor", "The dragon stands before piece %s."),
    "ahead": pgettext_lazy("Khlor", "Ahead of the dragon: %s."),
    "ahead_tag": pgettext_lazy("Khlor", "ahead"),
    "caught": pgettext_lazy("Khlor", "Caught"),
    "eggs_on_board": pgettext_lazy("Khlor", "Eggs in the valley"),
    "supply": pgettext_lazy("Khlor", "Supply"),
    "additional": pgettext_lazy("Khlor", "additional turn"),
    "players": pgettext_lazy("Khlor", "Players, in turn order"),
    "in_words": pgettext_lazy("Khlor", "The valley in words"),
    "legend": pgettext_lazy("Khlor", "Letters: %s."),
    "pick_square": pgettext_lazy(
        "Khlor",
        "Tap a square on the valley where the piece should catch (its first demon square, "
        "counting from A1 along the rows), or pick from the list below.",
    ),
    "from_square": pgettext_lazy("Khlor", "From %s"),
    "all_placements": pgettext_lazy("Khlor", "Show every placement"),
    "placements_here": pgettext_lazy("Khlor", "%s placements from here"),
    "score": pgettext_lazy("Khlor", "Final score"),
    "place": pgettext_lazy("Khlor", "Place"),
    "player": pgettext_lazy("Khlor", "Player"),
    "total": pgettext_lazy("Khlor", "Total"),
    "by_colour": pgettext_lazy("Khlor", "Points by colour"),
    "tie_break": pgettext_lazy(
        "Khlor", "Ties: most demons of one colour, then points from more colours, then shared."
    ),
    "rules": pgettext_lazy("Khlor", "Khlor's rules"),
}


def word(key: str, lang: str) -> str:
    """One of the page's words in `lang` (the page's language, or another one asked)."""
    with translation.override(lang):
        return str(WORDS[key])


def colour(name: str, lang: str) -> str:
    """A colour's word: "green" / "зелений"."""
    return COLOUR_UK[name][0] if lang == "uk" else name


def letter(name: str, lang: str) -> str:
    """A demon's or an egg's letter, so that no colour is told by its colour alone."""
    with translation.override(lang):
        return {
            "green": pgettext("Khlor: a green demon's or egg's letter", "G"),
            "blue": pgettext("Khlor: a blue demon's or egg's letter", "B"),
            "yellow": pgettext("Khlor: a yellow demon's or egg's letter", "Y"),
            "pink": pgettext("Khlor: a pink demon's or egg's letter", "P"),
            "purple": pgettext("Khlor: a purple demon's or egg's letter", "V"),
        }[name]


def legend(lang: str) -> str:
    """ "Letters: G green, B blue, ..." """
    pairs = ", ".join(f"{letter(c, lang)} {colour(c, lang)}" for c in COLOURS)
    return word("legend", lang) % pairs


def eggs(count: int, lang: str) -> str:
    with translation.override(lang):
        return npgettext("Khlor", "%(count)s egg", "%(count)s eggs", count) % {"count": count}


def placements(count: int, lang: str) -> str:
    with translation.override(lang):
        told = npgettext("Khlor", "%(count)s placement", "%(count)s placements", count)
    return told % {"count": count}


def square_words(name: str, square: Mapping, lang: str) -> str:
    """One square in words: "B2: demons blue, green (on top)", "C3: a pink egg", "D1: empty"."""
    stack = square["demons"]
    if stack:
        told = [colour(c, lang) for c in stack]
        told[-1] += f" ({word('top', lang)})"
        with translation.override(lang):
            said = npgettext(
                "Khlor",
                "%(square)s: demon %(colours)s",
                "%(square)s: demons %(colours)s",
                len(stack),
            )
        return said % {"square": name, "colours": ", ".join(told)}
    if square["egg"]:
        egg = square["egg"]
        # Ukrainian gives the egg's colour in the neuter (зелене яйце).
        adjective = COLOUR_UK[egg][1] if lang == "uk" else egg
        with translation.override(lang):
            said = pgettext("Khlor", "%(square)s: a %(colour)s egg")
        return said % {"square": name, "colour": adjective}
    return f"{name}: {word('empty', lang)}"


CELL = 46  # a square of the valley
EDGE = 18  # the row numbers on the left, the column letters below


def square_at(name: str) -> tuple[float, float]:
    """The top left corner of square `name` (row 7 on top, as a map)."""
    column, row = COLUMNS.index(name[0]), int(name[1:]) - 1
    return EDGE + column * CELL, (ROWS - 1 - row) * CELL


def placement_squares(placement_id: str | None) -> tuple[list[str], str | None]:
    """The demon squares and the egg square an option id names ("T~:B1.C1.B2:A1")."""
    if not placement_id or placement_id.count(":") != 2:
        return [], None
    _, demons, egg = placement_id.split(":")
    return demons.split("."), egg


def valley(
    view: Mapping,
    lang: str,
    key: str,
    anchors: Mapping[str, int] | None = None,
    prompt_square: str = "khlor-at-",
) -> SafeString:
    """The valley: each square's demons (bottom to top) or its egg, the white egg in the
    centre; `anchors` (square -> number of placements starting there) makes those squares
    links to their placements."""
    anchors = anchors or {}
    size = EDGE + len(COLUMNS) * CELL
    squares = view["squares"]
    said = [square_words(name, squares[name], lang) for name in sorted(squares, key=_order)]
    desc = f"{legend(lang)} " + "; ".join(said) + "."
    svg = figure(size + 2, size, word("valley", lang), desc, "board-pic khlor-valley", key)
    if anchors:  # an image's children are presentational: links need a group to be reached
        svg.set("role", "group")
    for row in range(ROWS):
        y = (ROWS - 1 - row) * CELL + CELL / 2 + 4
        element("text", svg, row + 1, x=EDGE / 2, y=y, class_="mid lbl small")
    for column, name in enumerate(COLUMNS):
        x = EDGE + column * CELL + CELL / 2
        element("text", svg, name, x=x, y=size - 4, class_="mid lbl small")
    placed_demons, placed_egg = placement_squares(view.get("placed"))
    for name in sorted(squares, key=_order):
        square = squares[name]
        marks = ["sq"]
        if name in placed_demons or name == placed_egg:
            marks.append("placed")
        parent: ET.Element = svg
        words = square_words(name, square, lang)
        if name in anchors:
            marks.append("anchor")
            told = f"{words}. {word('placements_here', lang) % anchors[name]}"
            # Named by its <title> (also the tooltip): an aria-label would not hold the
            # letters drawn inside, which a voice-control user may say.
            parent = element("a", svg, href=f"#{prompt_square}{name}", class_="anchor-link")
            hint(parent, told)
        group = element("g", parent, class_=" ".join(marks))
        _square(group, name, square, lang, "" if name in anchors else words, name == placed_egg)
    _white_egg(svg, view["white_egg"], lang)
    return render(svg)


def _order(name: str) -> tuple[int, int]:
    return int(name[1:]), COLUMNS.index(name[0])


def _square(group: ET.Element, name: str, square: Mapping, lang: str, words: str, egg_symbol: bool):
    x, y = square_at(name)
    element("rect", group, x=x + 1, y=y + 1, width=CELL - 2, height=CELL - 2, rx=4, class_="cell")
    if words:  # a link's square has its words on the link
        hint(group, words)
    element("text", group, name, x=x + 4, y=y + 11, class_="sq-name")
    stack = square["demons"]
    for depth, demon in enumerate(stack):
        top = depth == len(stack) - 1
        cx = x + CELL / 2 - 6 + 12 * depth if len(stack) > 1 else x + CELL / 2
        cy = y + CELL / 2 + 4 - 6 + 12 * depth if len(stack) > 1 else y + CELL / 2 + 4
        # The letters are the square's words in short: its tooltip and label say them in full.
        disc = element(
            "g", group, class_=f"demon c-{demon}{' top' if top else ''}", aria_hidden="true"
        )
        element("circle", disc, cx=cx, cy=cy, r=10)
        element("text", disc, letter(demon, lang), x=cx, y=cy + 4, class_="dl")
    if square["egg"]:
        egg = element("g", group, class_=f"egg c-{square['egg']}", aria_hidden="true")
        cx, cy = x + CELL / 2, y + CELL / 2 + 4
        element("ellipse", egg, cx=cx, cy=cy, rx=10, ry=13)
        element("text", egg, letter(square["egg"], lang), x=cx, y=cy + 4, class_="dl")
    if egg_symbol:  # where the piece just placed has its egg symbol
        element("circle", group, cx=x + CELL - 8, cy=y + 8, r=4, class_="egg-symbol")


def _white_egg(svg: ET.Element, name: str, lang: str) -> None:
    x, y = square_at(name)
    group = element("g", svg, class_="white-egg")
    element("rect", group, x=x + 1, y=y + 1, width=CELL - 2, height=CELL - 2, rx=4, class_="cell")
    hint(group, f"{name}: {word('white_egg', lang)}")
    element("ellipse", group, cx=x + CELL / 2, cy=y + CELL / 2, rx=12, ry=16)


# --- the circle of pieces ---------------------------------------------------------------


def circle(view: Mapping, lang: str, key: str) -> SafeString:
    """The seven pieces in their circle's order, the dragon token before the next piece, the
    two pieces ahead of it marked (a thick outline and the word, not colour alone)."""
    pieces: Sequence[str] = view["circle"]
    ahead = list(view["ahead"])
    width, height = 344, 84
    desc = (
        f"{' → '.join(pieces)}. "
        + (word("dragon_before", lang) % view["dragon_before"] if view["dragon_before"] else "")
        + (" " + word("ahead", lang) % ", ".join(ahead) if ahead else "")
    )
    svg = figure(width, height, word("circle", lang), desc, "board-pic khlor-circle", key)
    step = (width - 8) / max(len(pieces), 1)
    for index, piece in enumerate(pieces):
        x = 4 + index * step
        marks = "piece ahead" if piece in ahead else "piece"
        group = element("g", svg, class_=marks)
        element(
            "rect", group, x=x + 2, y=14, width=step - 4, height=height - 16, rx=6, class_="slot"
        )
        hint(group, piece + (f" ({word('ahead_tag', lang)})" if piece in ahead else ""))
        shape(group, PIECES[piece].cells, x + step / 2, 46, 8)
        element("text", group, piece, x=x + step / 2, y=height - 6, class_="mid num")
        if piece == view["dragon_before"]:
            dragon = element("g", svg, class_="dragon")
            element("polygon", dragon, points=_arrow(x + 1, 8))
            element("text", dragon, word("dragon", lang), x=x + 10, y=10, class_="tiny")
    if ahead:
        element(
            "text",
            svg,
            word("ahead", lang) % ", ".join(ahead),
            x=width - 4,
            y=10,
            class_="end tiny",
        )
    return render(svg)


def _arrow(x: float, y: float) -> str:
    return f"{x - 5},{y - 6} {x + 5},{y - 6} {x},{y + 4}"


def shape(
    parent: ET.Element, cells: Iterable[Sequence[int]], cx: float, cy: float, cell: float
) -> None:
    """A piece's four cells centred on (cx, cy), its last cell (the egg symbol) marked."""
    points = [(int(c), int(r)) for c, r in cells]
    low_c, high_c = min(c for c, _ in points), max(c for c, _ in points)
    low_r, high_r = min(r for _, r in points), max(r for _, r in points)
    left = cx - (high_c - low_c + 1) * cell / 2
    top = cy - (high_r - low_r + 1) * cell / 2
    for index, (c, r) in enumerate(points):
        x, y = left + (c - low_c) * cell, top + (high_r - r) * cell
        element("rect", parent, x=x, y=y, width=cell, height=cell, class_="pc")
        if index == len(points) - 1:
            element(
                "circle", parent, cx=x + cell / 2, cy=y + cell / 2, r=cell / 4, class_="egg-symbol"
            )


def placement_icon(placement_id: str, lang: str) -> SafeString:
    """An option's small picture: the squares it covers as they lie on the valley, its egg
    symbol marked (aria-hidden: the option's label says it in words)."""
    demons, egg = placement_squares(placement_id)
    cells = [(COLUMNS.index(s[0]), int(s[1:])) for s in [*demons, egg] if s]
    svg = element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        viewBox="0 0 40 40",
        class_="khlor-icon",
        aria_hidden="true",
        focusable="false",
    )
    shape(svg, cells, 20, 20, 9)
    return render(svg)


def colour_words(lang: str) -> list[dict[str, str]]:
    """The legend as data for the page: each colour's letter and word."""
    return [{"colour": c, "letter": letter(c, lang), "name": colour(c, lang)} for c in COLOURS]
