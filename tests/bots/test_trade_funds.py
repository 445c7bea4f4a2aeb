"""`standard` pays for a card with the drachmas a Trade earlier in the same round brings (issue
51's end waste): the tiles resolve in order, so Trade's drachmas are in hand when Politics or
Development pays. Staged positions from seeded random games: the seat's hand, purse, tokens
and dice set for the case, Colossus of Rhodes (6 drachmas, one token of each colour, 10 VP)
the card it could buy."""

from __future__ import annotations

import random

from bots import standard_2026
from bots.standard import POLITICS, TRADE, best_dice_plan, choose, dice_plans, tile_value
from engine.khora.phases.round_start import ROUNDS
from tests.bots.test_standard_play import _first_position
from tests.engine.playout import game

COLOSSUS = "colossus-of-rhodes"
TOKENS = {"red_minor": 1, "blue_minor": 1, "green_minor": 1}


def _staged(state, seat, drachma: int):
    """A fresh copy (the engine caches what it asks a state) with Colossus alone in hand."""
    state = state.clone()
    player = state.players[seat]
    player.hand, player.drachma, player.philosophy = [COLOSSUS], drachma, 0
    player.tokens = dict(TOKENS)
    return state, player


def _last_round_first_die():
    state, seat, _prompt = _first_position(
        lambda state, seat, prompt: (
            state.round == ROUNDS
            and prompt.kind == "assign_die"
            and not state.players[seat].assignment
        ),
        players=2,
    )
    return state, seat


def test_trade_then_politics_is_planned_when_trade_pays_for_the_card():
    """Two drachmas: Colossus is out of reach, until Trade (economy 5: 6 drachmas) resolves
    before Politics. Valued apart, Politics was worth nothing and the plan was another."""
    state, seat = _last_round_first_die()
    state, player = _staged(state, seat, drachma=2)
    player.economy, player.dice, player.citizens = 5, [3, 5], 3
    prompt = game.pending(state)[seat]
    assert tile_value(state, seat, POLITICS) <= 0.5  # the card cannot be paid for yet
    assert set(best_dice_plan(state, seat)) == {TRADE, POLITICS}
    assert set(dice_plans(state, seat)[0][1]) == {TRADE, POLITICS}
    assert choose(state, seat, prompt) in {f"tile:{TRADE}", f"tile:{POLITICS}"}


def test_the_drachmas_trade_brings_are_the_engines_with_what_the_cards_in_play_add():
    """Diolkos adds a drachma to each Trade: economy 4 brings 5, Diolkos the sixth that pays
    for Colossus. A bound worked out apart from the engine (economy + 1) missed it."""
    state, seat = _last_round_first_die()
    state, player = _staged(state, seat, drachma=0)
    player.economy, player.dice, player.citizens = 4, [3, 5], 3
    player.played = [*player.played, "diolkos"]
    assert set(best_dice_plan(state, seat)) == {TRADE, POLITICS}
    player.played = [card for card in player.played if card != "diolkos"]
    assert POLITICS not in best_dice_plan(state, seat)  # five drachmas: Colossus out of reach


def test_trade_buys_no_token_with_the_drachmas_a_later_politics_needs():
    """In the last round a token is worth more than the drachmas it costs, unless they pay for
    Colossus in the Politics action still to come this round."""
    state, seat, _prompt = _first_position(
        lambda state, seat, prompt: (
            state.round == ROUNDS
            and prompt.kind == "buy_token"
            and POLITICS in state.players[seat].active_tiles
            and POLITICS not in state.players[seat].tiles_done
        ),
        players=2,
    )
    state, _player = _staged(state, seat, drachma=7)
    prompt = game.pending(state)[seat]
    assert prompt.kind == "buy_token" and len(prompt.options) > 1
    assert choose(state, seat, prompt) == "skip"
    # With the drachmas to spare for both, the token is bought.
    state, _player = _staged(state, seat, drachma=14)
    prompt = game.pending(state)[seat]
    assert choose(state, seat, prompt) != "skip"


def _first_extra_action():
    """The event comes last and only once Persepolis is explored, which random play seldom
    does: the first seat asked it in seeded games of today's reference bots."""
    for seed in range(40):
        chance = random.Random(seed)
        state = game.new_game(4)
        while not game.is_over(state):
            if game.needs_chance(state):
                state = game.apply(state, game.sample_chance(state, chance))
                continue
            seat, prompt = min(game.pending(state).items())
            if prompt.kind == "extra_action":
                return state, seat
            option = standard_2026.choose(state, seat, prompt)
            state = game.apply(state, game.decide(state, seat, prompt.id, option))
    raise AssertionError("no extra action in the seeded games")


def test_an_extra_action_is_judged_with_what_its_tile_then_brings():
    """Conquest of the Persians' extra tile only asks the tile's question (the card to play):
    judged by the worth right after the answer, Politics looked worth nothing."""
    state, seat = _first_extra_action()
    state, _player = _staged(state, seat, drachma=6)
    prompt = game.pending(state)[seat]
    values = {
        o.id: tile_value(state, seat, o.data["tile"]) for o in prompt.options if "tile" in o.data
    }
    assert max(values, key=values.__getitem__) == f"tile:{POLITICS}"
    assert choose(state, seat, prompt) == f"tile:{POLITICS}"
