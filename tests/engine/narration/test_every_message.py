"""Every message of the engine's catalog, rendered in both languages with sample parameters of
the right kinds and the numbers 1, 2, 5, 11 and 21 (samples.py): nothing left unfilled, and the
Ukrainian keeps to the glossary's terms, in the case its template asks for, with numbers and
nouns that agree and no noun missing (ukrainian.py). The components' texts and the rules page
are held to the same check."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine.khora import catalog
from engine.khora.catalog import Text, cause_name, content_uk, seat_name, text, words
from engine.khora.catalog.messages import MESSAGES
from engine.khora.rulebook import rules_page
from tests.engine.narration.samples import NUMBERS, SAMPLES, SEAT_NAMES
from tests.engine.narration.ukrainian import problems
from tests.engine.playout import game

GOLDEN = Path(__file__).parent.parent / "golden"

_FIELD = re.compile(r"\{(\w+)(?::\w+)?\}")
# Fields the engine fills with words of its own (the seat, the cause: see render_line).
_DERIVED = ("seat", "cause", "card_text", "event_text", "track_acc")


def _rules_needs(n: int) -> Text:
    return Text("rules.needs", tokens=[Text("preview.need_tokens.red", n=n)])


# message -> field -> sample, where a field holds something else than it does elsewhere
_RAW_OVERRIDES: dict[str, dict[str, Any]] = {
    "space": {"colour": lambda n: Text("space.colour.red")},
    "offer": {"needs": lambda n: Text("offer.needs", troops=n)},
    "offer.bonus": {"needs": lambda n: Text("offer.needs", troops=n)},
    "rules.development": {"needs": _rules_needs, "text": lambda n: Text("rules.none")},
    "rules.card": {"needs": _rules_needs},
}
# message -> field -> rendered words (lang, n), for fields the engine renders itself
_WORD_OVERRIDES: dict[str, dict[str, Any]] = {
    "line.change.count": {
        "amount": lambda lang, n: catalog.count(n, "drachma", lang),
        "sign": lambda lang, n: "+",
    },
    "cause": {"cause": lambda lang, n: cause_name(("card", "council"), lang)},
    "rules.level": {"price": lambda lang, n: catalog.count(n, "drachma", lang)},
    "rules.development": {"cost": lambda lang, n: catalog.count(n, "drachma", lang)},
    "rules.card": {"cost": lambda lang, n: catalog.count(n, "drachma", lang)},
    "rules.space": {"lost": lambda lang, n: catalog.count(n, "troop_acc", lang)},
}


def render(key: str, lang: str, n: int) -> str:
    fields = {m.group(1) for lng in ("en", "uk") for m in _FIELD.finditer(MESSAGES[key][lng])}
    raw = {}
    for field in fields - set(_DERIVED):
        sample = _RAW_OVERRIDES.get(key, {}).get(field) or SAMPLES.get(field)
        raw[field] = sample(n) if sample else n
    params = words(raw, lang)
    params["seat"] = seat_name(0, lang, SEAT_NAMES)
    params["cause"] = text("cause", lang, cause=cause_name(("step", "tax"), lang))
    for field, sample in _WORD_OVERRIDES.get(key, {}).items():
        params[field] = sample(lang, n)
    return text(key, lang, **params)


@pytest.mark.parametrize("key", list(MESSAGES))
def test_every_message_renders_in_both_languages(key):
    for n in NUMBERS:
        english = render(key, "en", n)
        assert not re.search(r"[{}]", english), (key, n, english)
        ukrainian = render(key, "uk", n)
        assert not problems(ukrainian, tuple(SEAT_NAMES)), (key, n, ukrainian)


def _component_texts():
    for card, (name, card_text) in content_uk.CARDS.items():
        yield f"card {card}", f"{name}. {card_text}"
    for event, (name, event_text) in content_uk.EVENTS.items():
        yield f"event {event}", f"{name}. {event_text}"
    for key, development in content_uk.DEVELOPMENTS.items():
        yield f"development {key}", development
    for section in rules_page("uk")["sections"]:
        yield f"rules {section['id']}", section["title"]
        for entry in section["entries"]:
            yield f"rules {entry['id']}", f"{entry['title']}. {entry['text']}"


@pytest.mark.parametrize(("where", "ukrainian"), list(_component_texts()))
def test_every_component_and_rules_text_keeps_to_the_glossary(where, ukrainian):
    assert not problems(ukrainian), (where, ukrainian)


@pytest.mark.parametrize(
    ("wrong", "caught"),
    [
        ("Підняти Економіка до рівня 3", "not in the acc case"),
        ("піднятися на 1 податків чи на 1 слави", "its noun is missing"),
        ("лишилося 2 рівнів", "does not agree"),
        ("втрачено 5 рівні", "does not agree"),
        ("у цій фазі лишилося 1 рівень", "the verb does not agree"),
        ("потрібно 1 жетона філософії", "does not agree"),
        ("2 червоних жетони знання", "does not agree"),
        ("у вас 11 драхми", "does not agree"),
        ("10 переможних очків", "the glossary does not list"),
        ("Підняти Економікой", "the glossary does not list"),
        ("кладе під низ колоди", "outside the glossary"),
        ("Ann gets 2 драхми", "English left in"),
        ("Ann отримує {n:drachma}", "placeholder"),
    ],
)
def test_the_check_catches_each_kind_of_mistake(wrong, caught):
    found = problems(wrong, ("Ann",))
    assert any(caught in problem for problem in found), (wrong, found)


def test_the_right_forms_pass():
    for right in (
        "Підняти Економіку до рівня 3 за 5 драхм",
        "піднятися на 1 рівень податків чи на 1 рівень слави",
        "1 рівень, 2 рівні, 5 рівнів, 11 рівнів, 21 рівень",
        "замість 2 відсутніх жетонів знання потрібно 4 жетони філософії",
    ):
        assert not problems(right), (right, problems(right))


_LATIN_NAMES = ("Khôra", "REST API", "Kyiv", "London", "UTC")


def test_every_web_string_keeps_to_the_glossary():
    from web.i18n.uk_strings import UK

    for english, ukrainian in UK.items():
        if "a date format\x04" in english:  # Django's format letters ("j E"), not words
            continue
        if (english if isinstance(english, str) else english[0]).startswith("Khlor\x04"):
            continue  # Khlor's own terms (tests/engine/narration/test_glossary.py)
        ukrainian = ukrainian if isinstance(ukrainian, str) else " ".join(ukrainian)
        # the web's own placeholders (named or not) and markup; names that stay Latin (time
        # zones' cities)
        filled = re.sub(r"%(\(\w+\))?[sd]|\{\w*\}|<[^>]*>", "", ukrainian)
        assert not problems(filled, _LATIN_NAMES), (english, ukrainian)


@pytest.mark.parametrize("name", ["2p.json", "4p.json"])
def test_a_whole_game_in_ukrainian_passes_the_check(name):
    """The same check over what real parameters give: a golden game's whole history, and
    every prompt, option, preview and warning its players are shown on the way."""
    golden = json.loads((GOLDEN / name).read_text())
    setup = golden["setup"]
    names = [*SEAT_NAMES, "Carol", "Dmytro"]
    texts = [
        game.render(line, "uk", names)
        for lines in game.history(setup["num_players"], setup["options"], golden["events"], 0)
        for line in lines
    ]
    state = game.new_game(setup["num_players"], setup["options"])
    for raw in golden["events"]:
        for seat in game.pending(state):
            prompt = game.prompt_dict(state, seat, "uk", previews=True)
            texts.append(prompt["text"])
            for option in prompt["options"]:
                texts += [option["label"], option["preview"]["text"]]
                texts += [warning["text"] for warning in option["preview"]["warnings"]]
            texts += [item["label"] for item in prompt["unavailable"]]
            texts += [reason for item in prompt["unavailable"] for reason in item["reasons"]]
        state = game.apply(state, game.event_from_dict(raw))
    assert len(texts) > 2000
    wrong = {text: problems(text, tuple(names)) for text in set(texts)}
    assert not {text: found for text, found in wrong.items() if found}
