"""A table for scenario tests: a game set up from a short list of known events.

Each test builds its own game: fixed cities, known hands, a chosen start player, then dice and
decisions it names. `edit` sets a seat's resources directly, to stage a rulebook example.
"""

from __future__ import annotations

import random

from engine import Event
from engine.khora.content.cards import CARDS
from engine.khora.state import Player
from tests.engine.playout import game

SETUP_CARDS = sorted(CARDS)


class Table:
    def __init__(self, cities: list[str], hands: list[list[str]] | None = None, start: int = 0):
        self.state = game.new_game(len(cities), {"cities": cities})
        self.events: list[Event] = []
        self.rng = random.Random(0)
        if hands is None:
            hands = [SETUP_CARDS[5 * i : 5 * i + 5] for i in range(len(cities))]
        self.chance(kind="deal", hands=hands)
        # Draft by always keeping the first card offered; tests stage exact hands with edit().
        while self.state.phase == "setup" and game.pending(self.state):
            for seat in sorted(game.pending(self.state)):
                prompt = self.prompt(seat)
                self.decide(seat, prompt.options[0].id)
        self.chance(kind="start_player", seat=start)

    # --- driving the game ---------------------------------------------------------------

    def apply(self, event: Event) -> None:
        self.state = game.apply(self.state, event)
        self.events.append(event)

    def chance(self, **data) -> None:
        seat = data.get("seat") if data["kind"] == "draw" else None
        self.apply(Event("chance", data, seat=seat))

    def roll(self, *dice: list[int]) -> None:
        self.chance(kind="dice", dice=[list(d) for d in dice])

    def prompt(self, seat: int):
        pending = game.pending(self.state)
        assert seat in pending, f"seat {seat} is not pending; pending: {sorted(pending)}"
        return pending[seat]

    def option_ids(self, seat: int) -> list[str]:
        return [option.id for option in self.prompt(seat).options]

    def decide(self, seat: int, option_id: str) -> None:
        prompt = self.prompt(seat)
        self.apply(game.decide(self.state, seat, prompt.id, option_id))

    def assign(self, seat: int, *tiles: int) -> None:
        for tile in tiles:
            self.decide(seat, f"tile:{tile}")

    def answer_defaults(self, until=lambda state: False) -> None:
        """Take every pending seat's default (and seeded chance) until `until(state)` holds."""
        while not until(self.state) and not game.is_over(self.state):
            if game.needs_chance(self.state):
                self.apply(game.sample_chance(self.state, self.rng))
                continue
            pending = game.pending(self.state)
            seat = min(pending)
            self.decide(seat, pending[seat].default)

    # --- reading and staging ------------------------------------------------------------

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def edit(self, seat: int, **values) -> None:
        """Stage a position: set a seat's fields (tokens as {"red_minor": 1, ...})."""
        player = self.state.players[seat]
        for name, value in values.items():
            setattr(player, name, value)
        self.state.cache = {}

    def kinds(self) -> dict[int, str]:
        return {seat: prompt.kind for seat, prompt in game.pending(self.state).items()}
