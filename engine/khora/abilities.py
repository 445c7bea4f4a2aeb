"""What a seat's played cards and unlocked developments add to the rules."""

from __future__ import annotations

from collections.abc import Iterator

from engine.khora.content import rulings
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.content.model import PoliticsCard
from engine.khora.content.tracks import LEVELS
from engine.khora.state import State


def sources(state: State, seat: int) -> Iterator:
    """Every card in play (ongoing and end-game) and every unlocked development of the seat."""
    player = state.players[seat]
    for card_id in player.played:
        card = CARDS[card_id]
        if card.kind != "immediate":
            yield card
    if player.city:
        yield from CITIES[player.city].developments[: player.development]


def trigger(state: State, seat: int, hook: str, **context) -> None:
    for source in list(sources(state, seat)):
        effect = source.hooks.get(hook)
        if effect:
            previous, state.cause = state.cause, cause_of(state, seat, source)
            effect(state, seat, **context)
            state.cause = previous


def cause_of(state: State, seat: int, source) -> tuple:
    """A card or development as the cause of what it does (journal.py)."""
    if isinstance(source, PoliticsCard):
        return ("card", source.id)
    return ("development", state.players[seat].city, source.level)


def modifier(state: State, seat: int, name: str) -> int:
    return sum(source.modifiers.get(name, 0) for source in sources(state, seat))


def minor_token_price(state: State, seat: int) -> int:
    prices = [p for p in (s.modifiers.get("minor_token_price") for s in sources(state, seat)) if p]
    return min([rulings.MINOR_TOKEN_PRICE, *prices])


def progress_price(state: State, seat: int, track: str, discount: int = 0) -> int | None:
    """Drachmas to enter the next level of a progress track, or None at the top."""
    player = state.players[seat]
    level = getattr(player, track) + 1
    if level > rulings.PROGRESS_MAX:
        return None
    free_tracks: set[str] = set()
    total_discount = discount
    for source in sources(state, seat):
        free_tracks.update(source.modifiers.get("progress_free", ()))
        total_discount += source.modifiers.get("progress_discount", 0)
    if track in free_tracks:
        return 0
    return max(rulings.PROGRESS_PRICE_FLOOR, LEVELS[track][level].price - total_discount)


def explore_loss(state: State, seat: int, troops_lost: int) -> int:
    return max(0, troops_lost + modifier(state, seat, "explore_loss"))


def can_exchange_glory(state: State, seat: int) -> bool:
    return state.players[seat].glory > 0 and modifier(state, seat, "glory_exchange") > 0
