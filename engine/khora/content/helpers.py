"""Building blocks for content effects: gains, free advances and questions to a seat."""

from __future__ import annotations

from engine.khora.effects import advance_track, gain
from engine.khora.state import State


def ask(state: State, seat: int, kind: str, **data) -> None:
    """Queue a task for a seat, after whatever it is already doing."""
    state.players[seat].queue(kind, **data)


def gains(**amounts: int):
    def effect(state: State, seat: int, **_context) -> None:
        gain(state, seat, **amounts)

    return effect


def advances(track: str, levels: int = 1):
    def effect(state: State, seat: int, **_context) -> None:
        advance_track(state, seat, track, levels)

    return effect


def asks(kind: str, **data):
    def effect(state: State, seat: int, **_context) -> None:
        ask(state, seat, kind, **data)

    return effect


def per_token(amount: int, colour: str | None = None, tier: str | None = None):
    """A scorer: `amount` VP per knowledge token owned (optionally of one colour or tier)."""

    def score(state: State, seat: int) -> int:
        return amount * state.players[seat].token_count(colour, tier)

    return score
