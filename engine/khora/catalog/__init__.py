"""Texts in English and Ukrainian: one message id and its parameters, rendered on request.

    catalog.text("action.3", "uk")                      -> "Торгівля"
    catalog.text("line.round", "en", number=3)          -> "Round 3"
    catalog.render_line(line_dict, "uk", ["Ann", "Bo"]) -> "Податки: Ann +3 драхми (5 → 8)"

Standard library only. Plural forms follow the CLDR rules for integers: English has `one` and
`other`; Ukrainian has `one` (1, 21, 31, ... but not 11), `few` (2-4, 22-24, ... but not
12-14) and `many` (the rest).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from engine.khora.catalog import content_uk
from engine.khora.catalog.messages import MESSAGES, NOUNS, RESOURCE_NOUNS
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.content.events import EVENTS
from engine.khora.content.exploration import SPACES
from engine.khora.content.model import Space
from engine.khora.content.rulings import ACHIEVEMENT_THRESHOLDS

LANGUAGES = ("en", "uk")
DEFAULT_LANGUAGE = "en"
PLURAL_CATEGORIES = {"en": ("one", "other"), "uk": ("one", "few", "many")}
LEVEL_RESOURCES = ("tax", "glory", "economy", "culture", "military", "dice_count")

_FIELD = re.compile(r"\{(\w+)(?::(\w+))?\}")


def language(lang: str | None) -> str:
    """A supported language for `lang` ("uk", "uk-UA", "en-GB", None...); English otherwise."""
    code = (lang or "").split("-")[0].split("_")[0].lower()
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


def plural_category(lang: str, n: int) -> str:
    n = abs(n)
    if lang == "uk":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def count(n: int, noun: str, lang: str) -> str:
    """A number with its noun in the right plural form: "1 drachma", "22 драхми"."""
    forms = NOUNS[noun][lang]
    return f"{n} {forms[PLURAL_CATEGORIES[lang].index(plural_category(lang, n))]}"


@functools.cache
def _compiled(key: str, lang: str) -> tuple[str, tuple[tuple[str, str, str], ...]]:
    """A template as a str.format string, and its counted fields (name, noun, slot)."""
    counted: list[tuple[str, str, str]] = []

    def field(match: re.Match[str]) -> str:
        name, noun = match.groups()
        if not noun:
            whole: str = match.group(0)
            return whole
        slot = f"{name}__{noun}"
        counted.append((name, noun, slot))
        return "{" + slot + "}"

    return _FIELD.sub(field, MESSAGES[key][lang]), tuple(counted)


def text(key: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """Render message `key`; a `{n:noun}` field puts the number with its plural noun."""
    template, counted = _compiled(key, lang)
    for name, noun, slot in counted:
        params[slot] = count(params[name], noun, lang)
    return template.format(**params) if params else template


_FIXED: dict[str, Text] = {}


class Text:
    """A message id and its parameters, rendered only when read: `str(t)` is English,
    `t.render("uk")` Ukrainian. Prompts and options hold these (the engine lists options far
    more often than anyone reads them).

    Parameters naming components by id (card, city, event, tile, track, colour, ...) are
    turned into words in the language rendered; a Text parameter is rendered in it too.
    """

    __slots__ = ("_english", "key", "params")
    key: str
    params: dict[str, Any]
    _english: str | None

    def __new__(cls, key: str, **params: Any) -> Text:
        # A text without parameters is the same every time: one shared object (options are
        # listed on the engine's hot path; fewer objects, less garbage to collect).
        if not params:
            fixed = _FIXED.get(key)
            if fixed is not None:
                return fixed
        self = object.__new__(cls)
        self.key = key
        self.params = params
        self._english = None
        if not params:
            _FIXED[key] = self
        return self

    def render(self, lang: str) -> str:
        if lang == "en":
            if self._english is None:
                self._english = text(self.key, "en", **words(self.params, "en"))
            return self._english
        return text(self.key, lang, **words(self.params, lang))

    def __str__(self) -> str:
        return self.render("en")

    def __repr__(self) -> str:
        return f"Text({self.key!r}: {self.render('en')!r})"


# --- components ----------------------------------------------------------------------------


def card_name(card_id: str, lang: str) -> str:
    return CARDS[card_id].name if lang == "en" else content_uk.CARDS[card_id][0]


def card_text(card_id: str, lang: str) -> str:
    return CARDS[card_id].text if lang == "en" else content_uk.CARDS[card_id][1]


def event_name(event_id: str, lang: str) -> str:
    return EVENTS[event_id].name if lang == "en" else content_uk.EVENTS[event_id][0]


def event_text(event_id: str, lang: str) -> str:
    return EVENTS[event_id].text if lang == "en" else content_uk.EVENTS[event_id][1]


def city_name(city_id: str, lang: str) -> str:
    return CITIES[city_id].name if lang == "en" else content_uk.CITIES[city_id]


def development_text(city_id: str, level: int, lang: str) -> str:
    if lang == "en":
        return CITIES[city_id].developments[level - 1].text
    return content_uk.DEVELOPMENTS[(city_id, level)]


def token_name(colour: str, tier: str, lang: str) -> str:
    return text(
        "token", lang, colour=text(f"colour.{colour}", lang), tier=text(f"tier.{tier}", lang)
    )


def space_name(space_id: str, lang: str) -> str:
    if space_id == "persepolis":
        return text("space.persepolis", lang)
    space = SPACES[space_id]
    return text(
        "space",
        lang,
        colour=text(f"space.colour.{space.colour}", lang),
        required=space.troops_required,
        lost=space.troops_lost,
    )


def describe_space(space: Space) -> Text:
    """The space in words, for option labels: what it gives and the troops it needs.

    e.g. "the minor red knowledge token (+1 drachma; needs 2 troops)", as a catalog Text. The
    troops lost are left to the caller, which knows the seat's discounts (Sparta, Helepole).
    """
    if space.id == "persepolis":
        tokens = Text("offer.persepolis")
    else:
        tokens = Text("offer.token", tier=space.tier, colour=space.colour)
    bonus = []
    if space.drachma:
        bonus.append(Text("plus_drachma", n=space.drachma))
    if space.vp:
        bonus.append(Text("plus_vp", n=space.vp))
    needs = Text("offer.needs", troops=space.troops_required)
    if bonus:
        return Text("offer.bonus", token=tokens, bonus=bonus, needs=needs)
    return Text("offer", token=tokens, needs=needs)


def achievement_name(achievement: str, lang: str) -> str:
    return text(f"achievement.{achievement}", lang, n=ACHIEVEMENT_THRESHOLDS[achievement])


def seat_name(seat: int | None, lang: str, names: list[str] | None) -> str:
    if seat is None:
        return ""
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return text("seat", lang, number=seat + 1)


def bot_name(seat: int, lang: str) -> str:
    """A seat a bot was given at the game's creation: "Bot n" (n counts from 1, as seats)."""
    return text("seat.bot", lang, number=seat + 1)


