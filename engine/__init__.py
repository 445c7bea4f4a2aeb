"""A pure-Python engine for turn-based board games, replayable from a log of events.

Public contract (other modules, bots and outside tests use these names)::

    game = engine.get_game("khora")
    state = game.new_game(num_players, options)
    while not game.is_over(state):
        if game.needs_chance(state):
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            seat, prompt = next(iter(game.pending(state).items()))
            state = game.apply(state, game.decide(state, seat, prompt.id, prompt.default))

The engine imports only the standard library: no clock, no I/O, no randomness of its own.
"""

from engine.contract import Game, RulesBook
from engine.core import (
    Event,
    IllegalDecision,
    InvalidEvent,
    LeftOut,
    Option,
    Prompt,
    game_types,
    get_game,
    register_game,
    replay,
)

__all__ = [
    "Event",
    "Game",
    "IllegalDecision",
    "InvalidEvent",
    "LeftOut",
    "Option",
    "Prompt",
    "RulesBook",
    "game_types",
    "get_game",
    "register_game",
    "replay",
]
