"""What the `standard` bot values: a card it can play now rather than hoarded, the token a card
in its hand lacks, the development within reach (bots.worth)."""

from __future__ import annotations

import random

from bots.standard import choose
from bots.worth import worth
from engine.khora.content.cards import CARDS
from engine.simulate import random_event
from tests.engine.playout import game


def _first_position(wanted, seeds=range(40), players=4):
    """The first (state, seat, prompt) of seeded random games where `wanted` holds."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(players)
        while not game.is_over(state):
            for seat, prompt in game.pending(state).items():
                if wanted(state, seat, prompt):
                    return state, seat, prompt
            state = game.apply(state, random_event(game, state, rng))
    raise AssertionError("no such position in the seeded games")


def _ongoing_card_playable_early(state, seat, prompt):
    return (
        prompt.kind == "play_politics"
        and state.round <= 3
        and any(CARDS[o.data["card"]].kind == "ongoing" for o in prompt.options if "card" in o.data)
    )


def test_an_affordable_ongoing_card_is_played_early_rather_than_kept():
    # Kept in hand it scores nothing at the end; in play it works every round left.
    state, seat, prompt = _first_position(_ongoing_card_playable_early)
    assert choose(state, seat, prompt) != "skip"


def test_a_token_is_worth_more_when_a_card_in_hand_lacks_it():
    state, seat, _prompt = _first_position(
        lambda state, seat, prompt: state.round == 2 and state.players[seat].city is not None
    )
    player = state.players[seat]
    player.hand = ["greek-fire"]  # needs one blue token
    assert CARDS["greek-fire"].needs == (0, 1, 0)
    player.tokens = {}
    player.philosophy = 0
    with_blue, with_red = state.clone(), state.clone()
    with_blue.players[seat].tokens = {"blue_minor": 1}
    with_red.players[seat].tokens = {"red_minor": 1}
    # Either token is a token; only the blue one makes the card playable.
    assert worth(with_blue, seat) > worth(with_red, seat) > worth(state, seat)


def test_the_standard_bot_develops_and_plays_cards_over_a_game():
    """Four `standard` bots over a few seeded games: cards reach play and developments are
    unlocked (a bot that hoarded its hand and never bought a token did neither)."""
    played = unlocked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_game(4)
        while not game.is_over(state):
            if game.needs_chance(state):
                event = game.sample_chance(state, rng)
            else:
                seat, prompt = min(game.pending(state).items())
                event = game.decide(state, seat, prompt.id, choose(state, seat, prompt))
            state = game.apply(state, event)
        played += sum(len(player.played) for player in state.players)
        unlocked += sum(player.development - 1 for player in state.players)
    assert played >= 16, played  # at least one card a seat a game on average
    assert unlocked >= 4, unlocked
