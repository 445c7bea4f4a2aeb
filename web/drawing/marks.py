"""The small signs every picture shares: knowledge tokens, seat markers, die faces.

Colour is never alone: a token carries its colour's letter and its tier's shape (a circle
for minor, a hexagon for major); a seat has its own marker shape.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from django.utils.translation import pgettext

from web.drawing.svg import element, polygon

SEAT_SHAPES = ("circle", "square", "triangle", "diamond")


def colour_letter(colour: str) -> str:
    """The letter printed on a token of `colour` (the colour's initial in the page's language)."""
    letters = {
        "red": pgettext("knowledge token letter for red", "R"),
        "blue": pgettext("knowledge token letter for blue", "B"),
        "green": pgettext("knowledge token letter for green", "G"),
    }
    return letters.get(colour, "★")


def token(parent: ET.Element, cx: float, cy: float, colour: str, major: bool, r: float = 9):
    """A knowledge token: its colour, its letter, a hexagon if major, a circle if minor."""
    group = element("g", parent, class_=f"tok k-{colour}{' major' if major else ''}")
    if major:
        element("polygon", group, points=polygon(cx, cy, r + 1.5, 6))
    else:
        element("circle", group, cx=cx, cy=cy, r=r)
    element("text", group, colour_letter(colour), x=cx, y=cy + 4, class_="tl")
    return group


def seat_marker(parent: ET.Element, seat: int, cx: float, cy: float, r: float = 5):
    """Seat `seat`'s marker: its own shape and colour, so a line is found by either."""
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    cls = f"seat s{seat}"
    if shape == "circle":
        return element("circle", parent, cx=cx, cy=cy, r=r, class_=cls)
    if shape == "square":
        return element("rect", parent, x=cx - r, y=cy - r, width=2 * r, height=2 * r, class_=cls)
    if shape == "triangle":
        return element("polygon", parent, points=polygon(cx, cy, r * 1.3, 3), class_=cls)
    return element("polygon", parent, points=polygon(cx, cy, r * 1.25, 4), class_=cls)


# Pips of a die face, on a 3x3 grid (column, row), for the values 1 to 6.
PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def die(parent: ET.Element, x: float, y: float, value: int, size: float = 30):
    """A die showing `value` as pips (and as its number, in the group's title)."""
    group = element("g", parent, class_="die-face")
    element("rect", group, x=x, y=y, width=size, height=size, rx=size / 6)
    step = size / 4
    for column, row in PIPS.get(value, ()):
        element("circle", group, cx=x + step * (column + 1), cy=y + step * (row + 1), r=size / 11)
    return group
