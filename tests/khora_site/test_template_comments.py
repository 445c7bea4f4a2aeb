"""Django's `{# ... #}` comment ends on its own line: one spread over lines is printed on the
page as text (a note for a screen reader once showed on the game page). Longer notes go in
`{% comment %}`."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def templates() -> list[Path]:
    return [
        path
        for path in ROOT.glob("*/templates/**/*")
        if path.is_file() and path.suffix in (".html", ".txt", ".xml", ".js", ".json")
    ]


def test_every_short_comment_closes_on_its_own_line():
    unclosed = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in templates()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.count("{#") > line.count("#}")
    ]
    assert templates(), "no templates found"
    assert unclosed == [], "use {% comment %} for a comment of several lines"
