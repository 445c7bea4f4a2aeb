"""What games tells the apps above it, without importing them.

games never imports notifications, live or webhooks: they subscribe here, in their
AppConfig.ready(), and games emits. There are three kinds of news:

- `GameWritten`: a change to a game is being committed (a decision, an advance, a deadline, a
  start). It says which seats now owe which prompts, the open step, whether the game just
  ended, and carries the writer's batch, so a listener that must write in the same transaction
  (the emails: their outbox rows, and the "your turn" emails the answers made stale) adds its
  rows there; listeners that act once the change is durable use `transaction.on_commit`.
- `GameChanged`: what a reader sees of the game changed (the open streams read again on commit).
- `BotTookOver`: a bot now plays the seat of an absent player (told to them once).
- `PlayerTold`: a player hears of something at the table by email (absences, pauses, nudges,
  substitutes: games/absences/).
- `Ticked` and `Swept`: the minute tick and the sweep of a few seconds ran games' own work;
  listeners run theirs after it (reminders, digests, the outbox) and return their counts.

Listeners run in the order they subscribed (INSTALLED_APPS order), synchronously.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.models import Game, GameStep, Seat


@dataclass(eq=False)
class GameWritten:
    game: Game
    seats: list[Seat]
    rules: Any  # the engine's game
    state: Any  # the engine's state after the change
    step: GameStep | None  # the step open after the change
    finished: bool  # the game is over (it may have ended before this change)
    ends_now: bool  # this change ended it
    # Seats asked after waiting on others (a step resolved, a deadline passed): their
    # players hear of it; prompts that follow straight from their own answers are no news.
    called: list[Seat]
    # Human seats asked now that were not asked before this change.
    newly_asked: list[Seat]
    # (user id, prompt id) of prompts answered by this change.
    answered: list[tuple[int, str]]
    # What the server chose for late seats at a deadline, by position (the listener may pop).
    defaults_played: dict[int, list]
    batch: Any  # the writer's WriteBatch, flushed by the writer after the listeners ran
    flush: Callable[[], None]  # send the batch now (before reading what it writes)
    # A player's request: "your turn" emails are queued for the email worker, not written.
    defer_asks: bool = False
    # A player's request: the seat that sent it and how ("page", "api", "link", "reply"), so
    # that the emails know how that player will read what they are asked next. None and ""
    # for the server's own changes (an advance, a deadline, a start).
    requester: int | None = None
    channel: str = ""


@dataclass(eq=False)
class GameChanged:
    """What a reader of the game sees changed (its log, its prompts, a notice): once this
    commits, the game's readers and these players read again."""

    game: Game
    user_ids: list[int]


@dataclass(eq=False)
class BotTookOver:
    game: Game
    seats: list[Seat]
    seat: Seat
    since: int  # the seq of the log's notice
    defaults: list = field(default_factory=list)
    # The players who voted for it (games.absences.seat_votes); empty after missed deadlines.
    voted_by: list[str] = field(default_factory=list)


@dataclass(eq=False)
class PlayerTold:
    """Something at the table a player hears of by email (games/absences/: a player away, a
    pause asked or decided, a nudge, an invitation to substitute): an email of `kind` for this
    `step` (the outbox's cause: once per step and kind), with its facts in `context`."""

    user: Any
    game: Game
    step: str
    kind: str
    context: dict[str, Any]
    # Set when a reply answers it (a pause's question): the email's Reply-To names this.
    reply_prompt: str = ""


@dataclass(eq=False)
class Ticked:
    """The minute tick: games expired its due steps and enqueued its stuck games."""


@dataclass(eq=False)
class Swept:
    """The sweep of a few seconds: games enqueued the games a lost task left due."""


_listeners: dict[type, list[Callable[[Any], Any]]] = defaultdict(list)


def subscribe(kind: type, listener: Callable[[Any], Any]) -> None:
    """Call `listener(event)` for every event of `kind` (once, however often subscribed)."""
    if listener not in _listeners[kind]:
        _listeners[kind].append(listener)


def unsubscribe(kind: type, listener: Callable[[Any], Any]) -> None:
    """Stop calling `listener` for events of `kind` (a bench's counter, when its run ends)."""
    if listener in _listeners[kind]:
        _listeners[kind].remove(listener)


def emit(event: object) -> list[Any]:
    """Run the listeners of the event's kind, in order; return what each returned."""
    return [listener(event) for listener in _listeners[type(event)]]
