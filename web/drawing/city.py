"""A city board drawn from one player of the view: the three progress ladders with their
prices, the central tracks (tax, glory, troops, citizens), the victory points, drachmas,
philosophy tokens and cards in hand, the knowledge tokens, the developments and the dice."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from engine.khora import catalog
from engine.khora.content import rulings
from engine.khora.content.tracks import LEVELS, PROGRESS_TRACKS
from web.drawing import dice
from web.drawing.marks import token
from web.drawing.svg import element, figure, render

WIDTH = 340
LABEL = 100  # the column of the rows' names
CELL = 34  # a progress level's box
ROW = 32
BADGES_AT = (2, 72, 142, 252)  # philosophy has the longest name
CENTRAL = (  # the central tracks, two to a row: (name, highest step)
    (("tax", rulings.TAX_MAX), ("glory", rulings.GLORY_MAX)),
    (("troops", rulings.TROOPS_MAX), ("citizens", rulings.CITIZENS_MAX)),
)
COLOURS = ("red", "blue", "green")


def central_name(track: str, lang: str) -> str:
    if track in ("tax", "glory"):
        return catalog.text(f"track.{track}", lang)
    return _("Troops") if track == "troops" else _("Citizens")


def city(player: dict, name: str, lang: str, key: str) -> SafeString:
    """`player`: one player of the engine's view; `name`: how the page names the seat."""
    words: list[str] = []
    city_name = (player.get("city") or {}).get("name") or _("no city yet")
    height = 8 + ROW + 3 * ROW + 2 * ROW + 28 + 30 + dice.HEIGHT
    svg = figure(
        WIDTH,
        height,
        _("City board of %(name)s: %(city)s") % {"name": name, "city": city_name},
        "",
        "board-pic city-pic",
        key,
    )
    y = 4
    _badges(svg, player, y, words)
    y += ROW + 4
    for track in PROGRESS_TRACKS:
        _ladder(svg, player, track, lang, y, words)
        y += ROW
    y += 4
    for pair in CENTRAL:
        for column, (track, top) in enumerate(pair):
            _central(svg, player[track], top, central_name(track, lang), column, y, words)
        y += ROW
    _tokens(svg, player, lang, y, words)
    y += 28
    _developments(svg, player, y, words)
    y += 30
    words.append(dice.draw(svg, player, lang, LABEL, y, WIDTH - LABEL))
    desc = svg.find("desc")
    assert desc is not None
    desc.text = " ".join(words)
    return render(svg)


def _badges(svg: ET.Element, player: dict, y: int, words: list[str]) -> None:
    """Victory points, drachmas, philosophy tokens and cards in hand, each a sign and a number."""
    badges = (
        ("vp", player["vp"], _("VP")),
        ("coin", player["drachmas"], _("dr.")),
        ("philo", player["philosophy_tokens"], _("philosophy")),
        ("hand", player["hand_size"], _("in hand")),
    )
    for (kind, value, label), x in zip(badges, BADGES_AT, strict=True):
        group = element("g", svg, class_=f"badge {kind}")
        if kind == "hand":
            element("rect", group, x=x + 3, y=y, width=20, height=26, rx=3)
        elif kind == "philo":
            element("rect", group, x=x, y=y + 2, width=26, height=22, rx=11)
        else:
            element("circle", group, cx=x + 13, cy=y + 13, r=13)
        element("text", group, value, x=x + 13, y=y + 18, class_="num")
        element("text", group, label, x=x + 31, y=y + 18, class_="lbl")
        words.append(f"{label}: {value}.")


