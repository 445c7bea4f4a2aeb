"""The matchmaking queue and rematches: one TypedDict (or Literal) per component, named as the
schema names it without its `Output` (or `InputRequest`: `…Input`) suffix."""

from typing import Literal, NotRequired, TypedDict

from khora_client.types.enums import GameType, Language

StepHours = Literal[12, 24, 48, 72]
EntryStatus = Literal["waiting", "matched", "left", "expired"]
RematchStatus = Literal["none", "open", "started", "expired"]


class EntryInput(TypedDict):
    """The body of `POST matchmaking/entries/` (matchmaking_entries_create)."""

    game: NotRequired[GameType]
    players: NotRequired[int | None]
    step_hours: StepHours
    language: Language
    rating_band: NotRequired[int | None]


class Entry(TypedDict):
    """A queue entry: `matched` carries the started game's id in `game`."""

    id: int
    game_type: str
    players: int | None
    step_hours: int
    language: str
    rating_band: int | None
    rating: float
    status: EntryStatus
    game: str | None
    created_at: str
    expires_at: str


class Entries(TypedDict):
    entries: list[Entry]


class RematchPlayer(TypedDict):
    username: str
    accepted: bool


class Rematch(TypedDict):
    """A finished game's rematch: who accepted, and the new game once it started."""

    game: str
    status: RematchStatus
    players: list[RematchPlayer]
    bots: list[str]
    you_accepted: bool
    expires_at: str | None
    new_game: str | None
