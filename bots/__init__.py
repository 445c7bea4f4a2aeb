"""Bots that play a seat of Khôra: one interface, three levels.

    bot = bots.get("standard")
    option_id = bot.decide(knowledge, prompt, budget, rng)

`knowledge` (`SeatKnowledge`) is what the seat may know: its view, the log as it saw it, and
samples of the hidden information drawn by the engine's sampler (engine.khora.sampling), the
only way a bot meets another seat's secrets. `budget` (a `Budget`: playouts or CPU seconds, a
floor and a wall-clock ceiling; a bare number is a wall-clock budget) is how long the bot may
think (only `strong` uses it); `rng` is the caller's generator, so a seeded caller gets seeded
bots. `bots.think(...)` answers as `decide` does, with the playouts behind the answer.

Levels: `random` (any legal option), `standard` (a fast heuristic player), `strong`
(determinized Monte Carlo search with `standard` playing out the samples). `is_slow(level)`:
whether a level thinks for its budget (`strong`), so the server asks it outside the game's
lock. Pure Python, standard library only, like the engine; the clocks are read only by
`strong`, for its budget.
"""

from __future__ import annotations

from bots.budget import Answer, Budget
from bots.knowledge import SeatKnowledge
from bots.levels import (
    LEVEL_NAMES,
    LEVELS,
    decide,
    get,
    is_slow,
    knowledge,
    levels_of,
    playable,
    think,
)

__all__ = [
    "LEVELS",
    "LEVEL_NAMES",
    "Answer",
    "Budget",
    "SeatKnowledge",
    "decide",
    "get",
    "is_slow",
    "knowledge",
    "levels_of",
    "playable",
    "think",
]
