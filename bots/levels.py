"""The bot levels by name, and the one safe way to ask a bot for an answer."""

from __future__ import annotations

import logging

from bots.random_bot import RandomBot
from bots.standard import StandardBot
from bots.strong import StrongBot

LEVELS = {"random": RandomBot(), "standard": StandardBot(), "strong": StrongBot()}
LEVEL_NAMES = list(LEVELS)  # the API's choice set (BotLevelEnum)
log = logging.getLogger(__name__)


def get(level: str):
    try:
        return LEVELS[level]
    except KeyError:
        raise KeyError(f"Unknown bot level {level!r}; levels: {', '.join(LEVELS)}.") from None


def decide(level: str, knowledge, prompt, budget: float, rng) -> str:
    """The bot's option id, always a legal one: a bot that fails falls back on the prompt's
    default, so a bug in a bot never stops a game."""
    try:
        choice = get(level).decide(knowledge, prompt, budget, rng)
    except Exception:  # a bot's bug must not stop the game: log it, play the safe default
        log.exception("bot %s failed on prompt %s", level, prompt.id)
        return prompt.default
    if prompt.option(choice) is None:
        log.error("bot %s chose %r, not an option of %s", level, choice, prompt.id)
        return prompt.default
    return choice
