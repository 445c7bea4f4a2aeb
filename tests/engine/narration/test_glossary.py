"""Every Ukrainian text keeps to one glossary (engine/khora/catalog/glossary.py): the engine's
messages and nouns, the components' names and texts, the rules page, and the web's strings."""

from __future__ import annotations

import re

import pytest

from engine.khlor.text import GLOSSARY as KHLOR_GLOSSARY
from engine.khora.catalog import content_uk
from engine.khora.catalog.glossary import GLOSSARY, offences
from engine.khora.catalog.messages import MESSAGES, NOUNS
from engine.khora.rulebook import rules_page
from notifications.i18n.uk_strings import UK as EMAIL_UK
from web.i18n.uk_strings import UK as WEB_UK

# The message context of Khlor's page and email words ("клітинка" is its square, not a space).
KHLOR_CONTEXT = "Khlor\x04"


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
    for english, text in WEB_UK.items():  # plural forms come as a list
        singular = english if isinstance(english, str) else english[0]  # plurals: a pair
        if singular.startswith(KHLOR_CONTEXT):
            continue  # Khlor's words keep Khlor's own terms (engine.khlor.text.GLOSSARY)
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


# A Khlor word in English and the start of its Ukrainian term in Khlor's glossary (its
# stem: the term as inflected keeps it).
KHLOR_STEMS = {
    "demon": ("demon", 5),
    "egg": ("dragon egg", -3),  # "яйце", "яєць": the glossary's second word, by its first two
    "piece": ("piece (polyomino)", 5),
    "valley": ("valley (board)", 5),
    "square": ("square", 6),
    "supply": ("supply", 5),
    "additional turn": ("additional turn", 8),
    "catch": ("catch", 3),
}


def _khlor_stem(english: str) -> str:
    key, length = KHLOR_STEMS[english]
    term = KHLOR_GLOSSARY[key]
    return term.split()[-1][:2] if length < 0 else term[:length]


@pytest.mark.parametrize("catalog", [WEB_UK, EMAIL_UK], ids=["web", "emails"])
def test_khlors_words_keep_to_khlors_glossary(catalog):
    checked = 0
    for english, ukrainian in catalog.items():
        singular = english if isinstance(english, str) else english[0]
        if not singular.startswith(KHLOR_CONTEXT):
            continue
        checked += 1
        words = re.sub(r"%\(\w+\)[sd]", "", singular.partition("\x04")[2]).lower()
        text = (ukrainian if isinstance(ukrainian, str) else " ".join(ukrainian)).lower()
        for term in KHLOR_STEMS:
            if re.search(rf"\b{term}", words):
                assert _khlor_stem(term) in text, (singular, ukrainian, term)
    assert checked >= 5, "Khlor's words are in the catalog under their context"
