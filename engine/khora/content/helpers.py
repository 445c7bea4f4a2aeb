"""Building blocks for content effects: gains, free advances and questions to a seat."""

from __future__ import annotations

from typing import Any

from engine.khora.content.model import Effect, Scorer
from engine.khora.effects import advance_track, gain
from engine.khora.state import State


def ask(state: State, seat: int, kind: str, **data: Any) -> None:
    """Queue a task for a seat, after whatever it is already doing."""
    state.players[seat].queue(kind, **data)


def gains(**amounts: int) -> Effect:
    def effect(state: State, seat: int, **_context: Any) -> None:
        gain(state, seat, excess=False, **amounts)

    return effect


def advances(track: str, levels: int = 1) -> Effect:
    def effect(state: State, seat: int, **_context: Any) -> None:
        advance_track(state, seat, track, levels)

    return effect


def asks(kind: str, **data: Any) -> Effect:
    def effect(state: State, seat: int, **_context: Any) -> None:
        ask(state, seat, kind, **data)

    return effect


def per_token(amount: int, colour: str | None = None, tier: str | None = None) -> Scorer:
    """A scorer: `amount` VP per knowledge token owned (optionally of one colour or tier)."""

    def score(state: State, seat: int) -> int:
        return amount * state.players[seat].token_count(colour, tier)

    return score