def _ladder(svg: ET.Element, player: dict, track: str, lang: str, y: int, words: list[str]):
    """A progress track as on the city board: levels 1 to 7, the reached ones filled, the
    marker on the current one, the price of each level above it (the next one as the view
    prices it for this player, discounts included)."""
    level = player[track]
    label = catalog.text(f"track.{track}", lang)
    element("text", svg, label, x=0, y=y + 19, class_="row-name track-name")
    upcoming = player["next_levels"].get(track)
    for step in range(1, rulings.PROGRESS_MAX + 1):
        x = LABEL + (step - 1) * CELL
        cls = "lv" + (" on" if step <= level else "") + (" cur" if step == level else "")
        if upcoming and step == upcoming["level"]:
            cls += " next"
        group = element("g", svg, class_=f"{cls} t-{track}")
        element("rect", group, x=x, y=y + 2, width=CELL - 3, height=ROW - 6, rx=4)
        if step > level:
            price = upcoming["price"] if upcoming and step == upcoming["level"] else None
            price = LEVELS[track][step].price if price is None else price
            element("text", group, step, x=x + 9, y=y + 15, class_="lvn")
            # The price on a coin, like the drachmas badge: a number that is not a level.
            element("circle", group, cx=x + 22, cy=y + 20, r=7.5, class_="coin-s")
            element("text", group, price, x=x + 22, y=y + 24, class_="price")
        elif step == level:  # the track's marker, as the cube on the city board
            mark = element("g", svg, class_="marker")
            element("circle", mark, cx=x + (CELL - 3) / 2, cy=y + 15, r=10)
            element("text", mark, step, x=x + (CELL - 3) / 2, y=y + 19.5, class_="num")
        else:
            element("text", group, step, x=x + (CELL - 3) / 2, y=y + 20, class_="lvn mid")
    if upcoming:
        after = _("next level %(level)s for %(price)s dr., gives %(reward)s") % {
            "level": upcoming["level"],
            "price": upcoming["price"],
            "reward": upcoming["reward_text"],
        }
    else:
        after = _("top level")
    words.append(f"{label}: {level}/{rulings.PROGRESS_MAX}, {after}.")


def _central(svg, value: int, top: int, label: str, column: int, y: int, words: list[str]):
    """A central track (tax, glory, troops, citizens) as a row of steps 0 to `top`, filled up
    to the marker, which shows the number."""
    width = (WIDTH - 16) / 2
    x0 = column * (width + 16)
    element("text", svg, f"{label} {value}", x=x0, y=y + 11, class_="row-name small")
    x0 += 8  # the marker's room at either end
    step = (width - 16) / (top + 1)
    shown = min(value, top)
    # The steps as one dashed stroke (a dash a step), the reached ones as another on top:
    # two lines rather than a box per step keep the page light.
    group = element("g", svg, class_="central")
    dashes = f"{step - 1:.2f} 1"
    end = x0 + (top + 1) * step
    element("line", group, x1=x0, x2=end, y1=y + 20.5, y2=y + 20.5, stroke_dasharray=dashes)
    if shown:
        reached = x0 + shown * step
        element(
            "line",
            group,
            x1=x0,
            x2=reached,
            y1=y + 20.5,
            y2=y + 20.5,
            stroke_dasharray=dashes,
            class_="on",
        )
    mark = element("g", svg, class_="marker")
    element("circle", mark, cx=x0 + shown * step + step / 2, cy=y + 20.5, r=8)
    element("text", mark, value, x=x0 + shown * step + step / 2, y=y + 24.5, class_="num small")
    words.append(f"{label}: {value}/{top}.")


def _tokens(svg: ET.Element, player: dict, lang: str, y: int, words: list[str]) -> None:
    """The knowledge tokens by colour and tier, each with its count."""
    element("text", svg, _("Knowledge"), x=0, y=y + 16, class_="row-name")
    held = player["knowledge_tokens"]
    order = [f"{c}_{t}" for c in COLOURS for t in ("minor", "major")]
    told = []
    x = LABEL + 10
    for kind in [k for k in order if held.get(k)] + [k for k in held if k not in order]:
        colour, tier = kind.split("_")
        token(svg, x, y + 12, colour, tier == "major")
        element("text", svg, f"×{held[kind]}", x=x + 12, y=y + 17, class_="count")
        told.append(f"{held[kind]}× {catalog.token_name(colour, tier, lang)}")
        x += 42
    if not told:
        element("text", svg, _("none"), x=LABEL, y=y + 16, class_="quiet-text")
    words.append(_("Knowledge tokens: %(list)s.") % {"list": ", ".join(told) or _("none")})


def _developments(svg: ET.Element, player: dict, y: int, words: list[str]) -> None:
    """The city's four developments: unlocked ones filled and ticked, the next one dashed."""
    element("text", svg, _("Developments"), x=0, y=y + 17, class_="row-name small")
    level = player["development_level"]
    box = (WIDTH - LABEL) / 4
    for step in player["development_ladder"]:
        x = LABEL + (step["level"] - 1) * box
        cls = "on" if step["unlocked"] else ("next" if step["level"] == level + 1 else "")
        group = element("g", svg, class_=f"dev {cls}".strip())
        element("rect", group, x=x, y=y + 2, width=box - 4, height=22, rx=4)
        mark = f"{step['level']} ✓" if step["unlocked"] else str(step["level"])
        element("text", group, mark, x=x + (box - 4) / 2, y=y + 18, class_="lvn mid")
    total = len(player["development_ladder"]) or 4
    said = _("Developments: level %(level)s of %(total)s.") % {"level": level, "total": total}
    words.append(said)
