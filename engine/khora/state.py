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
    tiles_done: list[int] = field(default_factory=list)  # action tiles finished this round
    achievements: list[str] = field(default_factory=list)
    draft_hand: list[str] = field(default_factory=list)
    draft_picks: list[str] = field(default_factory=list)
    advanced_this_progress: int = 0
    agenda: list[Task] = field(default_factory=list)
    # Tasks are numbered per seat, so a seat's prompt ids never depend on what others did.
    tasks_created: int = 0

    def clone(self) -> Player:
        # Spelled out because cloning is the engine's hot path; test_state checks that every
        # field is copied.
        return Player(
            seat=self.seat,
            city=self.city,
            development=self.development,
            drachma=self.drachma,
            vp=self.vp,
            citizens=self.citizens,
            tax=self.tax,
            glory=self.glory,
            troops=self.troops,
            economy=self.economy,
            culture=self.culture,
            military=self.military,
            philosophy=self.philosophy,
            tokens=self.tokens.copy(),
            hand=self.hand[:],
            played=self.played[:],
            dice_count=self.dice_count,
            dice=self.dice[:],
            assignment=self.assignment[:],
            active_tiles=self.active_tiles[:],
            set_aside=self.set_aside[:],
            unpaid=self.unpaid[:],
            tiles_done=self.tiles_done[:],
            achievements=self.achievements[:],
            draft_hand=self.draft_hand[:],
            draft_picks=self.draft_picks[:],
            advanced_this_progress=self.advanced_this_progress,
            agenda=self.agenda[:],
            tasks_created=self.tasks_created,
        )

    def new_task(self, kind: str, **data: Any) -> Task:
        self.tasks_created += 1
        return Task(self.tasks_created, kind, data)

    def queue(self, kind: str, **data: Any) -> None:
        """Add a task to the end of this seat's agenda."""
        self.agenda.append(self.new_task(kind, **data))

    def token_count(self, colour: str | None = None, tier: str | None = None) -> int:
        colours = (colour,) if colour else COLOURS
        tiers = (tier,) if tier else TIERS
        return sum(self.tokens.get(f"{c}_{t}", 0) for c in colours for t in tiers)


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
    # Where each card put at the bottom belongs in the rulebook's order (draws.put_at_bottom).
    bottom_places: dict[str, tuple] = field(default_factory=dict)
    events_unseen: list[str] = field(default_factory=list)
    events_revealed: list[str] = field(default_factory=list)
    current_event: str | None = None
    exploration: list[str] = field(default_factory=list)  # space ids still on the board
    persepolis_explored: bool = False
    # Knowledge tokens taken from the reserve (bought, gifted) minus those given back.
    tokens_from_reserve: int = 0
    achievements_claimed: dict[str, list[int]] = field(default_factory=dict)
    assignments_revealed: bool = False
    finished: bool = False
    # How many steps have started: a new number means the game has moved on to a new step.
    steps_started: int = 0
    final_scores: dict[str, Any] | None = None
    rules_version: str = ""
    # Derived values (prompts) for this exact state; never copied, cleared on every change.
    cache: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> State:
        return State(
            num_players=self.num_players,
            options=self.options,
            players=[player.clone() for player in self.players],
            round=self.round,
            phase=self.phase,
            start_player=self.start_player,
            steps=self.steps[:],
            chance=self.chance,
            deck_unseen=self.deck_unseen[:],
            deck_bottom=self.deck_bottom[:],
            bottom_places=self.bottom_places.copy(),
            events_unseen=self.events_unseen[:],
            events_revealed=self.events_revealed[:],
            current_event=self.current_event,
            exploration=self.exploration[:],
            persepolis_explored=self.persepolis_explored,
            tokens_from_reserve=self.tokens_from_reserve,
            achievements_claimed={k: v[:] for k, v in self.achievements_claimed.items()},
            assignments_revealed=self.assignments_revealed,
            finished=self.finished,
            steps_started=self.steps_started,
            final_scores=self.final_scores,
            rules_version=self.rules_version,
        )

    def seats_from(self, first: int) -> list[int]:
        """Seats in clockwise (increasing) order starting with `first`."""
        n = self.num_players
        return [(first + i) % n for i in range(n)]
