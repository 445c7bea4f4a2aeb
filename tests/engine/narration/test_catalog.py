"""The catalog: every message in English and Ukrainian, right plural forms, nothing left in
English in a Ukrainian narration of a whole game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.khora import catalog
from engine.khora.catalog import content_uk
from engine.khora.catalog.messages import MESSAGES, NOUNS
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.content.events import EVENTS
from tests.engine.narration.explain import game

GOLDEN = Path(__file__).parent.parent / "golden"
_FIELDS = re.compile(r"\{(\w+)(?::\w+)?\}")


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_has_both_languages_with_the_same_parameters(key):
    assert set(MESSAGES[key]) == set(catalog.LANGUAGES), key
    en, uk = MESSAGES[key]["en"], MESSAGES[key]["uk"]
    assert en.strip() and uk.strip()
    # A case form of a parameter ("{track_acc}": "Підняти Економіку") is the same parameter.
    assert set(map(_base, _FIELDS.findall(en))) == set(map(_base, _FIELDS.findall(uk))), key


def _base(field: str) -> str:
    return field.removesuffix("_acc")


def test_a_track_inside_a_sentence_takes_its_case():
    label = catalog.Text("option.advance", track="economy", level=2, price=2).render("uk")
    assert label == "Підняти Економіку до рівня 2 за 2 драхми"
    assert catalog.Text("option.advance", track="military", level=3, price=1).render("uk") == (
        "Підняти Військову силу до рівня 3 за 1 драхму"
    )


def test_every_component_has_a_ukrainian_name_and_text():
    assert set(content_uk.CARDS) == set(CARDS)
    assert set(content_uk.EVENTS) == set(EVENTS)
    assert set(content_uk.CITIES) == set(CITIES)
    assert set(content_uk.DEVELOPMENTS) == {
        (city.id, d.level) for city in CITIES.values() for d in city.developments
    }
    for name, text in [*content_uk.CARDS.values(), *content_uk.EVENTS.values()]:
        assert name and text and not re.search("[A-Za-z]", name + text), (name, text)


# n -> CLDR plural category (integers)
EN = {0: "other", 1: "one", 2: "other", 5: "other", 11: "other", 21: "other", 101: "other"}
UK = {
    0: "many",
    1: "one",
    2: "few",
    4: "few",
    5: "many",
    11: "many",
    12: "many",
    14: "many",
    21: "one",
    22: "few",
    25: "many",
    101: "one",
    111: "many",
    112: "many",
    1024: "few",
}


def test_plural_categories_follow_cldr():
    assert {n: catalog.plural_category("en", n) for n in EN} == EN
    assert {n: catalog.plural_category("uk", n) for n in UK} == UK


@pytest.mark.parametrize("noun", sorted(NOUNS))
def test_every_noun_renders_every_plural_form(noun):
    assert catalog.count(1, "drachma", "en") == "1 drachma"
    for lang, table in (("en", EN), ("uk", UK)):
        forms = NOUNS[noun][lang]
        assert len(forms) == len(catalog.PLURAL_CATEGORIES[lang])
        for n, category in table.items():
            form = forms[catalog.PLURAL_CATEGORIES[lang].index(category)]
            assert catalog.count(n, noun, lang) == f"{n} {form}"
    assert catalog.count(3, "troop", "uk") == "3 вояки"
    assert catalog.count(5, "troop", "uk") == "5 вояків"
    assert catalog.count(21, "drachma", "uk") == "21 драхма"


def test_language_negotiation_falls_back_to_english():
    assert catalog.language("uk-UA") == "uk"
    assert catalog.language("en_GB") == "en"
    assert catalog.language("de") == "en"
    assert catalog.language(None) == "en"


def _english_words() -> set[str]:
    """Words of the English catalog (messages and components) that are not also Ukrainian."""
    texts = [m["en"] for m in MESSAGES.values()]
    texts += [c.name + " " + c.text for c in CARDS.values()]
    texts += [e.name + " " + e.text for e in EVENTS.values()]
    texts += [c.name for c in CITIES.values()]
    texts += [d.text for c in CITIES.values() for d in c.developments]
    words = set()
    for text in texts:
        words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", _FIELDS.sub(" ", text)))
    return words


@pytest.mark.parametrize("name", ["2p.json", "4p.json"])
def test_a_ukrainian_narration_of_a_whole_game_has_no_english_word(name):
    golden = json.loads((GOLDEN / name).read_text())
    setup = golden["setup"]
    english = _english_words()
    names = ["Оксана", "Богдан", "Ірина", "Тарас"][: setup["num_players"]]
    history = game.history(setup["num_players"], setup["options"], golden["events"], 0)
    rendered = [game.render(line, "uk", names) for lines in history for line in lines]
    assert len(rendered) > 300
    leaks = {w for text in rendered for w in re.findall(r"[A-Za-z]{3,}", text)}
    assert not {w.lower() for w in leaks} & english, leaks
    assert not leaks, leaks  # nothing Latin at all: every name came from the catalog


def test_lines_render_as_plain_sentences():
    tax = {
        "msg": "change",
        "seat": 0,
        "params": {"resource": "drachma"},
        "cause": ["step", "tax"],
        "before": 5,
        "after": 8,
    }
    assert game.render(tax, "en", ["Ann"]) == "Tax: Ann +3 drachmas (5 → 8)"
    assert game.render(tax, "uk", ["Ann"]) == "Податки: Ann +3 драхми (5 → 8)"
    loss = {
        **tax,
        "params": {"resource": "troops"},
        "cause": ["event", "outbreak-of-war"],
        "before": 1,
        "after": 0,
    }
    assert game.render(loss, "en") == "Outbreak of War: Player 1 −1 troop (1 → 0)"
    assert game.render(loss, "uk") == "Початок війни: Гравець 1 −1 вояк (1 → 0)"


def _texts(value, key=None):
    """Every text a person reads in a view (names, texts), not ids or data."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _texts(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item, key)
    elif key in ("name", "text", "reward_text") and isinstance(value, str):
        yield value


def test_a_ukrainian_view_of_a_whole_game_has_no_english_text():
    golden = json.loads((GOLDEN / "3p.json").read_text())
    setup = golden["setup"]
    state = game.new_game(setup["num_players"], setup["options"])
    checked = 0
    for number, raw in enumerate(golden["events"]):
        state = game.apply(state, game.event_from_dict(raw))
        if number % 25:
            continue
        for viewer in (None, 0, 1, 2):
            texts = list(_texts(game.view(state, viewer, "uk")))
            checked += len(texts)
            latin = [t for t in texts if re.search("[A-Za-z]{2,}", t)]
            assert not latin, latin
    assert checked > 500


@pytest.mark.parametrize("kind", ["bot_plays_seat", "seat_taken_back", "deadline_extended"])
def test_the_servers_notices_render_in_both_languages(kind):
    line = {"msg": "notice", "seat": 1, "params": {"kind": kind, "by_seconds": 5400}}
    english, ukrainian = game.render(line, "en", ["ann", "bo"]), game.render(line, "uk")
    assert english and ukrainian and english != ukrainian
    if kind == "deadline_extended":
        assert "90 min" in english and "90 хв" in ukrainian
    else:
        assert "bo" in english and "Гравець 2" in ukrainian
