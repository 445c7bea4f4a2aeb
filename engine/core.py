"""Game-independent types: prompts, options, events, errors, the game registry and replay."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from engine.contract import Game


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


class LazyText(Protocol):
    """A text rendered only when read: `str()` gives English, `render(lang)` another language."""

    def render(self, lang: str) -> str: ...


# What a prompt's text, an option's label or a reason may be: a plain string or a lazy text.
Label = str | LazyText


def localized(text: Label, lang: str | None) -> str:
    """A text in `lang`: a game's texts may render themselves in other languages (they are
    English strings with a `render(lang)` method); anything else stays as it is."""
    render = getattr(text, "render", None)
    return render(lang) if lang and render is not None else str(text)


class Option:
    """One legal answer to a prompt: a stable id, a label for people and its data.

    A game may give the label as a lazy text (an object whose `str` is English and that has
    `render(lang)`): options are listed far more often than shown, so it is rendered only
    when read.
    """

    __slots__ = ("_label", "data", "id")

    def __init__(self, id: str, label: Label, data: dict[str, Any] | None = None):
        self.id = id
        self._label = label
        self.data = data if data is not None else {}

    @property
    def label(self) -> str:
        return str(self._label)

    @property
    def lazy_label(self) -> Label:
        """The label as given: a lazy text still renders in any language."""
        return self._label

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        return {"id": self.id, "label": localized(self._label, lang), "data": self.data}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Option):
            return NotImplemented
        return (self.id, self.label, self.data) == (other.id, other.label, other.data)

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Option(id={self.id!r}, label={self.label!r}, data={self.data!r})"


@dataclass(frozen=True, slots=True)
class LeftOut:
    """An option a seat would ask about but cannot take now, and why (e.g. a card it cannot
    afford). Never a legal choice: only for showing. Texts may be lazy, as in Option."""

    id: str
    label: Label
    reasons: tuple[Label, ...]

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        return {
            "id": self.id,
            "label": localized(self.label, lang),
            "reasons": [localized(reason, lang) for reason in self.reasons],
        }


class Prompt:
    """What a seat must decide now: every legal option, and a safe default. `text` may be
    given as a lazy text, like an option's label, and `default` as a function of the options
    (`default_of(options) -> option id`), worked out when first read: prompts are built far
    more often than their default is read."""

    __slots__ = ("_default", "_default_of", "_text", "id", "kind", "options", "seat", "unavailable")

    def __init__(
        self,
        id: str,
        seat: int,
        kind: str,
        text: Label,
        options: tuple[Option, ...],
        default: str | None,
        unavailable: tuple[LeftOut, ...] = (),
        default_of: Callable[[Sequence[Option]], str] | None = None,
    ):
        self.id = id
        self.seat = seat
        self.kind = kind
        self._text = text
        self.options = options
        self._default = default
        self._default_of = default_of
        self.unavailable = unavailable

    @property
    def text(self) -> str:
        return str(self._text)

    @property
    def default(self) -> str:
        default = self._default
        if default is None:
            default_of = self._default_of
            assert default_of is not None, "a prompt has a default or a way to find it"
            default = self._default = default_of(self.options)
        return default

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Prompt):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Prompt(id={self.id!r}, seat={self.seat}, kind={self.kind!r}, text={self.text!r})"

    def option(self, option_id: str) -> Option | None:
        for option in self.options:
            if option.id == option_id:
                return option
        return None

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        """The prompt as data; `lang` renders its texts in that language (ids and data never
        change with it). Without `lang`: the game's default language."""
        return {
            "id": self.id,
            "seat": self.seat,
            "kind": self.kind,
            "text": localized(self._text, lang),
            "options": [option.to_dict(lang) for option in self.options],
            "default": self.default,
            "unavailable": [left_out.to_dict(lang) for left_out in self.unavailable],
        }


class Choice(NamedTuple):
    """A seat's open prompt as a playout reads it: its id, kind and options, without the
    prompt's texts or default (`Game.choices`)."""

    prompt: str
    kind: str
    options: Sequence[Option]


EVENT_VERSION = 1


@dataclass(frozen=True, slots=True, init=False)
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

    def __init__(
        self,
        type: str,
        data: dict[str, Any],
        seat: int | None = None,
        version: int = EVENT_VERSION,
        auto: bool = False,
    ):
        # The dataclass's own __init__, but through the slots' setters: a frozen dataclass
        # sets each field with object.__setattr__, twice the cost (an event per decision).
        _set_type(self, type)
        _set_data(self, data)
        _set_seat(self, seat)
        _set_version(self, version)
        _set_auto(self, auto)

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


_set_type, _set_data, _set_seat, _set_version, _set_auto = (
    Event.__dict__[name].__set__ for name in ("type", "data", "seat", "version", "auto")
)


def ranking(keys: Sequence[Any]) -> list[dict[str, Any]]:
    """The places of a game's end from each seat's key (higher is better; a tuple holds the
    tie-breaks): groups of seats sharing a place, best first, `{"place": n, "seats": [...]}`,
    the shape every game's final scores give (a shared place counts its seats: 1, 1, 3)."""
    order = sorted(range(len(keys)), key=lambda seat: keys[seat], reverse=True)
    places: list[dict[str, Any]] = []
    for seat in order:
        if places and keys[places[-1]["seats"][0]] == keys[seat]:
            places[-1]["seats"].append(seat)
        else:
            placed = sum(len(group["seats"]) for group in places)
            places.append({"place": placed + 1, "seats": [seat]})
    return places


_GAME_MODULES = {"khora": "engine.khora", "khlor": "engine.khlor"}
_games: dict[str, Game] = {}


def register_game(name: str, game: Game) -> None:
    _games[name] = game


def game_types() -> list[str]:
    """The names of the games the engine hosts (what `get_game` accepts), sorted."""
    return sorted(_GAME_MODULES)


def get_game(name: str) -> Game:
    """Return the game object registered under `name` (e.g. "khora"): everything the server
    calls on it is declared by engine.contract.Game."""
    if name not in _games and name in _GAME_MODULES:
        importlib.import_module(_GAME_MODULES[name])
    try:
        return _games[name]
    except KeyError:
        known = ", ".join(sorted(_GAME_MODULES)) or "none"
        raise KeyError(f"Unknown game {name!r}; known games: {known}.") from None


def replay(
    game: Game,
    num_players: int,
    options: dict[str, Any] | None,
    events: Iterable[Event | dict[str, Any]],
    onto: Any = None,
) -> Any:
    """Rebuild a state from its setup and its log. Never samples chance.

    `onto`: a state to continue from (e.g. a cached snapshot) instead of the setup; it must be
    the caller's own copy, as the events are applied to it in place.
    """
    state = onto if onto is not None else game.new_game(num_players, options)
    for event in events:
        if isinstance(event, dict):
            event = game.event_from_dict(event)
        state = game.advance(state, event)
    return state
