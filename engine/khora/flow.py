"""The order of play: a queue of steps, run until the game needs a decision or chance.

`state.steps` is the work still to do this round, e.g. ("tax",) or ("action", 3). A step
function does the automatic part of its rules and may queue tasks for seats or ask for a chance
outcome (`state.chance`). The next step starts only when no seat has anything left to do.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import InvalidEvent
from engine.khora import tasks
from engine.khora.state import State

STEPS: dict[str, Callable[..., None]] = {}


class ChanceKind:
    """A kind of chance outcome: how to sample it and how to apply (and check) it."""

    def __init__(self, sample, apply):
        self.sample = sample
        self.apply = apply


CHANCE: dict[str, ChanceKind] = {}


def step(name: str):
    def register(fn):
        STEPS[name] = fn
        return fn

    return register


def chance_kind(name: str, sample):
    def register(apply):
        CHANCE[name] = ChanceKind(sample, apply)
        return apply

    return register


def draw_request(state: State) -> int | None:
    """The first seat waiting on a draw of politics cards, if any."""
    for player in state.players:
        if player.agenda and player.agenda[0].kind == "draw":
            return player.seat
    return None


def chance_request(state: State) -> dict | None:
    if state.chance is not None:
        return state.chance
    seat = draw_request(state)
    if seat is not None and state.deck_unseen:
        task = state.players[seat].agenda[0]
        return {"kind": "draw", "seat": seat, "count": task.data["count"]}
    return None


def run(state: State) -> None:
    """Advance everything that needs nobody: automatic steps, forced choices, fixed draws.

    Leaves in `state.cache["options"]` the options it listed for each seat's open task, so
    that `pending` need not list them again.
    """
    listed: dict[int, tuple[int, list]] = {}  # seat -> (task id, options), since last change
    while not state.finished:
        if chance_request(state) is not None:
            break
        seat = draw_request(state)
        if seat is not None:  # nothing unseen left: the draw comes from the bottom, in order
            CHANCE["draw"].apply(state, {"seat": seat, "cards": []})
            listed = {}
            continue
        changed_seat = _resolve_forced_task(state, listed)
        if changed_seat is not None:
            # An automatic task or a forced answer changes only its own seat's options: the
            # one shared thing options read, the exploration board, changes only through an
            # exploration, which is always a real choice (it can be skipped).
            listed.pop(changed_seat, None)
            continue
        if any(player.agenda for player in state.players):
            break
        if not state.steps:
            raise InvalidEvent("no_steps_left", "The game has no step left to run.")
        name, *args = state.steps.pop(0)
        state.steps_started += 1
        STEPS[name](state, *args)
        listed = {}
    state.cache = {"options": listed}


def _resolve_forced_task(state: State, listed: dict) -> int | None:
    """Run an automatic task or take a seat's only option; the seat acted for, if any."""
    for player in state.players:
        task = tasks.head_task(state, player.seat)
        if task is None or task.kind == "draw":
            continue
        task_handler = tasks.HANDLERS[task.kind]
        if task_handler.automatic:
            if not task_handler.ready(state, player.seat, task):
                continue  # the seat waits on others (e.g. Military in turn order)
            tasks.run_head(state, player.seat, lambda t, s=player.seat: _run_auto(state, s, t))
            return player.seat
        known = listed.get(player.seat)
        if known is None or known[0] != task.id:
            known = listed[player.seat] = (task.id, task_handler.options(state, player.seat, task))
        options = known[1]
        if not options:  # nothing left to choose (e.g. the cards to discard are gone)
            tasks.run_head(state, player.seat, lambda _task: None)
            return player.seat
        if (
            len(options) == 1
            and not tasks.exchange_options(state, player.seat)
            and task_handler.lone_answer_is_public(state, player.seat, task)
        ):
            tasks.resolve_head(state, player.seat, options[0])
            return player.seat
    return None


def _run_auto(state: State, seat: int, task) -> None:
    tasks.HANDLERS[task.kind].run(state, seat, task)
