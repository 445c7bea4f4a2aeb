"""What the game endpoints answer: games, seats, pauses, views.

Each TypedDict is one component of the server's OpenAPI schema (`/api/v1/schema/`), named
without its `Output` suffix; `khora_client.types.COMPONENTS` maps the schema's names to these,
and the client's tests compare their members and types with the schema the server serves.
Members the schema leaves open (a city's details, the scores) are `dict[str, Any]`.
"""

from typing import Any, NotRequired, TypedDict

from khora_client.types.enums import BotLevel, GameStatus, PauseStatus
from khora_client.types.play import Prompt


class Seat(TypedDict):
    """A seat of a game: its player, or a bot and its level."""

    position: int
    player: str | None
    is_bot: bool
    bot_level: BotLevel | None
    bot_plays: bool


class GameSummary(TypedDict):
    """A game in a list."""

    id: str
    game: str
    name: str
    private: bool
    status: GameStatus
    num_seats: int
    step_hours: int
    creator: str
    created_at: str
    seats: list[Seat]
    your_seat: int | None
    awaiting_you: bool


class GamePage(TypedDict):
    """One page of a game list (the client follows `next` for you)."""

    next: str | None
    previous: str | None
    results: list[GameSummary]


class Away(TypedDict):
    """A player away on holiday whom the game waits for."""

    seat: int
    player: str
    until: str | None
    automatic: bool
    days_left: float


class NamedCard(TypedDict):
    """A card by id, with its name (and text) in your language."""

    id: str
    name: str
    text: NotRequired[str]


class PlayerView(TypedDict):
    """One seat as you may see it: public counts for everyone; `hand`, `draft_hand` and
    `draft_picks` only for your own seat."""

    seat: int
    city: dict[str, Any] | None
    development_ladder: list[Any]
    next_levels: dict[str, Any]
    development_level: int
    drachmas: int
    vp: int
    citizens: int
    tax: int
    glory: int
    troops: int
    economy: int
    culture: int
    military: int
    philosophy_tokens: int
    knowledge_tokens: dict[str, int]
    played_cards: list[Any]
    hand_size: int
    dice_count: int
    dice: list[Any]
    tiles_assigned: int
    tiles: list[Any] | None
    active_tiles: list[Any] | None
    tiles_set_aside: list[Any]
    tiles_done: list[Any]
    achievements: list[Any]
    hand: NotRequired[list[Any]]
    draft_hand: NotRequired[list[Any]]
    draft_picks: NotRequired[list[Any]]
    draft_hand_size: NotRequired[int]
    draft_picks_count: NotRequired[int]


class GameView(TypedDict):
    """The state of a game as you may see it (others' secrets hidden)."""

    game: str
    rules_version: str
    viewer: int | None
    num_players: int
    round: int
    phase: str
    start_player: int | None
    current_event: NamedCard | None
    events_revealed: list[NamedCard]
    events_left: int
    politics_deck_size: int
    exploration: list[Any]
    persepolis_explored: bool
    achievements: dict[str, Any]
    players: list[PlayerView]
    waiting_for: list[int]
    finished: bool
    scores: dict[str, Any] | None


class KhlorPlayerView(TypedDict):
    """One seat of a Khlor game: what it caught per colour, its additional turn's points."""

    seat: int
    caught: dict[str, int]
    additional_turn_points: int


class KhlorView(TypedDict):
    """The state of a Khlor game: the same for every viewer (Khlor hides nothing once dealt)."""

    game: str
    viewer: int | None
    phase: str
    step: str
    turn: int
    seat_to_play: int | None
    deciding: list[int]
    start_player: int
    white_egg: str
    squares: dict[str, Any]
    supply: dict[str, int]
    circle: list[str]
    dragon_before: str | None
    ahead: list[str]
    placed: str | None
    caught_this_turn: list[str]
    additional_turns_left: list[int]
    pieces: dict[str, Any]
    players: list[KhlorPlayerView]
    scores: dict[str, Any] | None


class AnswerTime(TypedDict):
    """A player's median time to answer, for the game's pace."""

    seat: int
    player: str
    hours: float | None
    answers: int


class Pace(TypedDict):
    """The game's expected end and each player's pace."""

    expected_end: str | None
    median_answer_hours: list[AnswerTime]


class Pause(TypedDict):
    """A pause proposed or running."""

    id: int
    status: PauseStatus
    days: int
    proposed_by: str
    proposed_at: str
    accepted: list[int]
    end_votes: list[int]
    starts_at: str | None
    ends_at: str | None


class GameDetail(TypedDict):
    """A game as you may see it: seats, round, phase, your view and prompt, the deadline,
    the scores once finished."""

    id: str
    game: str
    name: str
    private: bool
    status: GameStatus
    num_seats: int
    step_hours: int
    creator: str
    created_at: str
    seats: list[Seat]
    your_seat: int | None
    awaiting_you: bool
    rules_version: str
    options: dict[str, Any]
    started_at: str | None
    finished_at: str | None
    last_seq: int
    round: int | None
    phase: str | None
    view: GameView | KhlorView | None
    prompt: Prompt | None
    deadline: str | None
    waiting_for: list[int]
    submitted: list[int]
    scores: dict[str, Any] | None
    away: list[Away]
    deadline_held_for: list[int]
    pause: Pause | None
    pace: Pace | None


class PauseEnvelope(TypedDict):
    """The game's pause, if one is proposed or running."""

    pause: Pause | None


class State(TypedDict):
    """A finished game's view after one event (`state`)."""

    at: int
    seat: int | None
    view: GameView | KhlorView


class Nudge(TypedDict):
    """The nudge email that was sent."""

    nudged: str
    prompt: str
    created_at: str


class SeatTaken(TypedDict):
    """Who now plays a seat."""

    position: int
    player: str


class SeatVote(TypedDict):
    """The table's say on a seat the game waits for: a bot plays it once a majority of the
    players present votes so, after its player's time to answer is up."""

    seat: int
    player: str
    open: bool
    time_up_at: str | None
    votes: int
    needed: int
    voters: list[str]
    bot_plays: bool


class SeatVotes(TypedDict):
    """The votes on every seat the game waits for."""

    votes: list[SeatVote]


class SubstituteInvite(TypedDict):
    """A link (and its token) that lets someone take over a seat a bot plays."""

    position: int
    invite_url: str
    token: str
