"""Game-independent types: prompts, options, events, errors, the game registry and replay."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any


class IllegalDecision(Exception):
    """A refused decision or event. `code` is stable; `message` is safe to show the seat."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "details": self.details}


class InvalidEvent(IllegalDecision):
    """An event that cannot be applied to this state (a corrupt or foreign log entry)."""


@dataclass(frozen=True, slots=True)
class Option:
    id: str
    label: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "data": self.data}


@dataclass(frozen=True, slots=True)
class Prompt:
    id: str
    seat: int
    kind: str
    text: str
    options: tuple[Option, ...]
    default: str

    def option(self, option_id: str) -> Option | None:
        for option in self.options:
            if option.id == option_id:
                return option
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seat": self.seat,
            "kind": self.kind,
            "text": self.text,
            "options": [option.to_dict() for option in self.options],
            "default": self.default,
        }


EVENT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Event:
    """One log entry: a seat's decision or a chance outcome.

    `type` is "decision" or "chance". A decision's data holds the prompt id, its kind and the
    chosen option id; `auto` marks a decision the server took for the seat (a missed deadline).
    A chance event's data holds its `kind` and outcome.
    """

    type: str
    data: dict[str, Any]
    seat: int | None = None
    version: int = EVENT_VERSION
    auto: bool = False

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {
            "type": self.type,
            "version": self.version,
            "seat": self.seat,
            "data": self.data,
        }
        if self.auto:
            result["auto"] = True
        return result

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Event:
        if not isinstance(raw, dict):
            raise InvalidEvent("malformed_event", "An event must be a JSON object.")
        event_type = raw.get("type")
        if event_type not in ("decision", "chance"):
            raise InvalidEvent("malformed_event", "An event's type must be 'decision' or 'chance'.")
        data = raw.get("data")
        if not isinstance(data, dict):
            raise InvalidEvent("malformed_event", "An event's data must be a JSON object.")
        seat = raw.get("seat")
        if seat is not None and not isinstance(seat, int):
            raise InvalidEvent("malformed_event", "An event's seat must be an integer or null.")
        version = raw.get("version", EVENT_VERSION)
        if version != EVENT_VERSION:
            raise InvalidEvent(
                "unsupported_event_version",
                f"Event version {version!r} is not supported; this engine reads {EVENT_VERSION}.",
            )
        return cls(
            type=event_type,
            data=data,
            seat=seat,
            version=version,
            auto=bool(raw.get("auto", False)),
        )


_GAME_MODULES = {"khora": "engine.khora"}
_games: dict[str, Any] = {}


def register_game(name: str, game: Any) -> None:
    _games[name] = game


def get_game(name: str):
    """Return the game object registered under `name` (e.g. "khora")."""
    if name not in _games and name in _GAME_MODULES:
        importlib.import_module(_GAME_MODULES[name])
    try:
        return _games[name]
    except KeyError:
        known = ", ".join(sorted(_GAME_MODULES)) or "none"
        raise KeyError(f"Unknown game {name!r}; known games: {known}.") from None


def replay(game, num_players: int, options: dict | None, events, onto: Any = None) -> Any:
    """Rebuild a state from its setup and its log. Never samples chance.

    `onto`: a state to continue from (e.g. a cached snapshot) instead of the setup; it must be
    the caller's own copy, as the events are applied to it in place.
    """
    state = onto if onto is not None else game.new_game(num_players, options)
    for event in events:
        if isinstance(event, dict):
            event = game.event_from_dict(event)
        state = game.apply(state, event, _in_place=True)
    return state
