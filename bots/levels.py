"""The bot levels by name, and the one safe way to ask a bot for an answer."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from bots.budget import Answer, Budget
from bots.random_bot import RandomBot
from bots.standard import StandardBot
from bots.standard_2026 import Standard2026Bot
from bots.strong import StrongBot

if TYPE_CHECKING:
    from random import Random

    from bots.knowledge import SeatKnowledge
    from engine.core import Prompt


class Bot(Protocol):
    """A bot level: answers a prompt with one of its option ids (see bots/__init__.py)."""

    level: str
    # Thinks long enough (its budget) that the server asks it outside the game's lock and
    # writes its answer only if the game has not moved meanwhile (games/write/thinking.py).
    slow: bool

    def decide(
        self, knowledge: SeatKnowledge, prompt: Prompt, budget: Budget | float, rng: Random
    ) -> str: ...


@runtime_checkable
class Searcher(Protocol):
    """A bot that searches (`strong`): it also tells how many playouts an answer took."""

    def search(
        self, knowledge: SeatKnowledge, prompt: Prompt, budget: Budget | float, rng: Random
    ) -> Answer: ...


LEVELS: dict[str, Bot] = {"random": RandomBot(), "standard": StandardBot(), "strong": StrongBot()}
LEVEL_NAMES = list(LEVELS)  # the API's choice set (BotLevelEnum)
# Levels kept only to measure the others against (bench/tournament.py, tests/bots): frozen
# copies of an earlier level, never offered to players (not in LEVELS, so not in the API).
REFERENCE_LEVELS: dict[str, Bot] = {"standard_2026": Standard2026Bot()}
log = logging.getLogger(__name__)


def get(level: str) -> Bot:
    try:
        return LEVELS[level] if level in LEVELS else REFERENCE_LEVELS[level]
    except KeyError:
        raise KeyError(f"Unknown bot level {level!r}; levels: {', '.join(LEVELS)}.") from None


def is_slow(level: str) -> bool:
    """Does a bot of `level` think long (its budget) rather than answer at once?"""
    return get(level).slow


def decide(
    level: str, knowledge: SeatKnowledge, prompt: Prompt, budget: Budget | float, rng: Random
) -> str:
    """The bot's option id, always a legal one: a bot that fails falls back on the prompt's
    default, so a bug in a bot never stops a game."""
    return think(level, knowledge, prompt, budget, rng).option


def think(
    level: str, knowledge: SeatKnowledge, prompt: Prompt, budget: Budget | float, rng: Random
) -> Answer:
    """`decide`, with the playouts the answer took when the bot searches (for the log)."""
    bot = get(level)
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
