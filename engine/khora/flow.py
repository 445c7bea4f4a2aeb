"""The order of play: a queue of steps, run until the game needs a decision or chance.

`state.steps` is the work still to do this round, e.g. ("tax",) or ("action", 3). A step
function does the automatic part of its rules and may queue tasks for seats or ask for a chance
outcome (`state.chance`). The next step starts only when no seat has anything left to do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core import InvalidEvent
from engine.khora import seat_tasks
from engine.khora.journal import note
from engine.khora.state import Player, State

if TYPE_CHECKING:
    from random import Random

    from engine.core import Option, Prompt

# A chance outcome, or a request for one: its kind's own fields ("seat", "cards", ...).
ChanceOutcome = dict[str, Any]
Sampler = Callable[["State", "Random"], ChanceOutcome]
ChanceApply = Callable[["State", ChanceOutcome], None]
StepFunction = Callable[..., None]  # step(state, *the step's arguments)
# seat -> (its open task's id, that task's options), as `run` listed them
ListedOptions = dict[int, tuple[int, list["Option"]]]


STEPS: dict[str, StepFunction] = {}


class ChanceKind:
    """A kind of chance outcome: how to sample it and how to apply (and check) it."""

    def __init__(self, sample: Sampler, apply: ChanceApply):
        self.sample = sample
        self.apply = apply


CHANCE: dict[str, ChanceKind] = {}


def step(name: str) -> Callable[[StepFunction], StepFunction]:
    def register(fn: StepFunction) -> StepFunction:
        STEPS[name] = fn
        return fn

    return register


def chance_kind(name: str, sample: Sampler) -> Callable[[ChanceApply], ChanceApply]:
    def register(apply: ChanceApply) -> ChanceApply:
        CHANCE[name] = ChanceKind(sample, apply)
        return apply

    return register


def draw_request(state: State) -> int | None:
    """The first seat waiting on a draw of politics cards, if any."""
    for player in state.players:
        if player.agenda and player.agenda[0].kind == "draw":
            return player.seat
    return None


def chance_request(state: State) -> ChanceOutcome | None:
    """The chance outcome the game needs now, or None (as `run` left it, when it did)."""
    cache = state.cache
    if "chance" in cache:
        request: ChanceOutcome | None = cache["chance"]
        return request
    return _chance_request(state, draw_request(state))


def _chance_request(state: State, draw_seat: int | None) -> ChanceOutcome | None:
    if state.chance is not None:
        return state.chance
    if draw_seat is not None and state.deck_unseen:
        task = state.players[draw_seat].agenda[0]
        return {"kind": "draw", "seat": draw_seat, "count": task.data["count"]}
    return None


def answer(state: State, seat: int, option: Option, in_place: bool) -> State:
    """The state once `seat` answers its open task with `option` (already checked) and the
    flow has run on: `state` itself changed (`in_place`) or a clone.

    What of `state`'s derived values stays true carries over to the new state (see `run`):
    the other seats' option lists and prompts, since a seat's answer changes only its own
    options, except an exploration (the shared board) or a city choice.
    """
    cache = state.cache
    kept: ListedOptions | None = cache.get("options")
    kept_prompts = None
    if kept is not None:
        if seat_tasks.HANDLERS[state.players[seat].agenda[0].kind].changes_other_seats:
            kept = None
        else:
            kept_prompts = cache.get("pending")
    if in_place:
        state.cache = {}  # derived from the state before the answer
        new = state
    else:
        new = state.clone()
    seat_tasks.resolve_head(new, seat, option)
    run(new, seat, kept, kept_prompts)
    return new


def run(
    state: State,
    answered: int | None = None,
    kept: ListedOptions | None = None,
    kept_prompts: dict[int, Prompt] | None = None,
) -> None:
    """Advance everything that needs nobody: automatic steps, forced choices, fixed draws.

    Leaves in `state.cache` the chance request it stopped at ("chance"), the options it
    listed for each seat's open task ("options"), so that `pending` need not list them again,
    the seats it left asked, in seat order ("deciding"), and the prompts kept from the state
    before (`kept_prompts`) of the seats whose options it kept ("prompts").

    After an answer (`answer`), `kept` are the state before's option lists, true still for
    every seat but the one that `answered`; whatever then changes a seat drops its list.
    """
    # seat -> (task id, options), since the seat's last change
    if kept is not None:
        listed: ListedOptions = kept.copy()
        listed.pop(answered, None)  # type: ignore[arg-type]
    else:
        listed = {}
    state.cache = {}  # what it held was derived from the state before this run
    players = state.players
    handlers = seat_tasks.HANDLERS
    while True:
        # One pass over the seats finds the first seat waiting on a draw (a draw comes before
        # anything else), the seats still asked what they were listed for, and the seats to
        # look at: changed since they were listed, or waiting on others.
        draw_seat: int | None = None
        asked: list[int] = []
        to_check: list[Player] = []
        for player in players:
            agenda = player.agenda
            if agenda:
                task = agenda[0]
                if task.kind == "draw":
                    draw_seat = player.seat
                    break
                known = listed.get(player.seat)
                if known is not None and known[0] == task.id:
                    asked.append(player.seat)
                else:
                    to_check.append(player)
        request = state.chance  # _chance_request, inlined: run loops once per change
        if request is None and draw_seat is not None and state.deck_unseen:
            request = _chance_request(state, draw_seat)
        if request is not None or state.finished:
            asked = []
            break
        if draw_seat is not None:  # nothing unseen left: the draw comes from the bottom
            CHANCE["draw"].apply(state, {"seat": draw_seat, "cards": []})
            listed = {}
            continue
        if to_check:
            changed_seat = _resolve_forced_task(state, to_check, listed, asked, handlers)
            if changed_seat is not None:
                # An automatic task or a forced answer changes only its own seat's options:
                # the one shared thing options read, the exploration board, changes only
                # through an exploration, which is always a real choice (it can be skipped).
                listed.pop(changed_seat, None)
                continue
            break  # every seat looked at waits on others or has a real choice
        if asked:  # nothing changed since they were listed
            break
        if not state.steps:
            raise InvalidEvent("no_steps_left", "The game has no step left to run.")
        steps = state.steps  # shared with the state before (State.clone): replaced
        name, *args = steps[0]
        state.steps = steps[1:]
        state.steps_started += 1
        state.cause = ("step", name)
        if state.journal is None:
            STEPS[name](state, *args)
        else:
            _run_noting_phase(state, name, args)
        state.cause = ()
        listed = {}
    if kept_prompts:
        # A kept list is the very tuple of the state before; the answering seat's was
        # dropped above, so any list it has now is a new one and its prompt is not kept.
        assert kept is not None  # prompts are kept only with their options
        state.cache = {
            "chance": request,
            "options": listed,
            "deciding": asked,
            "prompts": {
                seat: prompt
                for seat, prompt in kept_prompts.items()
                if seat in listed and listed[seat] is kept.get(seat)
            },
        }
    else:
        state.cache = {"chance": request, "options": listed, "deciding": asked}


def _run_noting_phase(state: State, name: str, args: list[Any]) -> None:
    """Run a step while narrating: a new round or phase is a line of its own, put before
    the lines of the step that began it."""
    journal = state.journal
    assert journal is not None  # only called while narrating
    round_, phase, at = state.round, state.phase, len(journal)
    STEPS[name](state, *args)
    recorded = journal[at:]
    del journal[at:]
    if state.round != round_:
        note(state, "round", number=state.round)
    if state.phase != phase:
        note(state, "phase", phase=state.phase)
    journal.extend(recorded)


def _resolve_forced_task(
    state: State,
    to_check: list[Player],
    listed: ListedOptions,
    asked: list[int],
    handlers: dict[str, seat_tasks.TaskHandler],
) -> int | None:
    """Run an automatic task or take a seat's only option, for the first of `to_check` (in
    seat order) that has one; the seat acted for, if any.

    The seats not in `to_check` were listed for their open task since they last changed and
    have a real choice; nothing they read has changed since (see `run`). A seat looked at that
    has a real choice is listed and added to `asked` (kept in seat order).
    """
    for player in to_check:
        seat = player.seat
        agenda = player.agenda
        task = agenda[0]
        task_handler = handlers[task.kind]
        if task_handler.automatic:
            if not task_handler.ready(state, seat, task):
                continue  # the seat waits on others (e.g. Military in turn order)
            cause = seat_tasks.FIXED_CAUSES.get(task.kind)  # cause_of: a hot path
            state.cause = cause if cause is not None else seat_tasks.cause_of(state, seat, task)
            player.agenda = []  # seat_tasks.run_head, spelled out: this is the hot path
            task_handler.run(state, seat, task)
            player.agenda.extend(agenda[1:])
            state.cause = ()
            return seat
        options = task_handler.options(state, seat, task)
        listed[seat] = (task.id, options)
        if not options:  # nothing left to choose (e.g. the cards to discard are gone)
            seat_tasks.run_head(state, seat, lambda _task: None)
            return seat
        if (
            len(options) == 1
            and not seat_tasks.exchange_options(state, seat)
            and task_handler.lone_answer_is_public(state, seat, task)
        ):
            seat_tasks.resolve_head(state, seat, options[0])
            return seat
        if not asked or asked[-1] < seat:
            asked.append(seat)
        else:
            asked.append(seat)
            asked.sort()
    return None
