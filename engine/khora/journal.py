"""The history in words: every change the engine makes, recorded with its cause.

While an event is applied for narration, `state.journal` is a list and the effect functions
(effects.py) append a `Line` for each change they make; otherwise it is None and recording
costs one attribute check. The cause of a change is `state.cause`, set by whoever runs a rule
(a step, a prompt's answer, a card, a development, an event, an exploration space) around
the effects it calls, so a rule never names its own cause.

A line is structured: a message id, the seat it is about, its parameters and, for a number,
the values before and after. `secret` lines concern something only their seat may see (cards
in hand, a sealed choice); `redact` turns them into what everyone else may know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.khora.state import Cause, State

# What other seats may learn of a secret line: its redacted message id and the parameters
# kept (a count, never a card).
REDACTED: dict[str, tuple[str, tuple[str, ...]]] = {
    "cards_dealt": ("cards_dealt_hidden", ("count",)),
    "cards_drawn": ("cards_drawn_hidden", ("count",)),
    "card_kept": ("card_kept_hidden", ()),
    "cards_to_bottom": ("cards_to_bottom_hidden", ("count",)),
    "card_discarded": ("card_discarded_hidden", ()),
    "draft_picked": ("draft_picked_hidden", ()),
    "draft_received": ("draft_received_hidden", ("count",)),
    "tile_assigned": ("tile_assigned_hidden", ()),
    "choice_revised": ("choice_revised", ()),
}


@dataclass(frozen=True, slots=True)
class Line:
    msg: str
    seat: int | None = None
    params: dict[str, Any] = field(default_factory=dict)
    cause: Cause = ()
    before: Any = None
    after: Any = None
    secret: bool = False

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {
            "msg": self.msg,
            "seat": self.seat,
            "params": dict(self.params),
            "cause": list(self.cause) if self.cause else None,
        }
        if self.before is not None or self.after is not None:
            result["before"] = self.before
            result["after"] = self.after
        return result


def note(
    state: State, msg: str, seat: int | None = None, *, secret: bool = False, **params: Any
) -> None:
    """Record a line if the state is being narrated (callers may check `state.journal` first
    when building the parameters costs anything)."""
    journal = state.journal
    if journal is not None:
        journal.append(Line(msg, seat, params, state.cause, secret=secret))


def note_change(state: State, seat: int, resource: str, before: Any, after: Any) -> None:
    journal = state.journal
    if journal is not None and before != after:
        journal.append(Line("change", seat, {"resource": resource}, state.cause, before, after))


def redact(line: Line, viewer: int | None) -> dict[str, Any]:
    """A line as `viewer` may see it (None: a spectator)."""
    if not line.secret or viewer == line.seat:
        return line.to_dict()
    msg, kept = REDACTED[line.msg]
    return {
        "msg": msg,
        "seat": line.seat,
        "params": {key: line.params[key] for key in kept},
        "cause": list(line.cause) if line.cause else None,
    }
