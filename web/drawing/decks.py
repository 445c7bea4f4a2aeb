"""The event in play, the event deck and the politics deck as stacks with their counts, and
the five achievements with the seats that claimed them."""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from engine.khora import catalog
from engine.khora.content.rulings import ACHIEVEMENT_THRESHOLDS
from web.drawing.marks import seat_marker
from web.drawing.svg import element, figure, render

WIDTH = 340
HEIGHT = 200


def decks(view: dict, names: list[str], lang: str, key: str) -> SafeString:
    svg = figure(WIDTH, HEIGHT, _("Event, decks and achievements"), "", "board-pic decks-pic", key)
    words = [_event(svg, view)]
    words.append(_stack(svg, 196, _("events left"), view["events_left"], "events"))
    words.append(_stack(svg, 272, _("politics deck"), view["politics_deck_size"], "politics"))
    words.append(_achievements(svg, view, names, lang, 130))
    desc = svg.find("desc")
    assert desc is not None
    desc.text = " ".join(words)
    return render(svg)


def _event(svg: ET.Element, view: dict) -> str:
    event = view["current_event"]
    group = element("g", svg, class_="event-card" + ("" if event else " gone"))
    element("rect", group, x=2, y=2, width=176, height=92, rx=8)
    round_text = _("Round %(round)s") % {"round": view["round"]}
    element("text", group, round_text, x=12, y=20, class_="row-name small")
    if not event:
        element("text", group, _("No event yet"), x=12, y=50, class_="quiet-text")
        return _("No event revealed yet.")
    lines = textwrap.wrap(event["name"], 20)[:3]
    for index, line in enumerate(lines):
        element("text", group, line, x=12, y=44 + index * 17, class_="event-name")
    return _("%(round)s, event: %(name)s.") % {"round": round_text, "name": event["name"]}


def _stack(svg: ET.Element, x: float, label: str, count: int, kind: str) -> str:
    """A face-down deck: a few backs offset (more for more cards), its count on top."""
    group = element("g", svg, class_=f"stack {kind}")
    for layer in range(min(3, count)):
        element("rect", group, x=x + 6 - layer * 3, y=10 - layer * 3 + 6, width=50, height=68, rx=5)
    if not count:
        element("rect", group, x=x, y=10, width=50, height=68, rx=5, class_="empty")
    element("text", group, count, x=x + 25, y=54, class_="num big")
    for line_no, line in enumerate(textwrap.wrap(label, 12)[:2]):
        element("text", svg, line, x=x + 28, y=96 + line_no * 12, class_="lbl mid small")
    return f"{label}: {count}."


def _achievements(svg: ET.Element, view: dict, names: list[str], lang: str, y: float) -> str:
    """Each achievement tile with what it asks and the marker and name of who holds it."""
    claimed = view.get("achievements") or {}
    kinds = list(ACHIEVEMENT_THRESHOLDS)
    width = WIDTH / len(kinds)
    told = []
    for index, kind in enumerate(kinds):
        x = index * width
        holders = claimed.get(kind) or []
        group = element("g", svg, class_="ach" + (" taken" if holders else ""))
        element("rect", group, x=x + 2, y=y, width=width - 4, height=68, rx=6)
        label = catalog.achievement_name(kind, lang)
        for line_no, line in enumerate(textwrap.wrap(label, 10)[:3]):
            line_y = y + 13 + line_no * 11
            element("text", group, line, x=x + width / 2, y=line_y, class_="mid tiny")
        for n, seat in enumerate(holders[:2]):
            seat_marker(group, seat, x + 10, y + 50 + n * 11, r=4)
            short = names[seat][:8] if seat < len(names) else str(seat)
            element("text", group, short, x=x + 17, y=y + 54 + n * 11, class_="small")
        who = ", ".join(names[s] for s in holders if s < len(names)) or _("nobody yet")
        told.append(f"{label}: {who}")
    element("text", svg, _("Achievements"), x=2, y=y - 6, class_="row-name small")
    return _("Achievements: %(list)s.") % {"list": "; ".join(told)}
