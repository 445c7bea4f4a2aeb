"""Drawing politics cards: by chance from the unseen cards, then from the bottom, in order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core import InvalidEvent, Label, Option
from engine.khora.catalog import Text
from engine.khora.content import rulings
from engine.khora.content.helpers import ask
from engine.khora.flow import ChanceOutcome, chance_kind, draw_request
from engine.khora.journal import note
from engine.khora.phases.action_order import LEGISLATION, turn_position
from engine.khora.seat_tasks import TaskHandler, handler, run_head
from engine.khora.state import State, Task, without

if TYPE_CHECKING:
    from random import Random


def _sample_draw(state: State, rng: Random) -> ChanceOutcome:
    seat = draw_request(state)
    assert seat is not None  # sampled only when a draw is requested
    count = state.players[seat].agenda[0].data["count"]
    return {
        "seat": seat,
        "cards": rng.sample(state.deck_unseen, min(count, len(state.deck_unseen))),
    }


@chance_kind("draw", _sample_draw)
def apply_draw(state: State, outcome: ChanceOutcome) -> None:
    seat = draw_request(state)
    cards = outcome.get("cards")
    if outcome.get("seat") != seat or not isinstance(cards, list):
        raise InvalidEvent("bad_chance", f"The draw pending is for seat {seat}.")
    assert seat is not None  # applied only when a draw is requested (flow.run, _apply_chance)
    count = state.players[seat].agenda[0].data["count"]
    unseen = set(state.deck_unseen)
    if len(cards) != min(count, len(unseen)) or len(set(cards)) != len(cards):
        raise InvalidEvent("bad_chance", "A draw takes the number of cards asked for.")
    if not unseen.issuperset(cards):
        raise InvalidEvent("bad_chance", "Drawn cards must come from the unseen cards.")
    drawn_set = set(cards)
    state.deck_unseen = [card for card in state.deck_unseen if card not in drawn_set]
    from_bottom = state.deck_bottom[: count - len(cards)]
    if from_bottom:  # the deck and its places are shared with the state before: replaced
        state.deck_bottom = state.deck_bottom[len(from_bottom) :]
        state.bottom_places = places = state.bottom_places.copy()
        for card in from_bottom:
            places.pop(card, None)
    drawn = [*cards, *from_bottom]
    run_head(state, seat, lambda task: _deliver(state, seat, task, drawn))


def put_at_bottom(state: State, seat: int, card: str, tile: int = 0) -> None:
    """Put a card under the deck, at its place in the rulebook's order.

    Seats that act at once (Legislation keeps, The Thirty Tyrants' discards) may answer in any
    order; in the rulebook's order their cards go under the deck tile by tile, in turn order
    from the start player. So a card goes below every card put there before it in that order,
    whoever answered first, and the deck does not depend on who is quicker.
    """
    place = (state.round, state.phase != "actions", tile, turn_position(state, seat))
    at = len(state.deck_bottom)
    while at and state.bottom_places.get(state.deck_bottom[at - 1], ()) > place:
        at -= 1
    state.deck_bottom = [*state.deck_bottom[:at], card, *state.deck_bottom[at:]]
    state.bottom_places = {**state.bottom_places, card: place}


def _deliver(state: State, seat: int, task: Task, drawn: list[str]) -> None:
    purpose = task.data["purpose"]
    previous, state.cause = state.cause, task.data.get("cause", ())
    note(state, "cards_drawn", seat, secret=True, cards=list(drawn), count=len(drawn))
    state.cause = previous
    if purpose == "legislation" and len(drawn) > 1:
        ask(state, seat, "legislation_keep", cards=tuple(drawn))
    else:
        state.players[seat].hand = [*state.players[seat].hand, *drawn]


@handler
class LegislationKeep(TaskHandler):
    kind = "legislation_keep"
    secret = True

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.legislation_keep")

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        return [
            Option(f"card:{c}", Text("option.keep", card=c), {"card": c})
            for c in task.data["cards"]
        ]

    def default(self, options: Sequence[Option]) -> str:
        return options[0].id

    def lone_answer_is_public(self, state: State, seat: int, task: Task) -> bool:
        return len(task.data["cards"]) <= 1  # how many were drawn is public, not which

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        kept = option.data["card"]
        state.players[seat].hand = [*state.players[seat].hand, kept]
        returned = [c for c in task.data["cards"] if c != kept]
        for card in returned:
            put_at_bottom(state, seat, card, tile=LEGISLATION)
        note(state, "card_kept", seat, secret=True, card=kept)
        note(state, "cards_to_bottom", seat, secret=True, cards=returned, count=len(returned))


@handler
class DiscardCard(TaskHandler):
    """The Thirty Tyrants: the seats with the fewest troops discard 2 cards of their choice."""

    kind = "discard_card"
    secret = True  # the discards go face down to the bottom of the deck

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.discard_card", remaining=task.data["remaining"])

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        hand = state.players[seat].hand
        if not hand:  # the draw before it found the deck empty: nothing to discard
            return [Option("done", Text("option.nothing_to_discard"), {})]
        return [
            Option(f"card:{c}", Text("option.discard", card=c), {"card": c})
            for c in dict.fromkeys(hand)
        ]

    def default(self, options: Sequence[Option]) -> str:
        return options[0].id

    def lone_answer_is_public(self, state: State, seat: int, task: Task) -> bool:
        return len(state.players[seat].hand) <= 1  # the hand size is public, the cards not

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        if option.id == "done":
            return
        player = state.players[seat]
        player.hand = without(player.hand, option.data["card"])
        note(state, "card_discarded", seat, secret=True, card=option.data["card"])
        if rulings.DISCARDS_TO_BOTTOM_OF_DECK:
            put_at_bottom(state, seat, option.data["card"])
        if task.data["remaining"] > 1 and player.hand:
            ask(state, seat, "discard_card", remaining=task.data["remaining"] - 1)
