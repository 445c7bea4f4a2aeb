"""The score chart: each seat's victory points at the end of every round, then the final
score (end-of-game scoring included), one line per seat with its own marker shape and dash,
and its name and total at the line's end."""

from __future__ import annotations

import itertools

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from web.drawing.marks import seat_marker
from web.drawing.svg import element, figure, render

WIDTH = 340
HEIGHT = 200
LEFT, RIGHT, TOP, BOTTOM = 26, 92, 10, 26  # room for the axis numbers and the names
DASHES = (None, "6 3", "2 3", "8 3 2 3")


def score_chart(points: list[dict], names: list[str], key: str, at_round: int | None = None):
    """`points`: [{"label": "1", "vp": [per seat]}, ..., {"label": final, "vp": totals}]
    oldest first (games.selectors.score_rounds). `at_round`: a round to mark (the replay's)."""
    if not points:
        return SafeString("")
    seats = len(points[0]["vp"])
    top = max(10, max(max(p["vp"]) for p in points))
    top = (top + 9) // 10 * 10
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    step = plot_w / max(1, len(points) - 1)

    def x(index: int) -> float:
        return LEFT + index * step

    def y(vp: int) -> float:
        return TOP + plot_h - plot_h * max(vp, 0) / top

    words = []
    for seat in range(seats):
        series = ", ".join(f"{p['label']}: {p['vp'][seat]}" for p in points)
        words.append(f"{names[seat]}: {series}.")
    title = _("Victory points, round by round")
    svg = figure(WIDTH, HEIGHT, title, " ".join(words), "board-pic chart-pic", key)
    grid = element("g", svg, class_="grid")
    for n in range(0, top + 1, max(10, top // 4 // 10 * 10)):
        element("line", grid, x1=LEFT, x2=LEFT + plot_w, y1=y(n), y2=y(n))
        element("text", grid, n, x=LEFT - 4, y=y(n) + 4, class_="axis end")
    for index, point in enumerate(points):
        element("text", grid, point["label"], x=x(index), y=HEIGHT - 8, class_="axis mid")
        if at_round is not None and point["label"] == str(at_round):
            element("rect", grid, x=x(index) - 6, y=TOP, width=12, height=plot_h, class_="now")
    ends = _spread([y(points[-1]["vp"][seat]) for seat in range(seats)])
    for seat in range(seats):
        group = element("g", svg, class_=f"line s{seat}")
        coords = " ".join(f"{x(i):.1f},{y(p['vp'][seat]):.1f}" for i, p in enumerate(points))
        element("polyline", group, points=coords, stroke_dasharray=DASHES[seat % len(DASHES)])
        for index, point in enumerate(points):
            seat_marker(group, seat, x(index), y(point["vp"][seat]), r=3.2)
        label = f"{points[-1]['vp'][seat]} {names[seat][:12]}"
        seat_marker(group, seat, LEFT + plot_w + 10, ends[seat] - 4, r=4)
        element("text", group, label, x=LEFT + plot_w + 18, y=ends[seat], class_="lbl small")
    return render(svg)


def _spread(heights: list[float], gap: float = 13) -> list[float]:
    """The names' heights at the lines' ends, moved apart so that none overlap."""
    order = sorted(range(len(heights)), key=lambda i: heights[i])
    placed = list(heights)
    for before, after in itertools.pairwise(order):
        placed[after] = max(placed[after], placed[before] + gap)
    return [h + 4 for h in placed]
