"""The shapes of Khôra's content: a card, a city development, an event, an exploration space.

Behaviour is attached as small functions on named triggers (`hooks`), numeric rule changes as
`modifiers`, and end-game points as `score`. The engine asks every active card and development
of a seat for these, so a new card never touches the phase code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Effect = Callable[..., None]  # effect(state, seat, **context)
Scorer = Callable[..., int]  # scorer(state, seat) -> VP at final scoring

# Triggers a card or development may hook.
HOOKS = frozenset(
    {
        "philosophy_action",
        "legislation_action",
        "culture_action",
        "trade_action",
        "military_action",
        "development_action",
        "card_played",
        "tax_phase",
        "progress_end",
    }
)

# Rule changes a card or development may declare; numbers add up across sources.
MODIFIERS = frozenset(
    {
        "explore_loss",  # troops lost when exploring (negative: fewer)
        "extra_explorations",  # explorations allowed per Military action beyond the first
        "progress_discount",  # drachmas off every paid track level, in any phase
        "progress_phase_discount",  # drachmas off a level paid in the Progress phase only
        "progress_phase_free",  # tracks whose levels cost nothing in the Progress phase
        "progress_extra_levels",  # progress-phase levels allowed beyond the first
        "minor_token_price",  # price of a minor token bought with Trade (lowest wins)
        "glory_exchange",  # may trade 1 glory for 2 drachmas and 4 VP at any time
    }
)


def _check(hooks: Mapping[str, Any], modifiers: Mapping[str, Any], owner: str) -> None:
    unknown = (set(hooks) - HOOKS) | (set(modifiers) - MODIFIERS)
    if unknown:
        raise ValueError(f"{owner}: unknown hooks or modifiers {sorted(unknown)}")


@dataclass(frozen=True)
class PoliticsCard:
    id: str
    name: str
    kind: str  # "immediate", "ongoing" or "end_game"
    cost: int
    needs: tuple[int, int, int]  # knowledge tokens required: red, blue, green
    text: str
    on_play: Effect | None = None
    hooks: Mapping[str, Effect] = field(default_factory=dict)
    modifiers: Mapping[str, Any] = field(default_factory=dict)
    score: Scorer | None = None

    def __post_init__(self) -> None:
        _check(self.hooks, self.modifiers, self.id)
        if self.kind not in ("immediate", "ongoing", "end_game"):
            raise ValueError(f"{self.id}: unknown kind {self.kind!r}")


@dataclass(frozen=True)
class Development:
    level: int
    cost: int
    needs: tuple[int, int, int]
    text: str
    on_unlock: Effect | None = None
    hooks: Mapping[str, Effect] = field(default_factory=dict)
    modifiers: Mapping[str, Any] = field(default_factory=dict)
    score: Scorer | None = None

    def __post_init__(self) -> None:
        _check(self.hooks, self.modifiers, f"development {self.level}")


@dataclass(frozen=True)
class City:
    id: str
    name: str
    developments: tuple[Development, Development, Development, Development]


@dataclass(frozen=True)
class EventCard:
    id: str
    name: str
    text: str
    resolve: Effect  # resolve(state): applies to every seat, may queue choices
    in_dice_phase: bool = False


@dataclass(frozen=True)
class Space:
    id: str
    colour: str
    tier: str
    troops_required: int
    troops_lost: int
    drachma: int = 0
    vp: int = 0
    tokens: tuple[tuple[str, str], ...] = ()  # (colour, tier) given; one token unless listed

    @property
    def given(self) -> tuple[tuple[str, str], ...]:
        return self.tokens or ((self.colour, self.tier),)
