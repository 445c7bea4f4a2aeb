"""The rules page as data, in either language, and where each prompt and history cause links.

Built from the same content the engine plays (tracks, ladders, cards, events, spaces) and the
catalog's prose (catalog/rules_text.py), so the page never disagrees with the game. Section
and entry ids are stable anchors: `anchor_for_prompt` and `anchor_for_cause` name them.
"""

from __future__ import annotations

import functools
from typing import Any

from engine.khora import catalog
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.content.events import EVENTS
from engine.khora.content.exploration import SPACES
from engine.khora.content.tracks import LEVELS, PROGRESS_TRACKS
from engine.khora.facts import reward_text

PHASES = (
    "event_announcement",
    "tax",
    "dice",
    "actions",
    "progress",
    "event_resolution",
    "achievements",
)
RULINGS = (
    "philosophy",
    "caps",
    "one_token",
    "free_advances",
    "progress_phase_only",
    "progress_levels",
    "ties",
)

# Prompt kind -> the rules entry that explains it.
PROMPT_ANCHORS = {
    "choose_city": "cities",
    "draft_pick": "cards",
    "assign_die": "phase-dice",
    "adjust_citizens": "phase-dice",
    "buy_token": "action-3",
    "take_minor_token": "cards",
    "explore": "action-4",
    "legislation_keep": "action-1",
    "play_politics": "action-5",
    "ostracism_return": "card-ostracism",
    "develop": "action-6",
    "argos_reward": "city-argos",
    "free_advance": "city-miletus",
    "progress": "tracks",
    "event_progress": "events",
    "discard_card": "event-the-thirty-tyrants",
    "give_up_token": "event-oracle-of-delphi",
    "extra_action": "event-conquest-of-the-persians",
    "achievement_reward": "phase-achievements",
    "final_exchange": "city-thebes",
}

_STEP_PHASES = {
    "tax": "phase-tax",
    "roll": "phase-dice",
    "assign": "phase-dice",
    "reveal": "phase-dice",
    "actions": "phase-actions",
    "end_actions": "phase-actions",
    "progress": "phase-progress",
    "end_progress": "phase-progress",
    "resolve_event": "phase-event_resolution",
    "announce": "phase-event_announcement",
    "achievements": "phase-achievements",
    "final_scoring": "scoring",
    "final_exchange": "scoring",
}


def anchor_for_prompt(kind: str) -> str:
    return PROMPT_ANCHORS.get(kind, "phases")


def anchor_for_cause(cause: list[Any] | tuple[Any, ...] | None) -> str | None:
    """The rules entry a history line's cause links to (None: nothing to explain)."""
    if not cause:
        return None
    kind, *args = cause
    if kind == "action":
        return f"action-{args[0]}"
    if kind == "card":
        return f"card-{args[0]}"
    if kind == "event":
        return f"event-{args[0]}"
    if kind in ("development", "exchange"):
        return f"city-{args[0]}"
    if kind == "space":
        return "exploration"
    if kind == "achievement":
        return "phase-achievements"
    if kind == "step":
        return _STEP_PHASES.get(args[0])
    return None


@functools.cache
def rules_page(lang: str = "en") -> dict[str, Any]:
    """{title, sections: [{id, title, intro, entries: [{id, title, text}]}]} in `lang`."""
    lang = catalog.language(lang)
    t = functools.partial(catalog.text, lang=lang)

    def section(key: str, entries: list[dict[str, Any]], intro: str = "") -> dict[str, Any]:
        return {"id": key, "title": t(f"rules.section.{key}"), "intro": intro, "entries": entries}

    def entry(anchor: str, title: str, text: str) -> dict[str, str]:
        return {"id": anchor, "title": title, "text": text}

    return {
        "title": t("rules.title"),
        "sections": [
            section(
                "phases",
                [entry(f"phase-{p}", t(f"phase.{p}"), t(f"rules.phase.{p}")) for p in PHASES],
            ),
            section(
                "actions",
                [
                    entry(f"action-{n}", catalog.tile_name(n, lang), t(f"rules.action.{n}"))
                    for n in range(7)
                ],
                t("rules.free_action"),
            ),
            section("tracks", _tracks(lang), t("rules.tracks.intro")),
            section("cities", [_city(city, lang) for city in sorted(CITIES)]),
            section(
                "cards",
                [
                    entry(
                        f"card-{c}",
                        catalog.card_name(c, lang),
                        t(
                            "rules.card",
                            cost=_drachmas(CARDS[c].cost, lang),
                            needs=_needs(CARDS[c].needs, lang),
                            text=catalog.card_text(c, lang),
                        ),
                    )
                    for c in sorted(CARDS, key=lambda c: catalog.card_name(c, lang))
                ],
            ),
            section(
                "events",
                [
                    entry(f"event-{e}", catalog.event_name(e, lang), catalog.event_text(e, lang))
                    for e in sorted(EVENTS, key=lambda e: catalog.event_name(e, lang))
                ],
            ),
            section(
                "exploration",
                [
                    entry(
                        f"space-{s}",
                        _space_title(s, lang),
                        t(
                            "rules.space",
                            offer=catalog.describe_space(SPACES[s]).render(lang),
                            lost=catalog.count(SPACES[s].troops_lost, "troop_acc", lang),
                        ),
                    )
                    for s in SPACES
                ],
            ),
            section("scoring", [], t("rules.scoring")),
            section(
                "rulings",
                [entry(f"ruling-{r}", "", t(f"rules.ruling.{r}")) for r in RULINGS],
            ),
        ],
    }


def _tracks(lang: str) -> list[dict[str, Any]]:
    entries = []
    for track in PROGRESS_TRACKS:
        levels = [
            catalog.text(
                "rules.level",
                lang,
                level=n,
                price=_drachmas(level.price, lang),
                reward=reward_text(level.reward, lang) or catalog.text("rules.none", lang),
            )
            for n, level in sorted(LEVELS[track].items())
        ]
        entries.append(
            {
                "id": f"track-{track}",
                "title": catalog.text(f"track.{track}", lang),
                "text": "; ".join(levels),
            }
        )
    return entries


def _city(city: str, lang: str) -> dict[str, Any]:
    levels = [
        catalog.text(
            "rules.development",
            lang,
            level=d.level,
            cost=_drachmas(d.cost, lang),
            needs=_needs(d.needs, lang),
            text=catalog.development_text(city, d.level, lang),
        )
        for d in CITIES[city].developments
    ]
    return {
        "id": f"city-{city}",
        "title": catalog.city_name(city, lang),
        "text": " · ".join(levels),
    }


def _space_title(space_id: str, lang: str) -> str:
    if space_id == "persepolis":
        return catalog.text("space.persepolis", lang)
    space = SPACES[space_id]
    return catalog.text(
        f"rules.space_title.{space.colour}",
        lang,
        required=space.troops_required,
        lost=space.troops_lost,
    )


def _drachmas(n: int, lang: str) -> str:
    return catalog.count(n, "drachma", lang) if n else catalog.text("rules.free", lang)


def _needs(needs: tuple[int, int, int], lang: str) -> str:
    parts = [
        catalog.text(f"preview.need_tokens.{colour}", lang, n=n)
        for colour, n in zip(("red", "blue", "green"), needs, strict=True)
        if n
    ]
    if not parts:
        return catalog.text("rules.needs_none", lang)
    return catalog.text("rules.needs", lang, tokens=catalog.join(parts, lang))
