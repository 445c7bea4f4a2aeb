"""The game state. Only the engine mutates it, and only on a fresh clone inside `apply`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

COLOURS = ("red", "blue", "green")
TIERS = ("minor", "major")


@dataclass(frozen=True, slots=True)
class Task:
    """Something a seat must do now: a decision (kind has a handler) or a draw of cards.

    Tasks are never changed in place; a changed task is a new Task with a new id, which is what
    makes a prompt id change whenever the seat's decision point changes.
    """

    id: int
    kind: str
    data: dict[str, Any]


@dataclass(slots=True)
class Player:
    seat: int
    city: str | None = None
    development: int = 0  # highest unlocked development level (1..4); 0 before setup
    drachma: int = 4
    vp: int = 0
    citizens: int = 3
    tax: int = 0
    glory: int = 0
    troops: int = 0
    economy: int = 1
    culture: int = 1
    military: int = 1
    philosophy: int = 0
    # knowledge tokens owned, keyed "red_minor", "red_major", ...
    tokens: dict[str, int] = field(default_factory=dict)
    hand: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    dice_count: int = 2
    dice: list[int] = field(default_factory=list)
    assignment: list[int] = field(default_factory=list)  # action tile per die, in die order
    active_tiles: list[int] = field(default_factory=list)
    set_aside: list[int] = field(default_factory=list)
    unpaid: list[int] = field(default_factory=list)  # tiles still to adjust citizens for
    achievements: list[str] = field(default_factory=list)
    draft_hand: list[str] = field(default_factory=list)
    draft_picks: list[str] = field(default_factory=list)
    advanced_this_progress: int = 0
    agenda: list[Task] = field(default_factory=list)

    def clone(self) -> Player:
        copy = Player.__new__(Player)
        for name in _SCALAR_FIELDS:
            setattr(copy, name, getattr(self, name))
        copy.tokens = dict(self.tokens)
        for name in _LIST_FIELDS:
            setattr(copy, name, list(getattr(self, name)))
        return copy

    def token_count(self, colour: str | None = None, tier: str | None = None) -> int:
        colours = (colour,) if colour else COLOURS
        tiers = (tier,) if tier else TIERS
        return sum(self.tokens.get(f"{c}_{t}", 0) for c in colours for t in tiers)


_SCALAR_FIELDS = [
    "seat",
    "city",
    "development",
    "drachma",
    "vp",
    "citizens",
    "tax",
    "glory",
    "troops",
    "economy",
    "culture",
    "military",
    "philosophy",
    "dice_count",
    "advanced_this_progress",
]
_LIST_FIELDS = [
    "hand",
    "played",
    "dice",
    "assignment",
    "active_tiles",
    "set_aside",
    "unpaid",
    "achievements",
    "draft_hand",
    "draft_picks",
    "agenda",
]


@dataclass(slots=True)
class State:
    num_players: int
    options: dict[str, Any]
    players: list[Player]
    round: int = 0
    phase: str = "setup"
    start_player: int | None = None
    # Global work queue of steps still to run this round (see flow.py).
    steps: list[tuple] = field(default_factory=list)
    # A chance outcome the game needs before anything else can happen, or None.
    chance: dict[str, Any] | None = None
    # Politics deck: cards never seen (drawn uniformly by chance) and cards put at the bottom
    # (drawn in order once the unseen ones run out).
    deck_unseen: list[str] = field(default_factory=list)
    deck_bottom: list[str] = field(default_factory=list)
    events_unseen: list[str] = field(default_factory=list)
    events_revealed: list[str] = field(default_factory=list)
    current_event: str | None = None
    exploration: list[str] = field(default_factory=list)  # space ids still on the board
    persepolis_explored: bool = False
    # Knowledge tokens taken from the reserve (bought, gifted) minus those given back.
    tokens_from_reserve: int = 0
    achievements_claimed: dict[str, list[int]] = field(default_factory=dict)
    assignments_revealed: bool = False
    # Action phase: the tile being resolved and the seats still to act in turn order.
    action_tile: int | None = None
    next_task_id: int = 1
    finished: bool = False
    final_scores: dict[str, Any] | None = None
    rules_version: str = ""
    # Derived values (prompts) for this exact state; never copied, cleared on every change.
    cache: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> State:
        copy = State.__new__(State)
        for name in _STATE_SCALARS:
            setattr(copy, name, getattr(self, name))
        copy.options = self.options
        copy.players = [player.clone() for player in self.players]
        for name in _STATE_LISTS:
            setattr(copy, name, list(getattr(self, name)))
        copy.chance = self.chance
        copy.achievements_claimed = {k: list(v) for k, v in self.achievements_claimed.items()}
        copy.final_scores = self.final_scores
        copy.cache = {}
        return copy

    def new_task(self, kind: str, **data: Any) -> Task:
        task = Task(self.next_task_id, kind, data)
        self.next_task_id += 1
        return task

    def seats_from(self, first: int) -> list[int]:
        """Seats in clockwise (increasing) order starting with `first`."""
        n = self.num_players
        return [(first + i) % n for i in range(n)]


_STATE_SCALARS = [
    "num_players",
    "round",
    "phase",
    "start_player",
    "current_event",
    "persepolis_explored",
    "tokens_from_reserve",
    "assignments_revealed",
    "action_tile",
    "next_task_id",
    "finished",
    "rules_version",
]
_STATE_LISTS = [
    "steps",
    "deck_unseen",
    "deck_bottom",
    "events_unseen",
    "events_revealed",
    "exploration",
]
