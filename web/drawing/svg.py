"""A small builder of SVG elements (ElementTree escapes every text and attribute)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

from django.utils.safestring import SafeString, mark_safe


def element(tag: str, parent: ET.Element | None = None, text: object = None, **attrs: Any):
    """`<tag attrs>text</tag>`, appended to `parent` if given. Attribute names take "_" for
    "-" (`text_anchor` -> `text-anchor`) and a trailing "_" for a Python word (`class_`)."""
    clean = {
        name.rstrip("_").replace("_", "-"): _number(value)
        for name, value in attrs.items()
        if value is not None
    }
    node = ET.Element(tag, clean) if parent is None else ET.SubElement(parent, tag, clean)
    if text is not None:
        node.text = str(text)
    return node


def _number(value: Any) -> str:
    """Coordinates without trailing zeros: fewer bytes on the wire."""
    if isinstance(value, float):
        return f"{value:.1f}".rstrip("0").rstrip(".")
    return str(value)


def figure(width: int, height: int, title: str, desc: str, class_: str, key: str) -> ET.Element:
    """An accessible picture: role img, named by its title (short) and described by its desc
    (every fact drawn, in words). `key` makes the ids unique on the page (several cities, the
    board, the chart)."""
    svg = element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {width} {height}",
        class_=class_,
        role="img",
        aria_labelledby=f"{key}-t",
        aria_describedby=f"{key}-d",
    )
    element("title", svg, title, id=f"{key}-t")
    element("desc", svg, desc, id=f"{key}-d")
    return svg


def hint(node: ET.Element, text: str) -> None:
    """A tooltip on a shape (a `<title>` child): for a mouse; the desc already says it."""
    element("title", node, text)


def render(svg: ET.Element) -> SafeString:
    return mark_safe(ET.tostring(svg, encoding="unicode", short_empty_elements=True))


def polygon(cx: float, cy: float, r: float, sides: int, turn: float = 0.0) -> str:
    """The points of a regular polygon around (cx, cy): a hexagon marks a major token."""
    points = []
    for i in range(sides):
        angle = math.pi * 2 * i / sides + turn
        points.append(f"{_number(cx + r * math.sin(angle))},{_number(cy - r * math.cos(angle))}")
    return " ".join(points)
