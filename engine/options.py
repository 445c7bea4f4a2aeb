"""A game's setup, declared once: how many seats, and each option with its type, values,
default and words in every language the server speaks.

The engine's own check (`check_setup`), the API's request body and its schema
(games.api.setup) and the web's new-game form (web.setup_fields) are all derived from it,
as OpenSpiel derives a game's parameters from one specification. Pure data, standard
library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import IllegalDecision

# What kinds of option a game may declare:
CHOICE = "choice"  # one value of `choices`
SEAT_CHOICES = "seat_choices"  # a list of distinct values of `choices`, one per seat, in order
INTEGER = "integer"  # a whole number from `minimum` to `maximum`
BOOLEAN = "boolean"
KINDS = (CHOICE, SEAT_CHOICES, INTEGER, BOOLEAN)


@dataclass(frozen=True)
class Words:
    """A text in each language the engine renders (English and Ukrainian)."""

    en: str
    uk: str

    def render(self, lang: str) -> str:
        return self.uk if lang == "uk" else self.en

    def __str__(self) -> str:
        return self.en


@dataclass(frozen=True)
class Value:
    """One value of a choice, with its words for people."""

    id: str
    label: Words


@dataclass(frozen=True)
class SetupOption:
    """One setup option. `help` says what it does (the API's description, the form's help);
    `noun` names one value in messages ("city"); `form`: offered on the web's new-game form
    (an option for programs only, like fixed cities, is left to the API)."""

    name: str
    kind: str
    label: Words
    help: Words
    default: Any = None
    choices: tuple[Value, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    noun: str = "value"
    form: bool = True

    def __post_init__(self) -> None:
        assert self.kind in KINDS, f"unknown option kind {self.kind!r}"
        assert self.kind not in (CHOICE, SEAT_CHOICES) or self.choices, "a choice needs values"

    @property
    def values(self) -> list[str]:
        return [value.id for value in self.choices]


@dataclass(frozen=True)
class Setup:
    """A game's seats and options: everything a new game of it may be given."""

    title: str  # the game's name in messages, e.g. "Khôra"
    min_players: int
    max_players: int
    options: tuple[SetupOption, ...] = field(default=())

    @property
    def seat_counts(self) -> list[int]:
        return list(range(self.min_players, self.max_players + 1))

    def option(self, name: str) -> SetupOption | None:
        return next((option for option in self.options if option.name == name), None)

    def defaults(self) -> dict[str, Any]:
        """The options a game gets when none are given (options without a default left out)."""
        return {o.name: o.default for o in self.options if o.default is not None}


def _either(values: list[Any]) -> str:
    quoted = [repr(value) for value in values]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def _refuse(message: str) -> IllegalDecision:
    return IllegalDecision("invalid_setup", message)


def check_setup(setup: Setup, num_players: Any, options: Any) -> dict[str, Any]:
    """The options as given, refused (`invalid_setup`, saying what is accepted) unless the
    setup allows them with `num_players` seats. Absent options keep their defaults, which
    the game reads itself: the options stored are the ones asked for."""
    if (
        not isinstance(num_players, int)
        or isinstance(num_players, bool)
        or num_players not in setup.seat_counts
    ):
        counts = [str(count) for count in setup.seat_counts]
        told = counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"
        raise _refuse(f"{setup.title} is played by {told} players.")
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise _refuse("Options must be an object of named options.")
    known = sorted(option.name for option in setup.options)
    unknown = set(options) - set(known)
    if unknown:
        raise _refuse(f"Unknown options {sorted(unknown)}; known options: {known}.")
    for name, value in options.items():
        option = setup.option(name)
        assert option is not None
        if value is None and option.default is None:
            continue  # an option without a default may be given as null: absent
        _check_value(option, num_players, value)
    return dict(options)


def _check_value(option: SetupOption, num_players: int, value: Any) -> None:
    if option.kind == CHOICE:
        if not isinstance(value, str) or value not in option.values:
            raise _refuse(f"{option.name} must be {_either(option.values)}.")
    elif option.kind == SEAT_CHOICES:
        if (
            not isinstance(value, list)
            or not all(isinstance(item, str) for item in value)
            or len(value) != num_players
            or len(set(value)) != num_players
            or any(item not in option.values for item in value)
        ):
            raise _refuse(
                f"{option.name} must list one distinct {option.noun} per seat, "
                f"from {sorted(option.values)}."
            )
    elif option.kind == INTEGER:
        low, high = option.minimum, option.maximum
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            raise _refuse(f"{option.name} must be a whole number from {low} to {high}.")
    elif not isinstance(value, bool):
        raise _refuse(f"{option.name} must be true or false.")
