"""One glossary for every Ukrainian text: the engine's catalog, the content's names and texts,
the rules page and the web's strings. Each term is the Ukrainian rulebook's (../shared/seeds/
002_*); the variants a translator might reach for instead are listed, and `offences` finds
them, so a text that strays from the glossary fails its test (tests/engine/narration)."""

from __future__ import annotations

import re

# English term -> (the rulebook's Ukrainian stem, stems that must not be used for it)
GLOSSARY: dict[str, tuple[str, tuple[str, ...]]] = {
    "deck": ("стос", ("колод",)),
    "development": ("поліпшенн", ("розвит", "розбудов")),
    "troops": ("вояк", ("солдат", "війська ", "військо ")),
    "knowledge token": ("жетон знання", ("жетон знань", "жетони знань", "жетонів знань")),
    "victory points": ("переможн", ("бали ", "балів", "окуляр")),
    "citizens": ("громадян", ("жител", "мешканц")),
    "drachmas": ("драхм", ("драхмів",)),
    "track": ("вертикал", ("доріжк", "трек")),
    "level": ("рівень", ("поділк",)),
    "space": ("комірк", ("клітинк",)),
    "exploration board": ("зона дослідження", ("поле дослідження",)),
}


def offences(text: str) -> list[tuple[str, str]]:
    """(term, variant) for each variant outside the glossary that `text` uses."""
    lowered = text.lower() + " "
    return [
        (term, variant)
        for term, (_, variants) in GLOSSARY.items()
        for variant in variants
        if re.search(re.escape(variant), lowered)
    ]


# --- the terms' forms ---------------------------------------------------------------------------
# Every form a Ukrainian text may give a game term, with its grammatical case and number: a
# word that starts like a term (TERM_STEMS) but is not listed here is a form outside the
# glossary (tests/engine/narration/test_every_message.py). Cases: nom, acc, gen, dat, loc, ins;
# numbers: sg, pl. A countable noun's forms carry the plural category a number before them
# asks for (CLDR: one, few, many), per case: "1 драхма", "2 драхми", "5 драхм".


def _forms(**by_tag: str) -> dict[str, frozenset[str]]:
    """`nom_sg="драхма drachma2"` -> {"драхма": {"nom.sg"}, ...}: tags per form."""
    index: dict[str, set[str]] = {}
    for tag, words in by_tag.items():
        for word in words.split():
            index.setdefault(word, set()).add(tag.replace("_", "."))
    return {word: frozenset(tags) for word, tags in index.items()}


