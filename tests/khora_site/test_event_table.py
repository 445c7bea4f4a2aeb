"""docs/architecture.md's table of games' events says who listens to each: it matches the
listeners the apps subscribe in their AppConfig.ready()."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from games import events

ROOT = Path(__file__).resolve().parents[2]
# A row: | `GameWritten` ... | when | `notifications`: ...; `webhooks`: ... |
ROW = re.compile(r"^\| (`[A-Z]\w+`.*?) \| .*? \| (.*) \|$", re.M)


def table() -> dict[str, set[str]]:
    """Event: the apps the table says listen to it."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    said: dict[str, set[str]] = defaultdict(set)
    for names, listeners in ROW.findall(text):
        for event in re.findall(r"`([A-Z]\w+)`", names):
            said[event] |= set(re.findall(r"`(\w+)`: ", listeners))
    return said


def subscribed() -> dict[str, set[str]]:
    heard: dict[str, set[str]] = defaultdict(set)
    for kind, listeners in events._listeners.items():
        for listener in listeners:
            heard[kind.__name__].add(listener.__module__.split(".")[0])
    return heard


def test_the_event_table_names_who_listens_to_each_event():
    said, heard = table(), subscribed()
    assert {"GameWritten", "Ticked", "PlayerTold"} <= set(said)
    for event in set(said) | set(heard):
        assert said.get(event, set()) == heard.get(event, set()), event
