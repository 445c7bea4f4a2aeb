"""The table of a Khlor game: the valley's stacks and eggs, the circle, what each seat caught."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.khlor.data import COLOURS, EGGS_PER_COLOUR

# Where the game is: waiting for the deal; a normal turn; the additional turns; over.
DEAL, TURN, EXTRA, OVER = "deal", "turn", "extra", "over"
# The steps of a normal turn (K8, K9): place the piece (and catch), remove an egg, lay eggs.
PLACE, REMOVE, LAY = "place", "remove", "lay"


@dataclass
class State:
    num_players: int
    options: dict[str, Any]
    square_colours: dict[str, str]
    phase: str = DEAL
    stacks: dict[str, list[str]] = field(default_factory=dict)  # bottom first, top last
    eggs: dict[str, str] = field(default_factory=dict)  # square -> colour
    supply: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COLOURS, EGGS_PER_COLOUR))
    caught: list[dict[str, int]] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)  # the additional turn's 3 points (K11)
    circle: list[str] = field(default_factory=list)  # piece ids in circle order
    token: int = 0  # the dragon token stands just before circle[token]
    start_player: int = 0
    seat: int = 0  # whose turn it is
    turn: int = 0  # turns started, for prompt ids
    step: str = PLACE
    placed: str | None = None  # this turn's placement id
    caught_now: list[str] = field(default_factory=list)  # colours caught this turn
    extra_seats: list[int] = field(default_factory=list)  # still to play an additional turn
    final_scores: dict[str, Any] | None = None
    journal: list[dict[str, Any]] | None = None  # lines of the event being applied, if asked

    def __post_init__(self) -> None:
        if not self.caught:
            self.caught = [dict.fromkeys(COLOURS, 0) for _ in range(self.num_players)]
        if not self.bonus:
            self.bonus = [0] * self.num_players

    def clone(self) -> State:
        """A copy to change (the journal is not copied): every mutable field copied."""
        new = copy.copy(self)
        new.options = copy.deepcopy(self.options)
        new.square_colours = dict(self.square_colours)
        new.stacks = {square: stack[:] for square, stack in self.stacks.items()}
        new.eggs = dict(self.eggs)
        new.supply = dict(self.supply)
        new.caught = [dict(seat) for seat in self.caught]
        new.bonus = self.bonus[:]
        new.circle = self.circle[:]
        new.caught_now = self.caught_now[:]
        new.extra_seats = self.extra_seats[:]
        new.final_scores = copy.deepcopy(self.final_scores)
        new.journal = None
        return new

    def note(self, kind: str, seat: int | None = None, **params: Any) -> None:
        """Record a line for the narration, when the caller asked for them."""
        if self.journal is not None:
            # The shape every game narrates in (engine.contract.Game.narrate_lines): the API
            # serves `msg`, `seat`, `params` and `cause` of each line.
            self.journal.append({"msg": kind, "seat": seat, "params": params, "cause": None})

    def demons_on_board(self) -> int:
        return sum(len(stack) for stack in self.stacks.values())

    def eggs_on_board(self, colour: str) -> int:
        return sum(1 for egg in self.eggs.values() if egg == colour)