def join(items: list[str], lang: str) -> str:
    if not items:
        return text("nothing", lang)
    if len(items) == 1:
        return items[0]
    return text("list.comma", lang).join(items[:-1]) + text("list.and", lang) + items[-1]


# --- causes and lines ------------------------------------------------------------------------

_STEP_CAUSES = {
    **dict.fromkeys(
        (
            "random_cities",
            "fixed_cities",
            "setup",
            "choose_city",
            "first_developments",
            "pick_start_player",
        ),
        "step.setup",
    ),
    **dict.fromkeys(("deal", "draft_pick", "draft_pass", "draft_end"), "step.draft"),
    **dict.fromkeys(("begin_round", "end_round"), "step.round"),
    "announce": "phase.event_announcement",
    "tax": "phase.tax",
    **dict.fromkeys(("roll", "assign", "reveal"), "phase.dice"),
    "actions": "phase.actions",
    "end_actions": "step.end_actions",
    **dict.fromkeys(("progress", "end_progress"), "phase.progress"),
    "resolve_event": "phase.event_resolution",
    "achievements": "phase.achievements",
    **dict.fromkeys(("final_exchange", "final_scoring"), "phase.final_scoring"),
    "draw": "step.draw",
}


def cause_name(cause: list[Any] | tuple[Any, ...] | None, lang: str) -> str:
    """What a line's cause is called, e.g. "Tax", "Silver Mining", "Corinth 2"."""
    if not cause:
        return ""
    kind, *args = cause
    if kind == "step":
        return text(_STEP_CAUSES[args[0]], lang)
    if kind == "action":
        return text(f"action.{args[0]}", lang)
    if kind == "card":
        return card_name(args[0], lang)
    if kind == "event":
        return event_name(args[0], lang)
    if kind == "development":
        return text("cause.development", lang, city=city_name(args[0], lang), level=args[1])
    if kind == "space":
        return text("cause.space", lang, space=space_name(args[0], lang))
    if kind == "achievement":
        return text("cause.achievement", lang, achievement=achievement_name(args[0], lang))
    if kind == "exchange":
        return text("cause.exchange", lang, city=city_name(args[0], lang))
    if kind == "tile":
        return text("cause.tile", lang, tile=tile_name(args[0], lang))
    raise KeyError(f"no name for cause {cause!r}")


