"""Who is asked, and when, never tells a secret (non-interference over whole games).

Two games differ only in one seat's hidden hand: in one it holds cards it can play at once,
in the other cards it cannot afford. That seat makes the same public moves in both (it never
plays a card) and everyone else the same decisions, with the same chance outcomes. At every
step the other seats must see the same prompts, the same seats pending, the same views and
the same log entries: if the engine answered a one-answer question for the seat only when its
hand had nothing playable, the others would learn that (issue 9; rules-notes, "Questions with
one answer").
"""

from __future__ import annotations

import random

import pytest

from engine.core import Event
from engine.khora.content.cards import CARDS
from tests.engine.playout import game

PLAYABLE = ["council", "gifts-from-the-west", "rivalry", "corinthian-columns"]
UNAFFORDABLE = ["gold-reserve", "colossus-of-rhodes", "austerity", "diversification"]


def _deal(num_players: int, rng: random.Random) -> Event:
    """Deal hands from every card but the eight the two versions of the hand use."""
    cards = sorted(set(CARDS) - set(PLAYABLE) - set(UNAFFORDABLE))
    dealt = rng.sample(cards, 5 * num_players)
    return Event(
        "chance", {"kind": "deal", "hands": [dealt[i * 5 : i * 5 + 5] for i in range(num_players)]}
    )


def _with_hand(state, seat: int, hand: list[str], other: list[str]):
    """A copy where `seat` holds `hand`; its drafted cards and `other` go to the unseen deck."""
    state = state.clone()
    player = state.players[seat]
    state.deck_unseen = sorted((set(state.deck_unseen) | set(player.hand) | set(other)) - set(hand))
    player.hand = list(hand)
    return state


def _choose(prompt, rng: random.Random, secret_holder: bool) -> str:
    ids = [option.id for option in prompt.options]
    if secret_holder and prompt.kind == "play_politics":
        return "skip"  # the same public move whatever the hand holds
    if prompt.kind == "play_politics":
        playable = [i for i in ids if i != "skip"]
        return rng.choice(playable) if playable and rng.random() < 0.7 else "skip"
    return rng.choice(ids)


def _same_for_everyone_else(first, second, secret_holder, events) -> None:
    pending_first, pending_second = game.pending(first), game.pending(second)
    assert sorted(pending_first) == sorted(pending_second)
    for viewer in (None, *range(first.num_players)):
        if viewer == secret_holder:
            continue
        if viewer is not None:
            assert pending_first.get(viewer) == pending_second.get(viewer)
        assert game.view(first, viewer) == game.view(second, viewer)
        if events:
            assert game.redact(events[0], viewer) == game.redact(events[1], viewer)


@pytest.mark.parametrize(("num_players", "seed"), [(2, 1), (3, 2), (4, 3), (3, 4)])
def test_one_seats_hidden_hand_changes_nothing_the_others_see(num_players, seed):
    rng = random.Random(seed)
    holder = seed % num_players
    state = game.new_game(
        num_players, {"cities": ["argos", "sparta", "thebes", "miletus"][:num_players]}
    )
    state = game.apply(state, _deal(num_players, rng))
    while state.round == 0:  # the draft, then the start player
        if game.needs_chance(state):
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            seat, prompt = sorted(game.pending(state).items())[0]
            state = game.apply(state, game.decide(state, seat, prompt.id, prompt.options[0].id))
    first = _with_hand(state, holder, PLAYABLE, UNAFFORDABLE)
    second = _with_hand(state, holder, UNAFFORDABLE, PLAYABLE)

    asked_with_nothing_playable = steps = 0
    events = None
    while not game.is_over(first):
        _same_for_everyone_else(first, second, holder, events)
        steps += 1
        assert game.needs_chance(first) == game.needs_chance(second)
        if game.needs_chance(first):
            event = game.sample_chance(first, rng)
            if event.data["kind"] == "draw":
                shared = sorted(set(first.deck_unseen) & set(second.deck_unseen))
                count = len(event.data["cards"])
                if len(shared) < count or len(first.deck_unseen) < event.data.get("count", 2):
                    break  # from here a draw would reach cards that differ between the two
                event = Event(
                    "chance", {**event.data, "cards": rng.sample(shared, count)}, seat=event.seat
                )
            events = (event, event)
        else:
            pending_first, pending_second = game.pending(first), game.pending(second)
            seat = rng.choice(sorted(pending_first))
            option = _choose(pending_first[seat], rng, seat == holder)
            second_option = option
            if seat == holder and pending_second[seat].option(option) is None:
                second_option = pending_second[seat].options[0].id  # a secret pick (a discard)
            if seat == holder and pending_second[seat].kind == "play_politics":
                asked_with_nothing_playable += len(pending_second[seat].options) == 1
            events = (
                game.decide(first, seat, pending_first[seat].id, option),
                game.decide(second, seat, pending_second[seat].id, second_option),
            )
        first = game.apply(first, events[0])
        second = game.apply(second, events[1])
    print(f"\n{num_players} players: {steps} steps compared, to round {first.round}")
    assert first.round >= 4
    assert asked_with_nothing_playable, "the case this test is about never came up"
