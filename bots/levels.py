"""The bot levels by name, and the one safe way to ask a bot for an answer."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from bots import khlor
from bots.budget import Answer, Budget
from bots.knowledge import SeatKnowledge
from bots.random_bot import RandomBot
from bots.round_plan import StandardBot
from bots.standard_2026 import Standard2026Bot
from bots.strong import StrongBot

if TYPE_CHECKING:
    from random import Random

    from engine.core import Prompt

# What a bot is told of its seat: each game's own knowledge (SeatKnowledge for Khôra).
Knowledge = TypeVar("Knowledge", contravariant=True)


class Bot(Protocol[Knowledge]):
    """A bot level: answers a prompt with one of its option ids (see bots/__init__.py)."""

    level: str
    # Thinks long enough (its budget) that the server asks it outside the game's lock and
    # writes its answer only if the game has not moved meanwhile (games/write/thinking.py).
    slow: bool

    def decide(
        self, knowledge: Knowledge, prompt: Prompt, budget: Budget | float, rng: Random
    ) -> str: ...


@runtime_checkable
class Searcher(Protocol):
    """A bot that searches (`strong`): it also tells how many playouts an answer took."""

    def search(
        self, knowledge: SeatKnowledge, prompt: Prompt, budget: Budget | float, rng: Random
    ) -> Answer: ...


LEVELS: dict[str, Bot[SeatKnowledge]] = {
    "random": RandomBot(),
    "standard": StandardBot(),
    "strong": StrongBot(),
}
LEVEL_NAMES = list(LEVELS)  # the API's choice set (BotLevelEnum)
# Levels kept only to measure the others against (bench/tournament.py, tests/bots): frozen
# copies of an earlier level, never offered to players (not in LEVELS, so not in the API).
REFERENCE_LEVELS: dict[str, Bot[SeatKnowledge]] = {"standard_2026": Standard2026Bot()}
# The levels each game offers, by game type (engine.get_game's names), weakest first, and how
# a bot of that game learns what its seat knows: (state, seat, the seat's log as it saw it).
GAME_LEVELS: dict[str, Mapping[str, Bot[Any]]] = {
    "khora": LEVELS,
    "khlor": {level: khlor.ServedKhlorBot(bot) for level, bot in khlor.LEVELS.items()},
}
KNOWLEDGE: dict[str, Callable[[Any, int, Any], Any]] = {
    "khora": SeatKnowledge,
    "khlor": lambda state, seat, seen_log: khlor.KhlorKnowledge(state, seat),
}
log = logging.getLogger(__name__)


def levels_of(game_type: str = "khora") -> Mapping[str, Bot[Any]]:
    """The levels offered for `game_type`, in the order they are offered (weakest first)."""
    try:
        return GAME_LEVELS[game_type]
    except KeyError:
        raise KeyError(f"No bots play {game_type!r}; games: {', '.join(GAME_LEVELS)}.") from None


def playable(level: str, game_type: str) -> str:
    """`level` if `game_type` offers it, else the game's strongest fast level: a level set for
    every game (the ladder's, GAME_LADDER_BOT_LEVEL) may be one a game has no bot of."""
    offered = levels_of(game_type)
    if level in offered:
        return level
    return [name for name, bot in offered.items() if not bot.slow][-1]


def knowledge(game_type: str, state: Any, seat: int, seen_log: Any) -> Any:
    """What a bot of `game_type` is told of seat `seat` in `state` (`seen_log`: the seat's
    log as it saw it, or a function returning it; read only by games that hide things)."""
    return KNOWLEDGE[game_type](state, seat, seen_log)


def get(level: str, game_type: str = "khora") -> Bot[Any]:
    offered = levels_of(game_type)
    if level in offered:
        return offered[level]
    if game_type == "khora" and level in REFERENCE_LEVELS:
        return REFERENCE_LEVELS[level]
    raise KeyError(f"Unknown bot level {level!r}; levels: {', '.join(offered)}.")


def is_slow(level: str, game_type: str = "khora") -> bool:
    """Does a bot of `level` think long (its budget) rather than answer at once?"""
    return get(level, game_type).slow


def decide(
    level: str,
    knowledge: Any,
    prompt: Prompt,
    budget: Budget | float,
    rng: Random,
    game_type: str = "khora",
) -> str:
    """The bot's option id, always a legal one: a bot that fails falls back on the prompt's
    default, so a bug in a bot never stops a game."""
    return think(level, knowledge, prompt, budget, rng, game_type).option


def think(
    level: str,
    knowledge: Any,
    prompt: Prompt,
    budget: Budget | float,
    rng: Random,
    game_type: str = "khora",
) -> Answer:
    """`decide`, with the playouts the answer took when the bot searches (for the log)."""
    bot = get(level, game_type)
    try:
        if isinstance(bot, Searcher):
            answer = bot.search(knowledge, prompt, budget, rng)
        else:
            answer = Answer(bot.decide(knowledge, prompt, budget, rng))
    except Exception:  # a bot's bug must not stop the game: log it, play the safe default
        log.exception("bot %s failed on prompt %s", level, prompt.id)
        return Answer(prompt.default)
    if prompt.option(answer.option) is None:
        log.error("bot %s chose %r, not an option of %s", level, answer.option, prompt.id)
        return Answer(prompt.default)
    return answer
