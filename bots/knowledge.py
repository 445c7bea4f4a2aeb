"""What one seat may know of a game, and nothing more."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, cast

import engine
from engine.core import Event, Prompt
from engine.khora import sampling
from engine.khora.state import State

if TYPE_CHECKING:
    from random import Random

    from engine.khora.game import KhoraGame

_game = cast("KhoraGame", engine.get_game("khora"))  # engine.get_game is typed Game
# The seat's redacted events, or a function returning them (called once, when first needed).
SeenLog = list[dict[str, Any]] | Callable[[], list[dict[str, Any]]]


class SeatKnowledge:
    """A seat's knowledge: its view, its prompt, the log as it saw it, and samples of the rest.

    It keeps the real state to hand it to the sampler, which reads of it only what the seat
    may see (engine/khora/sampling.py); a bot never reads `_state` itself. The non-interference
    test (tests/bots/test_noninterference.py) holds every level to that.
    """

    __slots__ = ("_seen", "_state", "seat")

    def __init__(self, state: State, seat: int, seen_log: SeenLog):
        """`seen_log`: the seat's redacted events, or a function returning them (read only
        when needed: the sampler needs them only once cards lie under the deck)."""
        self._state = state
        self.seat = seat
        self._seen = seen_log

    @classmethod
    def from_events(cls, state: State, seat: int, events: Iterable[Event]) -> SeatKnowledge:
        """From the full log: each event redacted as the seat saw it."""
        return cls(state, seat, [_game.redact(event, seat) for event in events])

    def view(self, lang: str = "en") -> dict[str, Any]:
        return _game.view(self._state, self.seat, lang)

    def prompt(self) -> Prompt | None:
        return _game.pending(self._state).get(self.seat)

    @property
    def seen_log(self) -> list[dict[str, Any]]:
        if callable(self._seen):
            self._seen = self._seen()
        return self._seen

    @property
    def round(self) -> int:
        return self._state.round

    def sample(self, rng: Random) -> State:
        """A full state the seat cannot tell from the real one, hidden parts dealt by `rng`."""
        seen = self.seen_log if self._state.deck_bottom else []
        return sampling.sample(self._state, self.seat, seen, rng)
