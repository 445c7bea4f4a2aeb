"""A refused act, the one way games says no to a decision, and its words.

The engine refuses a decision with `engine.IllegalDecision`; the services wrap it
(`engine_refusals`) into `DecisionRefused`, a domain error like any other, so nothing outside
games knows the engine's exception. The API renders its `code` and status as problem+json; the
web pages and the answers to emails say it in the reader's language with `refusal_words`, the
one table from a refusal's code to words.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.utils.translation import gettext as _

import engine
from common.errors import DomainError

# HTTP status for each refusal code of the engine.
ENGINE_CODE_STATUS = {
    # 422: the request matches the schema but the rules refuse it (400 is for requests that do
    # not match the schema).
    "invalid_setup": 422,
    "illegal_option": 422,
    "stale_prompt": 409,
    "not_your_turn": 409,
    "game_over": 409,
    "waiting_for_chance": 409,
    "nothing_to_revise": 409,
}


def engine_code_status(code: str) -> int:
    return ENGINE_CODE_STATUS.get(code, 409)


class DecisionRefused(DomainError):
    """The rules refused an act (a decision, a revision, a setup): the engine's code, message
    and details (`legal_options`, `current_prompt`)."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None):
        super().__init__(code, message, engine_code_status(code), details)

    @classmethod
    def of(cls, refusal: engine.IllegalDecision) -> DecisionRefused:
        return cls(refusal.code, refusal.message, dict(refusal.details))


@contextmanager
def engine_refusals() -> Iterator[None]:
    """Inside: the engine's refusal leaves as DecisionRefused (the cause kept for the log)."""
    try:
        yield
    except engine.InvalidEvent:
        raise  # a log the engine cannot replay is corruption, not a refusal: a 500
    except engine.IllegalDecision as refusal:
        raise DecisionRefused.of(refusal) from refusal


def refusal_words(code: str, message: str = "") -> str:
    """Why an act was refused, in the active language; a refusal without words of its own
    keeps the server's message (in English: the API's words)."""
    words = {
        "stale_prompt": _("That question has moved on."),
        "not_your_turn": _("Nothing waits for you at the moment."),
        "game_over": _("The game is over; there is nothing left to decide."),
        "illegal_option": _("That choice is not one of the options."),
        "nothing_to_revise": _(
            "There is no sealed choice to change: everyone has chosen, or you have not yet."
        ),
        "not_seated": _("Only the players seated in this game can do that."),
        "game_full": _("Every seat of this game is taken."),
        "already_seated": _("You already have a seat in this game."),
        "not_in_lobby": _("The game has started; seats change only before the start."),
        "not_creator": _("Only the game's creator can start it."),
    }
    return words.get(code) or message
