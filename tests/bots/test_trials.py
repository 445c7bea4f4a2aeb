"""The bots try a seat's moves on a copy of the state that shares the other players
(bots.standard.seat_trial): a move of the seat's own must change no other player, and must
be worth what it is worth on a full copy. Checked for every option, action tile and card in
hand over seeded games of `standard` bots, random games' odd positions too."""

from __future__ import annotations

import copy
import random

import pytest

from bots.standard import choose, seat_trial
from bots.worth import worth
from engine.khora.phases.actions import start_action
from engine.khora.phases.politics import play_card
from engine.khora.seat_tasks import resolve_head
from engine.simulate import random_event
from tests.engine.playout import game


def _positions(seed: int, players: int, bots: bool):
    rng = random.Random(seed)
    state = game.new_game(players)
    while not game.is_over(state):
        if game.needs_chance(state):
            event = game.sample_chance(state, rng)
        else:
            for seat, prompt in game.pending(state).items():
                yield state, seat, prompt
            if bots:
                seat, prompt = min(game.pending(state).items())
                event = game.decide(state, seat, prompt.id, choose(state, seat, prompt))
            else:
                event = random_event(game, state, rng)
        state = game.apply(state, event)


def _tried(state, seat, move):
    """The seat's worth after `move` on a full copy and on a seat's trial (None: the move
    needs the game run on), having checked that the trial left every player of `state` as
    it was."""
    before = copy.deepcopy(state.players)
    full, trial = state.clone(), seat_trial(state, seat)
    try:
        move(full, seat)
    except Exception:
        full = None
    try:
        move(trial, seat)
    except Exception:
        trial = None
    assert state.players == before
    assert (full is None) == (trial is None)
    if full is None:
        return None
    assert [p for n, p in enumerate(trial.players) if n != seat] == [
        p for n, p in enumerate(full.players) if n != seat
    ]
    assert worth(trial, seat) == worth(full, seat)
    return worth(trial, seat)


@pytest.mark.parametrize(("seed", "players", "bots"), [(1, 4, True), (3, 3, False)])
def test_a_seat_s_move_on_its_trial_changes_no_other_player(seed, players, bots):
    tried = 0
    for state, seat, prompt in _positions(seed, players, bots):
        for option in prompt.options:
            tried += _tried(state, seat, lambda s, n, o=option: resolve_head(s, n, o)) is not None
        if prompt.kind == "assign_die":
            for tile in range(7):
                _tried(state, seat, lambda s, n, t=tile: _take(s, n, t))
        for card_id in dict.fromkeys(state.players[seat].hand):
            _tried(state, seat, lambda s, n, c=card_id: play_card(s, n, c))
    assert tried > 300


def _take(state, seat, tile):
    """An action tile as `standard` weighs it (bots.standard.tile_value)."""
    state.players[seat].agenda = []
    start_action(state, seat, tile)
