"""Every random choice the server makes: chance outcomes and bot moves, from the OS CSPRNG.

Nothing here is seeded, and outcomes are stored only as events in the log, so a seed or a deck
order can never be read back by anyone.
"""

import random

from django.conf import settings

import bots
import engine

_system_random = random.SystemRandom()


def sample(game, state) -> engine.Event:
    """The chance outcome the engine asks for now."""
    return game.sample_chance(state, _system_random)


def bot_answer(level: str, knowledge, prompt: engine.Prompt, game_type: str) -> bots.Answer:
    """A bot's answer at `level` (bots.levels_of(game_type)), from what its seat knows; always
    legal. A searching bot's answer says how many playouts it made (the log records them)."""
    budget = bots.Budget(
        playouts=settings.GAME_STRONG_BOT_PLAYOUTS, ceiling=settings.GAME_STRONG_BOT_SECONDS
    )
    return bots.think(level, knowledge, prompt, budget, _system_random, game_type)
