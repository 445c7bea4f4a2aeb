"""Every Ukrainian text keeps to one glossary (engine/khora/catalog/glossary.py): the engine's
messages and nouns, the components' names and texts, the rules page, and the web's strings."""

from __future__ import annotations

import pytest

from engine.khora.catalog import content_uk
from engine.khora.catalog.glossary import GLOSSARY, offences
from engine.khora.catalog.messages import MESSAGES, NOUNS
from engine.khora.rulebook import rules_page
from web.i18n.uk_strings import UK


def _ukrainian_texts():
    for key, languages in MESSAGES.items():
        yield f"message {key}", languages["uk"]
    for noun, languages in NOUNS.items():
        yield f"noun {noun}", " ".join(languages["uk"])
    for card, (name, text) in content_uk.CARDS.items():
        yield f"card {card}", f"{name} {text}"
    for event, (name, text) in content_uk.EVENTS.items():
        yield f"event {event}", f"{name} {text}"
    for key, text in content_uk.DEVELOPMENTS.items():
        yield f"development {key}", text
    for section in rules_page("uk")["sections"]:
        for entry in section["entries"]:
            yield f"rules {entry['id']}", f"{entry['title']} {entry['text']}"
    for english, text in UK.items():  # plural forms come as a list
        yield f"web {english!r}", text if isinstance(text, str) else " ".join(text)


@pytest.mark.parametrize(("where", "text"), list(_ukrainian_texts()))
def test_every_ukrainian_text_uses_the_glossarys_terms(where, text):
    assert not offences(text), (where, text)


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("кладе під низ колоди", "deck"),
        ("розблоковує розвиток міста", "development"),
        ("2 жетони знань", "knowledge token"),
        ("Поле дослідження", "exploration board"),
    ],
)
def test_a_term_outside_the_glossary_fails(text, term):
    assert term in [found for found, _ in offences(text)]


def test_the_glossarys_own_terms_are_used():
    every = " ".join(text for _, text in _ukrainian_texts()).lower()
    for term, (stem, _) in GLOSSARY.items():
        assert stem in every, term
