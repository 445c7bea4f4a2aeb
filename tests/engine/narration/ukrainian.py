"""A small grammar check for the catalog's Ukrainian, against the glossary's forms
(engine/khora/catalog/glossary.py): what a translator or a template can get wrong.

`problems(text, names)` lists, for one rendered text:
- a placeholder left unfilled ("{city}");
- Latin letters outside the names given (an English word left in);
- a variant the glossary rules out ("колода" for the deck);
- a game term in a form the glossary does not list ("Економікою", "очків");
- a term in a case its governing word does not take ("Підняти Економіка": підняти takes the
  accusative, "Економіку");
- a number and its noun that do not agree ("2 рівнів", "5 рівні", "потрібно 1 жетона");
- a number whose noun is missing ("на 1 податків": a number before a track's name).
"""

from __future__ import annotations

import re

from engine.khora.catalog import plural_category
from engine.khora.catalog.glossary import FORMS, is_term, offences

_TOKEN = re.compile(r"«[^»]*»|\d+|[А-Яа-яЄєІіЇїҐґA-Za-z'’]+(?:-[А-Яа-яЄєІіЇїҐґ]+)*|\S")

ACCUSATIVE = ("acc",)
GENITIVE = ("gen",)
# word -> the cases a term right after it may take
GOVERNS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        [
            "підняти",
            "піднімає",
            "розіграти",
            "розігрує",
            "розіграйте",
            "купити",
            "купує",
            "отримати",
            "отримайте",
            "отримує",
            "отримуєте",
            "віддати",
            "віддає",
            "віддасте",
            "взяти",
            "візьміть",
            "бере",
            "берете",
            "витратити",
            "витрачає",
            "заплатити",
            "повернути",
            "повертає",
            "скинути",
            "скиньте",
            "скидає",
            "залишити",
            "залиште",
            "залишає",
            "відкласти",
            "відкладає",
            "дослідити",
            "досліджує",
            "розблокувати",
            "розблоковує",
            "розблокуйте",
            "втрачаєте",
            "втрачає",
            "втратите",
            "втрачено",
            "кладе",
            "покладіть",
            "тягне",
            "виконати",
            "виконує",
            "виконайте",
            "обміняти",
        ],
        ACCUSATIVE,
    ),
    **dict.fromkeys(["до", "замість", "без", "для", "зі", "від", "понад", "вертикаллю"], GENITIVE),
    # "рівень Економіки", "рівень вертикаллю податків"
    **dict.fromkeys(["рівень", "рівня"], ("gen", "ins")),
    "на": ("acc", "loc"),
}
# A number after one of these counts in the genitive ("замість 2 відсутніх жетонів").
GENITIVE_BEFORE_NUMBER = frozenset(["до", "замість", "без", "для", "зі", "від", "понад"])


def problems(text: str, names: tuple[str, ...] = ()) -> list[str]:
    found = []
    if re.search(r"[{}]", text):
        found.append("a placeholder left unfilled")
    bare = text
    for name in names:
        bare = bare.replace(name, "")
    latin = re.findall(r"[A-Za-z]+", bare)
    if latin:
        found.append(f"English left in: {latin}")
    found += [
        f"{variant!r} is outside the glossary (for {term})" for term, variant in offences(text)
    ]
    tokens = _TOKEN.findall(bare)
    for i, token in enumerate(tokens):
        word = token.lower()
        if is_term(word) and word not in FORMS:
            found.append(f"{token!r}: a form of a game term the glossary does not list")
        if word in GOVERNS:
            found += _case(tokens, i, GOVERNS[word])
        if token.isdigit():
            found += _agreement(tokens, i)
            found += _verb_before(tokens, i)
    return found


def _case(tokens: list[str], i: int, cases: tuple[str, ...]) -> list[str]:
    """The term right after a governing word (past its adjectives) takes one of `cases`."""
    j = i + 1
    while j < len(tokens) and FORMS.get(tokens[j].lower(), ("",))[0] == "adjective":
        j += 1
    if j >= len(tokens) or tokens[j].lower() not in FORMS:
        return []
    _kind, tags = FORMS[tokens[j].lower()]
    if {tag.split(".")[0] for tag in tags} & set(cases):
        return []
    return [f"{tokens[i]} {tokens[j]}: {tokens[j]!r} is not in the {'/'.join(cases)} case"]


def _agreement(tokens: list[str], i: int) -> list[str]:
    """A number and the noun after it (and the adjectives between) agree."""
    n = int(tokens[i])
    category = plural_category("uk", n)
    before = tokens[i - 1].lower() if i else ""
    if before == "+" and i > 1:
        before = tokens[i - 2].lower()
    if before in GENITIVE_BEFORE_NUMBER:
        allowed = {"gen.sg"} if category == "one" else {"gen.pl"}
    else:
        allowed = {
            "one": {"nom.sg", "acc.sg"},
            "few": {"nom.pl", "acc.pl"},
            "many": {"gen.pl"},
        }[category]
    found = []
    for token in tokens[i + 1 :]:
        entry = FORMS.get(token.lower())
        if entry is None:
            return found
        kind, tags = entry
        if kind == "named":
            return [*found, f"{n} {token}: a number before a name, its noun is missing"]
        if not tags & allowed:
            found.append(f"{n} {token}: {token!r} does not agree with {n}")
        if kind == "counted":
            return found
    return found


# A verb before a number agrees with it: "лишився 1 рівень", "лишилося 2 рівні".
_VERB_FOR = {"лишився": "one", "залишився": "one", "лишилося": "few many", "залишилося": "few many"}


def _verb_before(tokens: list[str], i: int) -> list[str]:
    verb = tokens[i - 1].lower() if i else ""
    if verb not in _VERB_FOR or i + 1 >= len(tokens) or tokens[i + 1].lower() not in FORMS:
        return []
    if plural_category("uk", int(tokens[i])) in _VERB_FOR[verb].split():
        return []
    return [f"{tokens[i - 1]} {tokens[i]}: the verb does not agree with {tokens[i]}"]
