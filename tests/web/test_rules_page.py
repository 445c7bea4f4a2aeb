"""The rules page (/rules/) in both languages, and the links to it: every prompt kind and
every history cause names an entry the page has."""

from __future__ import annotations

import re

import pytest

from engine.khora import rulebook
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.content.events import EVENTS
from engine.khora.seat_tasks import CAUSES, HANDLERS
from tests.web.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def _page(lang: str) -> str:
    user = make_user(f"reader-{lang}", language=lang)
    response = client_for(user).get("/rules/")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(("lang", "title"), [("en", "How Khôra is played here"), ("uk", "Як тут")])
def test_the_rules_page_has_every_section_and_entry_in_its_language(lang, title):
    html = _page(lang)
    assert title in html
    ids = set(re.findall(r' id="([\w-]+)"', html))
    for section in (
        "phases",
        "actions",
        "tracks",
        "cities",
        "cards",
        "events",
        "exploration",
        "scoring",
        "rulings",
    ):
        assert section in ids
    assert {f"action-{n}" for n in range(7)} <= ids
    assert {f"card-{c}" for c in CARDS} <= ids
    assert {f"city-{c}" for c in CITIES} <= ids
    assert {f"event-{e}" for e in EVENTS} <= ids
    assert "ruling-philosophy" in ids
    assert "<script>" not in html and ' style="' not in html  # the pages' CSP


def test_every_prompt_kind_and_cause_links_to_an_entry_of_the_page():
    ids = set(re.findall(r' id="([\w-]+)"', _page("en")))
    for kind, handler in HANDLERS.items():
        if not handler.automatic:
            assert rulebook.anchor_for_prompt(kind) in ids, kind
    causes = [("action", n) for n in range(7)] + [("space", "persepolis")]
    causes += [("card", c) for c in CARDS] + [("event", e) for e in EVENTS]
    causes += [("development", c, 2) for c in CITIES] + [("exchange", "thebes")]
    causes += [c for c in CAUSES.values() if isinstance(c, tuple)]
    for cause in causes:
        anchor = rulebook.anchor_for_cause(cause)
        assert anchor is None or anchor in ids, cause
