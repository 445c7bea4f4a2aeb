"""A rating's history as a small SVG line chart, drawn on the server: no script and no inline
style (the pages' Content-Security-Policy allows neither): the colours are presentation
attributes, the site's palette (web/static/web/table.css). It scales with the page's width."""

from __future__ import annotations

import math

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 320, 120
ACCENT, GRID, MUTED = "#9c3d1f", "#d9ccb0", "#5d564a"
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 34, 8, 10, 20


def _ticks(low: float, high: float) -> list[float]:
    span = high - low
    step = next(s for s in (1, 2, 5, 10, 20, 50) if span / s <= 4)
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int(span // step) + 2) if first + i * step <= high]


def rating_chart(points: list[dict], label: str) -> SafeString:
    """`points`: {"games", "rating"} oldest first. `label`: the chart's accessible name."""
    ratings = [point["rating"] for point in points]
    low, high = min([*ratings, 0.0]), max([*ratings, 1.0])
    low, high = low - (high - low) * 0.05, high + (high - low) * 0.05
    games = [point["games"] for point in points]
    first, last = games[0], max(games[-1], games[0] + 1)
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(game: int) -> float:
        return PAD_LEFT + (game - first) / (last - first) * inner_w

    def y(rating: float) -> float:
        return PAD_TOP + (high - rating) / (high - low) * inner_h

    parts = [
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(label)}</title>",
    ]
    for tick in _ticks(low, high):
        parts.append(
            f'<line stroke="{GRID}" x1="{PAD_LEFT}" x2="{WIDTH - PAD_RIGHT}" '
            f'y1="{y(tick):.1f}" y2="{y(tick):.1f}"/>'
            f'<text fill="{MUTED}" font-size="10" x="{PAD_LEFT - 4}" y="{y(tick) + 3:.1f}" '
            f'text-anchor="end">{tick:g}</text>'
        )
    for game in (first, games[-1]):
        parts.append(
            f'<text fill="{MUTED}" font-size="10" x="{x(game):.1f}" y="{HEIGHT - 5}" '
            f'text-anchor="middle">{game}</text>'
        )
    line = " ".join(f"{x(p['games']):.1f},{y(p['rating']):.1f}" for p in points)
    parts.append(
        f'<polyline fill="none" stroke="{ACCENT}" stroke-width="2" '
        f'stroke-linejoin="round" points="{line}"/>'
    )
    for point in points[-1:]:
        parts.append(
            f'<circle fill="{ACCENT}" cx="{x(point["games"]):.1f}" '
            f'cy="{y(point["rating"]):.1f}" r="3"/>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every value interpolated is a number or escaped
