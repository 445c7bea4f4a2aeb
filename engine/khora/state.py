"""The game state. Only the engine mutates it, and only on a fresh clone inside `apply`."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

if TYPE_CHECKING:
    from engine.core import Option, Prompt
    from engine.khora.journal import Line

COLOURS = ("red", "blue", "green")
_new = object.__new__
_Item = TypeVar("_Item")

# A step of play still to run this round (flow.py): its name, then its arguments, e.g.
# ("tax",) or ("action", 3).
Step = tuple[Any, ...]
# What the rules now running act for (journal.py): a kind, then what names it, e.g.
# ("card", "silver-mining") or ("development", "argos", 2); () when nothing is running.
Cause = tuple[Any, ...]
TIERS = ("minor", "major")
# The token keys ("red_minor", ...) a count of (colour or None, tier or None) adds up.
_TOKEN_KEYS = {
    (colour, tier): tuple(
        f"{c}_{t}" for c in ((colour,) if colour else COLOURS) for t in ((tier,) if tier else TIERS)
    )
    for colour in (None, *COLOURS)
    for tier in (None, *TIERS)
}


class Derived(TypedDict, total=False):
    """What `State.cache` may hold: values derived from this exact state (flow.run, pending,
    decide), dropped on every change."""

    chance: dict[str, Any] | None  # the chance request flow.run stopped at
    options: dict[int, tuple[int, list[Option]]]  # seat -> (open task id, its options)
    deciding: list[int]  # the seats flow.run left asked, in seat order (Khora.deciding)
    prompts: dict[int, Prompt]  # prompts carried over from the state before (flow.answer)
    pending: dict[int, Prompt]  # Khora.pending's answer
    decided: tuple[int, str, str, Option]  # the decision `decide` checked: seat, prompt, option


# The lists and dicts a clone shares with its original (Player.clone, State.clone): the rules
# replace them, never change them in place.
SHARED_PLAYER_FIELDS = frozenset(
    {
        "tokens",
        "hand",
        "played",
        "dice",
        "assignment",
        "active_tiles",
        "set_aside",
        "unpaid",
        "tiles_done",
        "achievements",
        "draft_hand",
        "draft_picks",
    }
)
SHARED_STATE_FIELDS = frozenset(
    {
        "steps",
        "deck_unseen",
        "deck_bottom",
        "bottom_places",
        "events_unseen",
        "events_revealed",
        "exploration",
        "achievements_claimed",
    }
)


def without(items: list[_Item], item: _Item) -> list[_Item]:
    """A copy of `items` without the first `item` (ValueError if absent, as list.remove).

    A player's lists and token counts are shared between a state and its clones (see
    `Player.clone`): the rules replace them, never change them in place.
    """
    copy = items[:]
    copy.remove(item)
    return copy


@dataclass(frozen=True, slots=True, init=False)
class Task:
    """Something a seat must do now: a decision (kind has a handler) or a draw of cards.

    Tasks are never changed in place; a changed task is a new Task with a new id, which is what
    makes a prompt id change whenever the seat's decision point changes.
    """

    id: int
    kind: str
    data: dict[str, Any]

    def __init__(self, id: int, kind: str, data: dict[str, Any]):
        # The dataclass's own __init__, but through the slots' setters: a frozen dataclass
        # sets each field with object.__setattr__, twice the cost (tasks are queued all game).
        _set_task_id(self, id)
        _set_task_kind(self, kind)
        _set_task_data(self, data)


_set_task_id, _set_task_kind, _set_task_data = (
    Task.__dict__[name].__set__ for name in ("id", "kind", "data")
)


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
        # Spelled out because cloning is the engine's hot path, and slot by slot because that
        # is nearly three times faster than calling the dataclass's __init__ with keywords;
        # test_state checks that every field is copied. The lists and token counts are shared,
        # not copied: the rules replace them (`without`, `[*items, item]`) and never change
        # them in place, so a clone costs a third of copying them. Only the agenda, changed in
        # place all over the flow, is copied.
        new = _new(Player)
        new.seat = self.seat
        new.city = self.city
        new.development = self.development
        new.drachma = self.drachma
        new.vp = self.vp
        new.citizens = self.citizens
        new.tax = self.tax
        new.glory = self.glory
        new.troops = self.troops
        new.economy = self.economy
        new.culture = self.culture
        new.military = self.military
        new.philosophy = self.philosophy
        new.tokens = self.tokens
        new.hand = self.hand
        new.played = self.played
        new.dice_count = self.dice_count
        new.dice = self.dice
        new.assignment = self.assignment
        new.active_tiles = self.active_tiles
        new.set_aside = self.set_aside
        new.unpaid = self.unpaid
        new.tiles_done = self.tiles_done
        new.achievements = self.achievements
        new.draft_hand = self.draft_hand
        new.draft_picks = self.draft_picks
        new.advanced_this_progress = self.advanced_this_progress
        new.agenda = self.agenda[:]
        new.tasks_created = self.tasks_created
        return new

    def new_task(self, kind: str, **data: Any) -> Task:
        self.tasks_created += 1
        return Task(self.tasks_created, kind, data)

    def queue(self, kind: str, **data: Any) -> None:
        """Add a task to the end of this seat's agenda."""
        self.tasks_created = number = self.tasks_created + 1  # new_task, inlined: a hot path
        self.agenda.append(Task(number, kind, data))

    def token_count(self, colour: str | None = None, tier: str | None = None) -> int:
        tokens = self.tokens
        count = 0
        for key in _TOKEN_KEYS[colour, tier]:
            count += tokens.get(key, 0)
        return count


