"""A player's dice as die faces, each with the action tile placed on it: face up when the
view shows the tiles, face down ("?") while they are sealed, nothing before they are placed."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from django.utils.translation import gettext as _

from engine.khora import catalog
from web.drawing.marks import die
from web.drawing.svg import element, hint

HEIGHT = 50
FACE = 28


def draw(svg: ET.Element, player: dict, lang: str, x0: float, y: float, width: float) -> str:
    """Draws the dice row and returns its words (the same facts, for the picture's desc)."""
    element("text", svg, _("Dice"), x=0, y=y + 19, class_="row-name")
    values = player["dice"]
    tiles = player["tiles"]  # None while another player's tiles are sealed
    count = max(len(values), player["dice_count"])
    block = width / max(count, 1)
    told = []
    for index in range(count):
        x = x0 + index * block
        if index < len(values):
            die(svg, x, y, values[index], FACE)
        else:
            element("rect", svg, x=x, y=y, width=FACE, height=FACE, rx=5, class_="die-empty")
        said = str(values[index]) if index < len(values) else _("not rolled")
        tile_x = x + FACE + 4
        if tiles is not None and index < len(tiles):
            tile = tiles[index]
            name = catalog.text(f"action.{tile}", lang)
            state = _tile_state(player, tile)
            group = element("g", svg, class_=f"tile {state}")
            element("rect", group, x=tile_x, y=y + 3, width=22, height=22, rx=3)
            element("text", group, tile, x=tile_x + 11, y=y + 19, class_="num")
            element("text", svg, name, x=x, y=y + FACE + 14, class_=f"tile-name {state}")
            hint(group, name)
            said += f" ({tile} {name}{_tile_words(state)})"
        elif index < player["tiles_assigned"]:
            group = element("g", svg, class_="tile down")
            element("rect", group, x=tile_x, y=y + 3, width=22, height=22, rx=3)
            element("text", group, "?", x=tile_x + 11, y=y + 19, class_="num")
            hint(group, _("a tile placed face down"))
            said += " (" + _("a tile placed face down") + ")"
        told.append(said)
    if not count:
        return ""
    return _("Dice: %(list)s.") % {"list": ", ".join(told)}


def _tile_state(player: dict, tile: int) -> str:
    """done: its action was taken; off: set aside or not active; up: still to take."""
    if tile in player["tiles_done"]:
        return "done"
    active = player["active_tiles"]
    if tile in player["tiles_set_aside"] or (active is not None and tile not in active):
        return "off"
    return "up"


def _tile_words(state: str) -> str:
    if state == "done":
        return ", " + _("done")
    if state == "off":
        return ", " + _("set aside")
    return ""