def tile_name(tile: int, lang: str) -> str:
    return f"{text(f'action.{tile}', lang)} ({tile})"


def _params(line: dict[str, Any], lang: str, names: list[str] | None) -> dict[str, Any]:
    """A line's parameters as words: ids become names, lists become phrases."""
    out = words(line.get("params", {}), lang)
    out["seat"] = seat_name(line.get("seat"), lang, names)
    cause = cause_name(line.get("cause"), lang)
    out["cause"] = text("cause", lang, cause=cause) if cause else ""
    return out


def words(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Parameters as words in `lang`: ids become names and texts, lists become phrases."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, Text):
            out[key] = value.render(lang)
        elif isinstance(value, list | tuple) and value and isinstance(value[0], Text):
            out[key] = join([item.render(lang) for item in value], lang)
        elif key == "card":
            out[key] = card_name(value, lang)
            out["card_text"] = card_text(value, lang)
        elif key == "development":
            out[key] = development_text(value[0], value[1], lang)
        elif key == "track":
            out[key] = text(f"track.{value}", lang)
            if value in ("economy", "culture", "military"):
                out["track_acc"] = text(f"track_acc.{value}", lang)
        elif key == "colour":
            out[key] = text(f"colour.{value}", lang)
        elif key == "tier":
            out[key] = text(f"tier.{value}", lang)
        elif key == "cards":
            out[key] = join([card_name(c, lang) for c in value], lang)
        elif key == "event":
            out[key] = event_name(value, lang)
            out["event_text"] = event_text(value, lang)
        elif key == "city":
            out[key] = city_name(value, lang)
        elif key == "space":
            out[key] = space_name(value, lang)
        elif key == "offer":
            out[key] = describe_space(SPACES[value]).render(lang)
        elif key == "tile":
            out[key] = tile_name(value, lang)
        elif key == "tiles":
            out[key] = join([tile_name(t, lang) for t in value], lang)
        elif key == "dice":
            out[key] = join([str(d) for d in value], lang)
        elif key == "phase":
            out[key] = text(f"phase.{value}", lang)
        elif key == "achievement":
            out[key] = achievement_name(value, lang)
        else:
            out[key] = value
    return out


def explained(params: dict[str, Any]) -> dict[str, Any]:
    """Parameters of a warning or a did-nothing line, with what is missing as texts: the
    tokens per colour ("1 red knowledge token") and the drachmas short."""
    params = dict(params)
    if "missing" in params:
        needs = [
            Text(f"preview.need_tokens.{colour}", n=n) for colour, n in params["missing"].items()
        ]
        if params["cost"] > params["drachma"]:
            needs.append(Text("preview.need_drachmas", n=params["cost"], have=params["drachma"]))
        params["needs"] = needs
        del params["missing"]
    return params


def render_line(
    line: dict[str, Any], lang: str = DEFAULT_LANGUAGE, names: list[str] | None = None
) -> str:
    """A narrated line (journal.Line.to_dict or its redaction) as a sentence in `lang`."""
    lang = language(lang)
    params = _params(line, lang, names)
    msg = line["msg"]
    if msg == "change":
        resource = line["params"]["resource"]
        before, after = line["before"], line["after"]
        params.update(before=before, after=after)
        if resource in LEVEL_RESOURCES:
            return text("line.change.level", lang, track=text(f"track.{resource}", lang), **params)
        delta = after - before
        params.update(
            sign="+" if delta > 0 else "−", amount=count(abs(delta), RESOURCE_NOUNS[resource], lang)
        )
        return text("line.change.count", lang, **params)
    if msg == "notice":
        minutes = round(line["params"].get("by_seconds", 0) / 60)
        return text(f"line.notice.{line['params']['kind']}", lang, minutes=minutes, **params)
    if msg in ("capped", "action_did_nothing"):
        key = line["params"].get("resource") or line["params"]["reason"]
        params.update(words(explained(line["params"]), lang))
        return text(f"line.{msg}.{key}", lang, **params)
    if msg == "token":
        p = line["params"]
        params["token"] = token_name(p["colour"], p["tier"], lang)
        return text("line.token.gain" if p["delta"] > 0 else "line.token.lose", lang, **params)
    return text(f"line.{msg}", lang, **params)