_clone_player = Player.clone


@dataclass(slots=True)
class State:
    num_players: int
    options: dict[str, Any]
    players: list[Player]
    round: int = 0
    phase: str = "setup"
    start_player: int | None = None
    # Global work queue of steps still to run this round (see flow.py).
    steps: list[Step] = field(default_factory=list)
    # A chance outcome the game needs before anything else can happen, or None.
    chance: dict[str, Any] | None = None
    # Politics deck: cards never seen (drawn uniformly by chance) and cards put at the bottom
    # (drawn in order once the unseen ones run out).
    deck_unseen: list[str] = field(default_factory=list)
    deck_bottom: list[str] = field(default_factory=list)
    # Where each card put at the bottom belongs in the rulebook's order (draws.put_at_bottom).
    bottom_places: dict[str, tuple[int, ...]] = field(default_factory=dict)
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
    cache: Derived = field(default_factory=Derived)
    # While an event is narrated: the lines recorded so far (journal.py); None otherwise.
    # Never copied: a clone records nothing until its narrator sets a list.
    journal: list[Line] | None = None
    # What the rules now running act for (journal.py), e.g. ("card", "silver-mining").
    cause: Cause = ()

    def clone(self) -> State:
        # Slot by slot, as Player.clone, and sharing its lists and dicts the same way: the
        # rules replace them, never change them in place.
        new = _new(State)
        new.num_players = self.num_players
        new.options = self.options
        new.players = list(map(_clone_player, self.players))  # no comprehension frame
        new.round = self.round
        new.phase = self.phase
        new.start_player = self.start_player
        new.steps = self.steps
        new.chance = self.chance
        new.deck_unseen = self.deck_unseen
        new.deck_bottom = self.deck_bottom
        new.bottom_places = self.bottom_places
        new.events_unseen = self.events_unseen
        new.events_revealed = self.events_revealed
        new.current_event = self.current_event
        new.exploration = self.exploration
        new.persepolis_explored = self.persepolis_explored
        new.tokens_from_reserve = self.tokens_from_reserve
        new.achievements_claimed = self.achievements_claimed
        new.assignments_revealed = self.assignments_revealed
        new.finished = self.finished
        new.steps_started = self.steps_started
        new.final_scores = self.final_scores
        new.rules_version = self.rules_version
        new.cache = {}
        new.journal = None
        new.cause = ()
        return new

    def __getstate__(self) -> list[Any]:
        return [getattr(self, field_.name) for field_ in fields(self)]

    def __setstate__(self, values: list[Any]) -> None:
        # A snapshot pickled before a field was added lacks it: such fields keep their default.
        self.journal = None
        self.cause = ()
        for field_, value in zip(fields(self), values, strict=False):
            object.__setattr__(self, field_.name, value)

    def seats_from(self, first: int) -> list[int]:
        """Seats in clockwise (increasing) order starting with `first`."""
        n = self.num_players
        return [(first + i) % n for i in range(n)]
