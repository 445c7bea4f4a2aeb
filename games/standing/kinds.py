"""What each kind of standing answer accepts and how it fits a prompt (docs/standing-answers.md).

Pure: a rule's params and an engine prompt in, an answer, a cancellation or nothing out.
A rule that does not fit never answers something else in its place ("never do X then pass
when X failed"): the prompt stays the player's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from common.errors import DomainError
from engine.khora.content.cards import CARDS
from engine.khora.content.rulings import PROGRESS_MAX
from engine.khora.content.tracks import PROGRESS_TRACKS

MAX_PRICE = 20
# Prompts whose options every seat can work out (public resources, played cards): answered in
# the write that asks them. A secret prompt's rule waits for the step's deadline, since an
# answer at once would tell the others that the rule fitted (the card it names was drawn).
OPEN_KINDS = ("progress", "event_progress", "explore", "achievement_reward")
SEALED_KINDS = ("legislation_keep",)
# The prompt kind each rule kind answers (an `ahead` answer names its own).
PROMPT_KIND = {
    "progress": "progress",
    "explore": "explore",
    "achievement": "achievement_reward",
    "keep_card": "legislation_keep",
}
KINDS = (*PROMPT_KIND, "ahead")


@dataclass(frozen=True)
class Answer:
    option: str


@dataclass(frozen=True)
class Cancelled:
    reason: str


def invalid(message: str) -> DomainError:
    # 422: the body fits the schema (400 invalid_input is for one that does not); its values
    # do not make a rule.
    return DomainError("invalid_standing_answer", message, 422)


def clean(kind: str, params: Any) -> dict[str, Any]:
    """The rule's params, checked; raises `invalid_standing_answer` on anything else."""
    if kind not in KINDS:
        raise invalid(f"kind must be one of {', '.join(KINDS)}.")
    if not isinstance(params, dict):
        raise invalid("params must be an object.")
    expected = {
        "progress": {"track", "max_price"},
        "explore": set(),
        "achievement": {"reward"},
        "keep_card": {"card"},
        "ahead": {"prompt_kind", "option"},
    }[kind]
    if set(params) != expected:
        raise invalid(f"params of {kind} are exactly: {', '.join(sorted(expected)) or 'none'}.")
    if kind == "progress":
        price = params["max_price"]
        if params["track"] not in PROGRESS_TRACKS:
            raise invalid(f"track must be one of {', '.join(PROGRESS_TRACKS)}.")
        if not isinstance(price, int) or isinstance(price, bool) or not 0 <= price <= MAX_PRICE:
            raise invalid(f"max_price must be a whole number from 0 to {MAX_PRICE}.")
    if kind == "achievement" and params["reward"] not in ("tax", "glory"):
        raise invalid("reward must be tax or glory.")
    if kind == "keep_card" and params["card"] not in CARDS:
        raise invalid("card must name a politics card.")
    if kind == "ahead":
        option = params["option"]
        if params["prompt_kind"] not in OPEN_KINDS:
            raise invalid(f"prompt_kind must be one of {', '.join(OPEN_KINDS)}.")
        if not isinstance(option, str) or not 0 < len(option) <= 64:
            raise invalid("option must be an option id (at most 64 characters).")
    return dict(params)


def prompt_kind(kind: str, params: dict[str, Any]) -> str:
    return params["prompt_kind"] if kind == "ahead" else PROMPT_KIND[kind]


def sealed(kind: str, params: dict[str, Any]) -> bool:
    """Is the rule taken only at the step's deadline (a secret prompt)?"""
    return prompt_kind(kind, params) in SEALED_KINDS


def fit(kind: str, params: dict[str, Any], prompt, track_level: int | None = None):
    """The rule against `prompt` (of its kind): Answer, Cancelled or None (not this time).
    `track_level`: for `progress`, the seat's level on its track now."""
    offered = {option.id: option for option in prompt.options}
    if kind == "progress":
        if track_level is not None and track_level >= PROGRESS_MAX:
            return Cancelled("track_at_top")
        option = offered.get(f"advance:{params['track']}")
        if option is not None and -option.data.get("drachma", 0) <= params["max_price"]:
            return Answer(option.id)
        return None
    if kind == "explore":
        return Answer(prompt.default)  # the best space costing no troops, else skip
    if kind == "achievement":
        return Answer(params["reward"]) if params["reward"] in offered else None
    if kind == "keep_card":
        option_id = f"card:{params['card']}"
        return Answer(option_id) if option_id in offered else None
    if kind == "ahead":
        option_id = params["option"]
        return Answer(option_id) if option_id in offered else Cancelled("option_missing")
    return None
