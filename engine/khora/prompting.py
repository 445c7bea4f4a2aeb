"""A seat's open prompt: its task's options, the glory exchange, and a default read on demand.

Above both the task handlers (seat_tasks.py, phases/) and the previews (preview.py), which
play the handlers' options forward: a default that reads previews is worked out here, so the
handlers never import the previews that import them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core import Option, Prompt
from engine.khora import seat_tasks
from engine.khora.preview import first_without_warning, undominated
from engine.khora.seat_tasks import TaskHandler
from engine.khora.state import State, Task


def read_default(
    handler: TaskHandler, state: State, seat: int, task: Task, options: list[Option]
) -> str:
    """The default of a handler that reads the state for it (`default_on_read`), from a
    clone of the state the prompt was listed from; `options` are the task's own."""
    if handler.default_on_read == "undominated":
        return undominated(state, seat, task, options, handler.default_start(state, seat, options))
    if handler.default_on_read == "no_warning":
        # What an absent player plays at a deadline should not be a trap (from the seat's view).
        return first_without_warning(state, seat, task, handler.default_order(options)).id
    return handler.default(options)


def prompt_for(state: State, seat: int, task: Task) -> Prompt:
    """The prompt of the seat's open task `task`."""
    kind = task.kind
    task_handler = seat_tasks.HANDLERS[kind]
    # task_options, inlined: this is a hot path
    listed: tuple[int, list[Option]] | None = state.cache.get("options", {}).get(seat)
    if listed is not None and listed[0] == task.id:
        options = listed[1]
    else:
        options = task_handler.options(state, seat, task)
    default_of: Callable[[Sequence[Option]], str] = task_handler.default_of
    if task_handler.default_on_read:
        # A clone, not the state itself: the state's cache holds the prompt, and a prompt that
        # held its state would make a cycle only the garbage collector frees (games 7 % slower;
        # the clone costs 2 %).
        snapshot, own_options = state.clone(), options
        default_of = lambda _shown: read_default(  # noqa: E731
            task_handler, snapshot, seat, task, own_options
        )
    if state.players[seat].glory > 0:  # exchange_options, only when it can offer any
        options = options + seat_tasks.exchange_options(state, seat)
    return Prompt(  # positional: a hot path
        f"p{seat}-{task.id}",  # prompt_id
        seat,
        kind,
        task_handler.text(state, seat, task),
        tuple(options),
        None,  # the default: worked out from the options when read
        (),
        default_of,
    )
