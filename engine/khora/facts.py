"""Public facts a player decides with, for views: what a card costs and needs, a city's
development ladder, the price and reward of each track's next level, the event deck.

Structured values (ids, numbers) never depend on the language; names and texts are rendered
in `lang` from the catalog.
"""

from __future__ import annotations

from typing import Any

from engine.khora import abilities, catalog
from engine.khora.catalog.messages import RESOURCE_NOUNS
from engine.khora.content import rulings
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.content.tracks import LEVELS, PROGRESS_TRACKS
from engine.khora.phases.round_start import ROUNDS
from engine.khora.state import State

COLOURS = ("red", "blue", "green")


def needs(tokens: tuple[int, int, int]) -> dict[str, int]:
    """Knowledge tokens required, by colour (a major or minor token counts the same)."""
    return dict(zip(COLOURS, tokens, strict=True))


def card(card_id: str, lang: str = "en") -> dict[str, Any]:
    politics = CARDS[card_id]
    return {
        "id": card_id,
        "name": catalog.card_name(card_id, lang),
        "kind": politics.kind,
        "cost": politics.cost,
        "needs": needs(politics.needs),
        "text": catalog.card_text(card_id, lang),
    }


def ladder(state: State, seat: int, lang: str = "en") -> list[dict[str, Any]]:
    """The seat's city developments, each with its price, requirement, effect and state."""
    player = state.players[seat]
    if player.city is None:
        return []
    return [
        {
            "level": development.level,
            "cost": development.cost,
            "needs": needs(development.needs),
            "text": catalog.development_text(player.city, development.level, lang),
            "unlocked": development.level <= player.development,
        }
        for development in CITIES[player.city].developments
    ]


def reward_text(reward: dict[str, int], lang: str) -> str:
    parts = []
    for resource, amount in reward.items():
        if resource == "third_die":
            parts.append(catalog.text("reward.third_die", lang))
        elif resource in ("tax", "glory"):
            parts.append(catalog.text(f"reward.{resource}", lang, n=amount))
        else:
            noun = RESOURCE_NOUNS[resource]
            parts.append("+" + catalog.count(amount, noun, lang))
    return catalog.join(parts, lang)


def next_levels(state: State, seat: int, lang: str = "en") -> dict[str, Any]:
    """Per progress track: the next level, its price for this seat and its reward (None at
    the top). The price counts the seat's discounts and free tracks."""
    player = state.players[seat]
    result: dict[str, Any] = {}
    for track in PROGRESS_TRACKS:
        level = getattr(player, track) + 1
        if level > rulings.PROGRESS_MAX:
            result[track] = None
            continue
        reward = LEVELS[track][level].reward
        result[track] = {
            "level": level,
            "price": abilities.progress_price(state, seat, track),
            "list_price": LEVELS[track][level].price,
            "reward": dict(reward),
            "reward_text": reward_text(reward, lang),
        }
    return result


def event_deck(state: State) -> dict[str, Any]:
    """How many events are still to be revealed this game (one a round)."""
    return {"events_left": ROUNDS - len(state.events_revealed)}
