"""Random play for tests: seeded games that pick random options from the prompts."""

from __future__ import annotations

import random

import engine
from engine.khora.content.exploration import SPACES, TOKENS_ON_BOARD
from engine.khora.state import State
from engine.simulate import play_random_game

game = engine.get_game("khora")


def play_random(num_players: int, seed: int, options=None, check=None):
    """Play a whole seeded game; returns (final state, events). `check(state)` runs after each."""
    on_event = (lambda state, _event: check(state)) if check else None
    return play_random_game(game, num_players, random.Random(seed), options, on_event)


def card_locations(state: State) -> list[str]:
    cards = [*state.deck_unseen, *state.deck_bottom]
    for player in state.players:
        cards += player.hand + player.played + player.draft_hand + player.draft_picks
        for task in player.agenda:
            if task.kind == "legislation_keep":
                cards += list(task.data["cards"])
    return cards


def check_invariants(state: State) -> None:
    for p in state.players:
        if state.phase != "actions":
            assert p.citizens <= 15 and p.troops <= 15, (state.phase, p)
        assert 0 <= p.tax <= 10 and 0 <= p.glory <= 10
        for track in (p.economy, p.culture, p.military):
            assert 1 <= track <= 7
        assert min(p.drachma, p.philosophy, p.vp, p.citizens, p.troops) >= 0, p
        assert all(count >= 0 for count in p.tokens.values()), p.tokens
        assert 1 <= p.development <= 4 or state.phase == "setup"
        assert p.dice_count == (3 if p.culture >= 4 else 2)
    on_board = sum(len(SPACES[s].given) for s in state.exploration)
    owned = sum(p.token_count() for p in state.players)
    assert on_board + owned == TOKENS_ON_BOARD + state.tokens_from_reserve
    cards = card_locations(state)
    assert len(cards) == 40 and len(set(cards)) == 40, sorted(cards)
    assert 0 <= state.round <= 9
