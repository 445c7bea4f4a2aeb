"""Setup: cities, the politics draft, first developments and the first start player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core import InvalidEvent, Label, Option
from engine.khora.catalog import Text
from engine.khora.content.cities import CITIES
from engine.khora.flow import ChanceOutcome, chance_kind, step
from engine.khora.journal import note
from engine.khora.phases.development import unlock_development
from engine.khora.seat_tasks import TaskHandler, handler
from engine.khora.state import State, Step, Task, without

if TYPE_CHECKING:
    from random import Random

HAND_SIZE = 5


def setup_steps(state: State) -> list[Step]:
    steps: list[Step] = []
    if state.options.get("cities"):
        steps.append(("fixed_cities",))
    elif state.options.get("city_selection") == "choose":
        steps.extend(("choose_city", seat) for seat in range(state.num_players))
    else:
        steps.append(("random_cities",))
    steps.append(("deal",))
    for _ in range(HAND_SIZE - 1):
        steps += [("draft_pick",), ("draft_pass",)]
    steps += [("draft_end",), ("first_developments",), ("pick_start_player",), ("begin_round", 1)]
    return steps


# --- cities -----------------------------------------------------------------------------


@step("fixed_cities")
def fixed_cities(state: State) -> None:
    for player, city in zip(state.players, state.options["cities"], strict=True):
        player.city = city
        note(state, "city", player.seat, city=city)


@step("random_cities")
def random_cities(state: State) -> None:
    state.chance = {"kind": "cities"}


def _sample_cities(state: State, rng: Random) -> ChanceOutcome:
    return {"cities": rng.sample(sorted(CITIES), state.num_players)}


@chance_kind("cities", _sample_cities)
def apply_cities(state: State, outcome: ChanceOutcome) -> None:
    cities = outcome.get("cities")
    if (
        not isinstance(cities, list)
        or len(cities) != state.num_players
        or len(set(cities)) != len(cities)
        or any(city not in CITIES for city in cities)
    ):
        raise InvalidEvent("bad_chance", "Cities must be one distinct known city per seat.")
    for player, city in zip(state.players, cities, strict=True):
        player.city = city
        note(state, "city", player.seat, city=city)


@step("choose_city")
def choose_city(state: State, seat: int) -> None:
    state.players[seat].queue("choose_city")


@handler
class ChooseCity(TaskHandler):
    kind = "choose_city"
    changes_other_seats = True

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.choose_city")

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        taken = {p.city for p in state.players}
        return [
            Option(f"city:{city.id}", Text("option.city", city=city.id), {"city": city.id})
            for city in CITIES.values()
            if city.id not in taken
        ]

    def default(self, options: Sequence[Option]) -> str:
        return options[0].id

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        state.players[seat].city = option.data["city"]
        note(state, "city", seat, city=option.data["city"])


# --- politics draft ---------------------------------------------------------------------


@step("deal")
def deal(state: State) -> None:
    state.chance = {"kind": "deal"}


def _sample_deal(state: State, rng: Random) -> ChanceOutcome:
    cards = rng.sample(state.deck_unseen, HAND_SIZE * state.num_players)
    return {"hands": [cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(state.num_players)]}


@chance_kind("deal", _sample_deal)
def apply_deal(state: State, outcome: ChanceOutcome) -> None:
    hands = outcome.get("hands")
    if not isinstance(hands, list) or len(hands) != state.num_players:
        raise InvalidEvent("bad_chance", "A deal gives one hand per seat.")
    dealt = [card for hand in hands for card in hand]
    unseen = set(state.deck_unseen)
    if (
        any(not isinstance(hand, list) or len(hand) != HAND_SIZE for hand in hands)
        or len(set(dealt)) != len(dealt)
        or not unseen.issuperset(dealt)
    ):
        raise InvalidEvent("bad_chance", f"A deal gives {HAND_SIZE} distinct unseen cards a seat.")
    dealt_set = set(dealt)
    state.deck_unseen = [card for card in state.deck_unseen if card not in dealt_set]
    for player, hand in zip(state.players, hands, strict=True):
        player.draft_hand = list(hand)
        note(state, "cards_dealt", player.seat, secret=True, cards=list(hand), count=len(hand))


@step("draft_pick")
def draft_pick(state: State) -> None:
    for player in state.players:
        player.queue("draft_pick")


@handler
class DraftPick(TaskHandler):
    kind = "draft_pick"
    secret = True

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.draft_pick", remaining=len(state.players[seat].draft_hand))

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        return [_card_option(card) for card in state.players[seat].draft_hand]

    def default(self, options: Sequence[Option]) -> str:
        return options[0].id

    def lone_answer_is_public(self, state: State, seat: int, task: Task) -> bool:
        return len(state.players[seat].draft_hand) <= 1

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        player = state.players[seat]
        player.draft_hand = without(player.draft_hand, option.data["card"])
        player.draft_picks = [*player.draft_picks, option.data["card"]]
        note(state, "draft_picked", seat, secret=True, card=option.data["card"])


@step("draft_pass")
def draft_pass(state: State) -> None:
    hands = [player.draft_hand for player in state.players]
    for player in state.players:
        player.draft_hand = hands[(player.seat - 1) % state.num_players]
        received = list(player.draft_hand)
        note(state, "draft_received", player.seat, secret=True, cards=received, count=len(received))


@step("draft_end")
def draft_end(state: State) -> None:
    for player in state.players:
        player.hand = player.draft_picks + player.draft_hand
        note(state, "draft_done", player.seat, count=len(player.hand))
        player.draft_picks = []
        player.draft_hand = []


# --- first developments and start player -----------------------------------------------


@step("first_developments")
def first_developments(state: State) -> None:
    for player in state.players:
        unlock_development(state, player.seat)


@step("pick_start_player")
def pick_start_player(state: State) -> None:
    state.chance = {"kind": "start_player"}


def _sample_start_player(state: State, rng: Random) -> ChanceOutcome:
    return {"seat": rng.randrange(state.num_players)}


@chance_kind("start_player", _sample_start_player)
def apply_start_player(state: State, outcome: ChanceOutcome) -> None:
    seat = outcome.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < state.num_players:
        raise InvalidEvent("bad_chance", "The start player must be a seat number.")
    state.start_player = seat
    note(state, "start_player", seat)


def _card_option(card_id: str) -> Option:
    return Option(f"card:{card_id}", Text("option.card", card=card_id), {"card": card_id})