# Nouns counted by a number. Animate nouns (громадянин, вояк) take the genitive's form for
# the accusative plural ("заплатити 2 громадян").
COUNTED: dict[str, dict[str, frozenset[str]]] = {
    "drachma": _forms(
        nom_sg="драхма",
        acc_sg="драхму",
        gen_sg="драхми",
        nom_pl="драхми",
        acc_pl="драхми",
        gen_pl="драхм",
        loc_pl="драхмах",
        ins_sg="драхмою",
        ins_pl="драхмами",
    ),
    "point": _forms(
        nom_sg="очко",
        acc_sg="очко",
        gen_sg="очка",
        nom_pl="очки",
        acc_pl="очки",
        gen_pl="очок",
        ins_pl="очками",
        loc_pl="очках",
    ),
    "citizen": _forms(
        nom_sg="громадянин",
        acc_sg="громадянина",
        gen_sg="громадянина",
        nom_pl="громадяни",
        acc_pl="громадян",
        gen_pl="громадян",
        loc_pl="громадянах",
        ins_pl="громадянами",
    ),
    "troop": _forms(
        nom_sg="вояк",
        acc_sg="вояка",
        gen_sg="вояка",
        nom_pl="вояки",
        acc_pl="вояків",
        gen_pl="вояків",
        ins_pl="вояками",
    ),
    "token": _forms(
        nom_sg="жетон",
        acc_sg="жетон",
        gen_sg="жетона",
        nom_pl="жетони",
        acc_pl="жетони",
        gen_pl="жетонів",
        ins_sg="жетоном",
        dat_sg="жетону",
        dat_pl="жетонам",
        ins_pl="жетонами",
    ),
    "card": _forms(
        nom_sg="карта",
        acc_sg="карту",
        gen_sg="карти",
        loc_sg="карті",
        nom_pl="карти",
        acc_pl="карти",
        gen_pl="карт",
        ins_pl="картами",
        dat_pl="картам",
        ins_sg="картою",
    ),
    "level": _forms(
        nom_sg="рівень",
        acc_sg="рівень",
        gen_sg="рівня",
        loc_sg="рівні",
        nom_pl="рівні",
        acc_pl="рівні",
        gen_pl="рівнів",
        ins_sg="рівнем",
    ),
    "space": _forms(
        nom_sg="комірка",
        acc_sg="комірку",
        gen_sg="комірки",
        nom_pl="комірки",
        acc_pl="комірки",
        gen_pl="комірок",
        loc_sg="комірці",
    ),
    "event": _forms(
        nom_sg="подія",
        acc_sg="подію",
        gen_sg="події",
        nom_pl="події",
        acc_pl="події",
        gen_pl="подій",
        ins_sg="подією",
    ),
    "die": _forms(
        nom_sg="кубик",
        acc_sg="кубик",
        gen_sg="кубика",
        nom_pl="кубики",
        acc_pl="кубики",
        gen_pl="кубиків",
        loc_sg="кубику",
        loc_pl="кубиках",
        ins_sg="кубиком",
    ),
    "tile": _forms(
        nom_sg="плитка",
        acc_sg="плитку",
        gen_sg="плитки",
        nom_pl="плитки",
        acc_pl="плитки",
        gen_pl="плиток",
    ),
    "action": _forms(
        nom_sg="дія",
        acc_sg="дію",
        gen_sg="дії",
        loc_sg="дії",
        nom_pl="дії",
        acc_pl="дії",
        gen_pl="дій",
    ),
    "track": _forms(
        nom_sg="вертикаль",
        acc_sg="вертикаль",
        gen_sg="вертикалі",
        loc_sg="вертикалі",
        ins_sg="вертикаллю",
        nom_pl="вертикалі",
        acc_pl="вертикалі",
        gen_pl="вертикалей",
    ),
    "round": _forms(
        nom_sg="раунд", acc_sg="раунд", gen_sg="раунду", loc_sg="раунді", gen_pl="раундів"
    ),
    "phase": _forms(
        nom_sg="фаза",
        acc_sg="фазу",
        gen_sg="фази",
        loc_sg="фазі",
        ins_sg="фазою",
        nom_pl="фази",
        gen_pl="фаз",
    ),
}
# Adjectives that stand between a number and its noun agree with it the same way.
ADJECTIVES: dict[str, frozenset[str]] = {
    **_forms(
        nom_sg="переможне червоний синій зелений відсутній досяжна",
        acc_sg="переможне червоний синій зелений досяжну",
        gen_sg="переможного червоного синього зеленого відсутнього досяжної",
        nom_pl="переможні червоні сині зелені відсутні досяжні",
        acc_pl="переможні червоні сині зелені відсутні досяжні",
        gen_pl="переможних червоних синіх зелених відсутніх досяжних",
        ins_pl="переможними",
        loc_pl="переможних червоних синіх зелених",
    ),
}
# Terms that are not counted: the tracks by name and the resources named without a number.
# A number right before one of these has lost its noun ("на 1 податків").
NAMED: dict[str, dict[str, frozenset[str]]] = {
    "economy": _forms(
        nom_sg="економіка",
        acc_sg="економіку",
        gen_sg="економіки",
        loc_sg="економіці",
        ins_sg="економікою",
    ),
    "culture": _forms(nom_sg="культура", acc_sg="культуру", gen_sg="культури", loc_sg="культурі"),
    "military": _forms(
        nom_sg="військова", acc_sg="військову", gen_sg="військової", loc_sg="військовій"
    ),
    "military strength": _forms(nom_sg="сила", acc_sg="силу", gen_sg="сили"),
    "tax": _forms(
        nom_pl="податки", acc_pl="податки", gen_pl="податків", loc_pl="податках", dat_pl="податкам"
    ),
    "glory": _forms(
        nom_sg="слава", acc_sg="славу", gen_sg="слави", loc_sg="славі", ins_sg="славою"
    ),
    "philosophy": _forms(nom_sg="філософія", acc_sg="філософію", gen_sg="філософії"),
    "knowledge": _forms(nom_sg="знання", acc_sg="знання", gen_sg="знання"),
    "development": _forms(
        nom_sg="поліпшення",
        acc_sg="поліпшення",
        gen_sg="поліпшення",
        nom_pl="поліпшення",
        gen_pl="поліпшень",
        ins_sg="поліпшенням",
        dat_sg="поліпшенню",
    ),
    "deck": _forms(nom_sg="стос", acc_sg="стос", gen_sg="стосу", loc_sg="стосі"),
    "achievement": _forms(
        nom_sg="досягнення", acc_sg="досягнення", gen_sg="досягнення", nom_pl="досягнення"
    ),
}
# A word starting with one of these is a game term: it must be one of the forms above.
TERM_STEMS = (
    "драхм",
    "очк",
    "очок",
    "громадян",
    "вояк",
    "жетон",
    "карт",
    "рівен",
    "рівн",
    "комірк",
    "комірок",
    "поді",
    "кубик",
    "плитк",
    "плиток",
    "вертикал",
    "раунд",
    "фаз",
    "економік",
    "культур",
    "військов",
    "податк",
    "податок",
    "слав",
    "філософі",
    "знанн",
    "поліпшен",
    "стос",
    "досягнен",
    "переможн",
)
# Words that share a stem with a term but are not one: "рівні" as "equal", "славетний"...
NOT_TERMS = frozenset({"рівних", "рівно", "стосуються", "стосується"})


def _index() -> dict[str, tuple[str, frozenset[str]]]:
    index: dict[str, tuple[str, frozenset[str]]] = {}
    for kind, table in (("counted", COUNTED), ("named", NAMED)):
        for forms in table.values():
            for word, tags in forms.items():
                previous = index.get(word)
                merged = tags | previous[1] if previous else tags
                index[word] = (kind if not previous else previous[0], merged)
    for word, tags in ADJECTIVES.items():
        index[word] = ("adjective", tags)
    return index


# form -> ("counted" | "named" | "adjective", its tags)
FORMS = _index()


def is_term(word: str) -> bool:
    word = word.lower()
    return word not in NOT_TERMS and word.startswith(TERM_STEMS)
