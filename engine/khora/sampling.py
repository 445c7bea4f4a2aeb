"""Sampling the hidden information: a full state a seat cannot tell from the real one.

A bot must not peek. It reasons over *determinizations*: states that agree with everything its
seat knows (its view, and the log as its seat saw it) and deal everything else at random. This
module is the only place a bot's code meets the real state, and it reads from it only what the
viewer may see, plus where the hidden cards are and how many (which the viewer sees too):

- **the cards the viewer cannot see** (the unseen politics deck, other seats' hands, draft hands
  and draft picks, the cards another seat drew for Legislation and has not kept yet, the cards
  other seats put under the deck) are pooled, sorted, shuffled with the caller's generator and
  dealt back into the same places in the same numbers;
- **sealed tile assignments** of other seats (before the reveal) are replaced by random legal
  assignments of the same length for their public dice;
- everything public, and everything the viewer holds or put somewhere itself, stays.

Since the pool is a set the viewer can compute (every card minus those it can locate), sorted
before shuffling, the sample depends only on what the viewer knows and on the generator: two
real states that differ only in other seats' secrets give the same sample for the same seed
(tests/engine/test_sampling.py). What the viewer remembers from cards that passed through its
hands in the draft and went on to a neighbour is not used (a weaker, still consistent belief).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.khora.phases.dice import _tile_options
from engine.khora.state import State, Task

if TYPE_CHECKING:
    from random import Random

# Where hidden cards lie: ("player", seat, field name), ("task", seat, agenda index) or
# ("deck_unseen",).
Place = tuple[Any, ...]


def returned_cards(seen_log: list[dict[str, Any]], viewer: int) -> frozenset[str]:
    """The cards the viewer put under the deck itself, from the log as it saw it (redacted
    events): those it did not keep of a Legislation draw, and its discards."""
    returned: set[str] = set()
    drawn: list[str] = []
    for entry in seen_log:
        if entry.get("seat") != viewer:
            continue
        data = entry.get("data") or {}
        kind = data.get("kind")
        if entry.get("type") == "chance" and kind == "draw":
            cards = data.get("cards")
            drawn = list(cards) if isinstance(cards, list) else []
        elif entry.get("type") == "decision":
            option = data.get("option")
            card = option[5:] if isinstance(option, str) and option.startswith("card:") else None
            if kind == "legislation_keep" and card:
                returned.update(c for c in drawn if c != card)
            elif kind == "discard_card" and card:
                returned.add(card)
    return frozenset(returned)


def _hidden_places(state: State, viewer: int) -> list[Place]:
    """Every place holding cards the viewer cannot see, in a fixed order."""
    places: list[Place] = []
    for player in state.players:
        if player.seat == viewer:
            continue
        for field in ("hand", "draft_hand", "draft_picks"):
            places.append(("player", player.seat, field))
        for index, task in enumerate(player.agenda):
            if task.kind == "legislation_keep":
                places.append(("task", player.seat, index))
    places.append(("deck_unseen",))
    return places


def _read(state: State, place: Place) -> list[str]:
    if place[0] == "player":
        return list(getattr(state.players[place[1]], place[2]))
    if place[0] == "task":
        return list(state.players[place[1]].agenda[place[2]].data["cards"])
    return list(state.deck_unseen)


def _write(state: State, place: Place, cards: list[str]) -> None:
    if place[0] == "player":
        setattr(state.players[place[1]], place[2], cards)
    elif place[0] == "task":
        agenda = state.players[place[1]].agenda
        task = agenda[place[2]]
        # A task is never changed in place: same id (the prompt id is public), new data.
        agenda[place[2]] = Task(task.id, task.kind, {**task.data, "cards": tuple(cards)})
    else:
        state.deck_unseen = sorted(cards)  # the unseen deck has no order (docs/engine.md)


def sample(state: State, viewer: int, seen_log: list[dict[str, Any]], rng: Random) -> State:
    """A new state that `viewer` cannot tell from `state`, its hidden parts dealt with `rng`.

    `seen_log`: the game's events as the viewer saw them (`game.redact(event, viewer)`), which
    tell which cards under the deck the viewer put there itself (`returned_cards`). `state`
    is left untouched.
    """
    new = state.clone()
    known = returned_cards(seen_log, viewer)
    places = _hidden_places(new, viewer)
    sizes = [len(_read(new, place)) for place in places]
    # Cards under the deck that the viewer did not put there: their places are public, their
    # names not. The viewer's own stay where it put them.
    bottom = list(new.deck_bottom)
    hidden_bottom = [i for i, card in enumerate(bottom) if card not in known]
    pool = sorted(
        [card for place in places for card in _read(new, place)]
        + [bottom[i] for i in hidden_bottom]
    )
    rng.shuffle(pool)
    at = 0
    for place, size in zip(places, sizes, strict=True):
        _write(new, place, pool[at : at + size])
        at += size
    if hidden_bottom:
        for i in hidden_bottom:
            bottom[i] = pool[at]
            at += 1
        # Each dealt card takes the place in the rulebook's order of the card it replaces.
        new.bottom_places = {
            card: state.bottom_places[state.deck_bottom[i]] for i, card in enumerate(bottom)
        }
        new.deck_bottom = bottom
    if not new.assignments_revealed:
        for player in new.players:
            if player.seat != viewer and player.assignment:
                player.assignment = _random_assignment(player.dice, len(player.assignment), rng)
    new.cache = {}
    return new


def _random_assignment(dice: list[int], count: int, rng: Random) -> list[int]:
    assigned: list[int] = []
    for die in range(count):
        options = _tile_options(dice[die], tuple(assigned))
        assigned.append(options[rng.randrange(len(options))].data["tile"])
    return assigned


def card_places(state: State) -> list[str]:
    """Every card the state holds anywhere, sorted: a sample must hold the same ones."""
    cards = [*state.deck_unseen, *state.deck_bottom]
    for player in state.players:
        cards += [*player.hand, *player.played, *player.draft_hand, *player.draft_picks]
        for task in player.agenda:
            if task.kind == "legislation_keep":
                cards += task.data["cards"]
    return sorted(cards)
