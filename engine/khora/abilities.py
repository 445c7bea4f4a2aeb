"""What a seat's played cards and unlocked developments add to the rules."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from typing import Any

from engine.khora.content import rulings
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.content.model import Development, PoliticsCard
from engine.khora.content.tracks import LEVELS
from engine.khora.state import Cause, State

# What a seat's cards and developments add up to (_totals): numbers summed by modifier name,
# the tracks made free in the Progress phase, the minor token prices offered, and the
# sources with an effect on each hook, in `sources` order.
Totals = tuple[
    dict[str, int],
    frozenset[str],
    tuple[int, ...],
    dict[str, tuple[PoliticsCard | Development, ...]],
]


def sources(state: State, seat: int) -> Iterator[PoliticsCard | Development]:
    """Every card in play (ongoing and end-game) and every unlocked development of the seat."""
    player = state.players[seat]
    return _sources(player.played, player.city, player.development)


def _sources(
    played: Iterable[str], city: str | None, development: int
) -> Iterator[PoliticsCard | Development]:
    for card_id in played:
        card = CARDS[card_id]
        if card.kind != "immediate":
            yield card
    if city:
        yield from CITIES[city].developments[:development]


@functools.lru_cache(maxsize=2048)
def _totals(played: tuple[str, ...], city: str | None, development: int) -> Totals:
    """What these sources add up to: (numbers summed by modifier name, the tracks made free
    in the Progress phase, the minor token prices offered, the sources with an effect on each
    hook). Asked on every option listing, and the same few combinations come back all game:
    kept, keyed by what `sources` reads."""
    sums: dict[str, int] = {}
    free: set[str] = set()
    prices: list[int] = []
    hooked: dict[str, list[PoliticsCard | Development]] = {}
    for source in _sources(played, city, development):
        for hook in source.hooks:
            hooked.setdefault(hook, []).append(source)
        for name, value in source.modifiers.items():
            if name == "progress_phase_free":
                free.update(value)
                continue
            sums[name] = sums.get(name, 0) + value
            if name == "minor_token_price" and value:
                prices.append(value)
    return sums, frozenset(free), tuple(prices), {k: tuple(v) for k, v in hooked.items()}


def _totals_of(state: State, seat: int) -> Totals:
    player = state.players[seat]
    return _totals(tuple(player.played), player.city, player.development)


def trigger(state: State, seat: int, hook: str, **context: Any) -> None:
    """Run the effects the seat's sources (as they are now, in `sources` order) have on
    `hook`."""
    for source in _totals_of(state, seat)[3].get(hook, ()):
        previous, state.cause = state.cause, cause_of(state, seat, source)
        source.hooks[hook](state, seat, **context)
        state.cause = previous


def cause_of(state: State, seat: int, source: PoliticsCard | Development) -> Cause:
    """A card or development as the cause of what it does (journal.py)."""
    if isinstance(source, PoliticsCard):
        return ("card", source.id)
    return ("development", state.players[seat].city, source.level)


def modifier(state: State, seat: int, name: str) -> int:
    return _totals_of(state, seat)[0].get(name, 0)


def minor_token_price(state: State, seat: int) -> int:
    return min([rulings.MINOR_TOKEN_PRICE, *_totals_of(state, seat)[2]])


def progress_price(
    state: State, seat: int, track: str, discount: int = 0, progress_phase: bool = True
) -> int | None:
    """Drachmas to enter the next level of a progress track, or None at the top.

    Outside the Progress phase (an event's level in phase F) the Progress-phase-only price
    rules (Corinth 3's discount, the Mint's free economy) do not apply (rulings.py)."""
    player = state.players[seat]
    level = getattr(player, track) + 1
    if level > rulings.PROGRESS_MAX:
        return None
    sums, free_tracks, _prices, _hooked = _totals_of(state, seat)
    if progress_phase and track in free_tracks:
        return 0
    total_discount = discount + sums.get("progress_discount", 0)
    if progress_phase:
        total_discount += sums.get("progress_phase_discount", 0)
    return max(rulings.PROGRESS_PRICE_FLOOR, LEVELS[track][level].price - total_discount)


def explore_loss(state: State, seat: int, troops_lost: int) -> int:
    return max(0, troops_lost + modifier(state, seat, "explore_loss"))


def can_exchange_glory(state: State, seat: int) -> bool:
    return state.players[seat].glory > 0 and modifier(state, seat, "glory_exchange") > 0
