"""The 16 event cards. Growing Populations opens the game, Conquest of the Persians ends it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.khora.content import rulings
from engine.khora.content.helpers import ask
from engine.khora.content.model import EventCard
from engine.khora.effects import gain, lose, lose_all
from engine.khora.state import State

SeatEffect = Callable[[State, int], None]  # one seat's part of an event
EventResolution = Callable[[State], None]  # an event's whole effect, on every seat

FIRST_EVENT = "growing-populations"
LAST_EVENT = "conquest-of-the-persians"


def most_troops(state: State) -> list[int]:
    """Every seat tied for the most troops (all seats when everyone is tied)."""
    top = max(p.troops for p in state.players)
    return [p.seat for p in state.players if p.troops == top]


def fewest_troops(state: State) -> list[int]:
    bottom = min(p.troops for p in state.players)
    return [p.seat for p in state.players if p.troops == bottom]


def _everyone(effect: SeatEffect) -> EventResolution:
    def resolve(state: State) -> None:
        for seat in range(state.num_players):
            effect(state, seat)

    return resolve


def _most_and_fewest(
    most: SeatEffect | None = None, fewest: SeatEffect | None = None
) -> EventResolution:
    """Most troops first, then fewest; a seat tied at both applies both parts."""

    def resolve(state: State) -> None:
        top, bottom = most_troops(state), fewest_troops(state)
        if most:
            for seat in top:
                most(state, seat)
        if fewest:
            for seat in bottom:
                fewest(state, seat)

    return resolve


def _gain(**amounts: int) -> SeatEffect:
    return lambda state, seat: gain(state, seat, excess=False, **amounts)


def _lose(**amounts: int) -> SeatEffect:
    return lambda state, seat: lose(state, seat, **amounts)


def _ask(kind: str, **data: Any) -> SeatEffect:
    return lambda state, seat: ask(state, seat, kind, **data)


def _lose_all_philosophy(state: State, seat: int) -> None:
    lose_all(state, seat, "philosophy")


def _discard_two(state: State, seat: int) -> None:
    # A seat tied for both most and fewest troops first draws its 2 cards (queued just
    # before), so it has something to discard even if its hand is empty now.
    player = state.players[seat]
    if player.hand or any(task.kind == "draw" for task in player.agenda):
        ask(state, seat, "discard_card", remaining=2)


def _oracle_of_delphi(state: State, seat: int) -> None:
    if state.players[seat].token_count():
        ask(state, seat, "give_up_token")


def _growing_populations(state: State) -> None:
    for player in state.players:
        if sum(player.dice) <= rulings.GROWING_POPULATIONS_MAX_TOTAL:
            gain(state, player.seat, philosophy=rulings.GROWING_POPULATIONS_TOKENS)


def _conquest_of_the_persians(state: State) -> None:
    if state.persepolis_explored:
        for seat in range(state.num_players):
            ask(state, seat, "extra_action")


_ALL = [
    EventCard(
        FIRST_EVENT,
        "Growing Populations",
        "In this round's dice phase, each player whose dice total 4 or less gains 1 "
        "philosophy token.",
        _growing_populations,
        in_dice_phase=True,
    ),
    EventCard(
        LAST_EVENT,
        "Conquest of the Persians",
        "If anyone has explored Persepolis, each player may take one extra action other than "
        "Military, without a die.",
        _conquest_of_the_persians,
    ),
    EventCard(
        "plague-of-athens",
        "Plague of Athens",
        "Every player loses 2 citizens.",
        _everyone(_lose(citizens=2)),
    ),
    EventCard(
        "supplies-from-lydia",
        "Supplies from Lydia",
        "Every player gains 3 drachmas.",
        _everyone(_gain(drachma=3)),
    ),
    EventCard("drought", "Drought", "Every player loses 2 drachmas.", _everyone(_lose(drachma=2))),
    EventCard(
        "invention-of-the-trireme",
        "Invention of the Trireme",
        "Every player gains 3 troops.",
        _everyone(_gain(troops=3)),
    ),
    EventCard(
        "outbreak-of-war",
        "Outbreak of War",
        "Every player loses 2 troops.",
        _everyone(_lose(troops=2)),
    ),
    EventCard(
        "the-rise-of-persia",
        "The Rise of Persia",
        "Every player may advance 1 military level, paying 2 drachmas less.",
        _everyone(_ask("event_progress", tracks=("military",), discount=2)),
    ),
    EventCard(
        "military-victory",
        "Military Victory",
        "The player(s) with the most troops may advance 1 level on any track, paying 2 less.",
        _most_and_fewest(
            most=_ask("event_progress", tracks=("economy", "culture", "military"), discount=2)
        ),
    ),
    EventCard(
        "prosperity",
        "Prosperity",
        "The player(s) with the most troops may play a politics card.",
        _most_and_fewest(most=_ask("play_politics", source="prosperity")),
    ),
    EventCard(
        "the-savior-of-greece",
        "The Savior of Greece",
        "Most troops: gain 2 drachmas. Fewest troops: lose 2 drachmas.",
        _most_and_fewest(most=_gain(drachma=2), fewest=_lose(drachma=2)),
    ),
    EventCard(
        "conscripting-troops",
        "Conscripting Troops",
        "Most troops: gain 3 citizens. Fewest troops: lose 3 citizens.",
        _most_and_fewest(most=_gain(citizens=3), fewest=_lose(citizens=3)),
    ),
    EventCard(
        "eleusinian-mysteries",
        "Eleusinian Mysteries",
        "Most troops: gain 4 VP. Fewest troops: lose 4 VP.",
        _most_and_fewest(most=_gain(vp=4), fewest=_lose(vp=4)),
    ),
    EventCard(
        "origin-of-the-academy",
        "Origin of the Academy",
        "Most troops: gain 1 philosophy token. Fewest troops: lose all philosophy tokens.",
        _most_and_fewest(most=_gain(philosophy=1), fewest=_lose_all_philosophy),
    ),
    EventCard(
        "the-thirty-tyrants",
        "The Thirty Tyrants",
        "Most troops: draw 2 politics cards. Fewest troops: discard 2 cards from your hand.",
        _most_and_fewest(most=_gain(cards=2), fewest=_discard_two),
    ),
    EventCard(
        "oracle-of-delphi",
        "Oracle of Delphi",
        "Every player gives up a knowledge token of their choice and gains 2 philosophy tokens.",
        _everyone(_oracle_of_delphi),
    ),
]

EVENTS: dict[str, EventCard] = {event.id: event for event in _ALL}
RANDOM_POOL = tuple(sorted(e for e in EVENTS if e not in (FIRST_EVENT, LAST_EVENT)))
assert len(EVENTS) == 16 and len(RANDOM_POOL) == 14
