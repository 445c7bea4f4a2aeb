"""The exploration zone as a map: a column per colour, each space with its token (letter and
shape), the troops it needs and loses, and its bonus; explored spaces stay as empty dashed
outlines, as on the printed board; Persepolis at the head."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from engine.khora import catalog
from engine.khora.content.exploration import SPACES
from web.drawing.marks import token
from web.drawing.svg import element, figure, render

WIDTH = 340
COLUMN = WIDTH / 3
ROW = 34
TOP = 62  # Persepolis and the columns' heads
COLOURS = ("red", "blue", "green")


def exploration(view: dict, lang: str, key: str) -> SafeString:
    left = {space["id"]: space for space in view["exploration"]}
    printed = {colour: [s for s in SPACES.values() if s.colour == colour] for colour in COLOURS}
    rows = max(len(spaces) for spaces in printed.values())
    svg = figure(
        WIDTH,
        TOP + rows * ROW + 4,
        _("Exploration board"),
        "",
        "board-pic explore-pic",
        key,
    )
    words = [_persepolis(svg, view, lang)]
    for column, colour in enumerate(COLOURS):
        x = column * COLUMN
        token(svg, x + 12, TOP - 12, colour, False, r=8)
        count = sum(1 for s in printed[colour] if s.id in left)
        head = _("%(left)s of %(all)s left") % {"left": count, "all": len(printed[colour])}
        element("text", svg, head, x=x + 25, y=TOP - 8, class_="row-name small")
        told = []
        for row, printed_space in enumerate(printed[colour]):
            space = left.get(printed_space.id)
            y = TOP + row * ROW
            if space is None:
                element(
                    "rect",
                    svg,
                    x=x + 2,
                    y=y + 2,
                    width=COLUMN - 6,
                    height=ROW - 4,
                    rx=6,
                    class_="space gone",
                )
                continue
            told.append(_space(svg, space, x, y, lang))
        words.append(
            _("%(colour)s: %(left)s of %(all)s spaces left: %(list)s.")
            % {
                "colour": catalog.text(f"colour.{colour}", lang),
                "left": count,
                "all": len(printed[colour]),
                "list": "; ".join(told) or _("none"),
            }
        )
    desc = svg.find("desc")
    assert desc is not None
    desc.text = " ".join([_("⚔ troops needed, − troops lost."), *words])
    return render(svg)


def _space(svg: ET.Element, space: dict, x: float, y: float, lang: str) -> str:
    """One space left: drawn, and told in words."""
    major = space["tier"] == "major"
    group = element("g", svg, class_=f"space k-{space['colour']}{' major' if major else ''}")
    element("rect", group, x=x + 2, y=y + 2, width=COLUMN - 6, height=ROW - 4, rx=6)
    token(group, x + 14, y + ROW / 2, space["colour"], major, r=8)
    needs = f"⚔{space['troops_required']} −{space['troops_lost']}"
    element("text", group, needs, x=x + 27, y=y + 15, class_="need")
    bonus = []
    if space["drachmas"]:
        bonus.append(f"+{space['drachmas']}{_('dr.')}")
    if space["vp"]:
        bonus.append(f"+{space['vp']}{_('VP')}")
    if bonus:
        element("text", group, " ".join(bonus), x=x + 27, y=y + 28, class_="bonus")
    name = catalog.token_name(space["colour"], space["tier"], lang)
    said = _("%(token)s, needs %(need)s troops, loses %(lost)s") % {
        "token": name,
        "need": space["troops_required"],
        "lost": space["troops_lost"],
    }
    if bonus:
        said += ", " + " ".join(bonus)
    return said


def _persepolis(svg: ET.Element, view: dict, lang: str) -> str:
    persepolis = next((s for s in view["exploration"] if s["colour"] not in COLOURS), None)
    name = catalog.text("space.persepolis", lang)
    cls = "persepolis" if persepolis else "persepolis gone"
    group = element("g", svg, class_=cls)
    element("rect", group, x=WIDTH / 2 - 80, y=2, width=160, height=30, rx=8)
    if persepolis:
        label = f"★ {name} ⚔{persepolis['troops_required']} −{persepolis['troops_lost']}"
        said = _("%(name)s: needs %(need)s troops, loses %(lost)s.") % {
            "name": name,
            "need": persepolis["troops_required"],
            "lost": persepolis["troops_lost"],
        }
    else:
        label = _("%(name)s: explored") % {"name": name}
        said = label + "."
    element("text", group, label, x=WIDTH / 2, y=22, class_="need mid")
    return said
