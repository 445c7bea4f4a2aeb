"""The tasks on a seat's agenda (state.Task): one handler per kind, found through one registry.

A handler lists every legal option of its task (so validation is "is this one of the options"),
names a safe default, and resolves the chosen option. Handlers marked `secret` keep the choice
from other seats in the log; `automatic` tasks run without asking anyone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from engine.core import Label, LeftOut, Option
from engine.khora import abilities
from engine.khora.catalog import Text
from engine.khora.effects import gain, pay
from engine.khora.state import Cause, State, Task

# An option left out of a prompt (TaskHandler.unavailable): its id, its label, why.
Unavailable = tuple[str, Label, Sequence[Label]]
_Handler = TypeVar("_Handler", bound="type[TaskHandler]")

HANDLERS: dict[str, TaskHandler] = {}

GLORY_EXCHANGE = "glory-exchange"


class TaskHandler:
    kind = ""
    secret = False
    automatic = False
    # Answering it may change what other seats are offered (the exploration board, the cities
    # left): the others' options are then listed again instead of kept (flow.answer).
    changes_other_seats = False
    # The default is chosen when first read, not when the prompt is listed: it reads previews
    # (the dice), which cost more than listing the prompt, and most prompts listed are never
    # asked for their default (a player answers before the deadline). How it is read
    # (prompting.read_default, which sits above preview.py, as this module sits below it):
    # "undominated", the option no other beats, from `default_start`; "no_warning", the first
    # of `default_order` whose preview warns of nothing; None, `default` of the options.
    default_on_read: str | None = None

    def text(self, state: State, seat: int, task: Task) -> Label:
        raise NotImplementedError

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        raise NotImplementedError

    def unavailable(self, state: State, seat: int, task: Task) -> Sequence[Unavailable]:
        """Options a player would ask about that are left out now: (id, label, [reasons])."""
        return []

    def default(self, options: Sequence[Option]) -> str:
        """The safe choice taken for a seat that misses its deadline, one of `options` (the
        task's own: never the glory exchange). A function of the options alone: a prompt
        works it out only when it is read (`default_of`)."""
        ids = [option.id for option in options]
        for safe in ("skip", "done", "keep"):
            if safe in ids:
                return safe
        return ids[0]

    def default_start(self, state: State, seat: int, options: list[Option]) -> str:
        """Where the search for an unbeaten default starts (`default_on_read` "undominated")."""
        return self.default(options)

    def default_order(self, options: list[Option]) -> list[Option]:
        """The options in the order a "no_warning" default tries them."""
        return options

    def default_of(self, options: Sequence[Option]) -> str:
        """`default` of a prompt's options: the task's own, without the glory exchange
        `prompt_for` may add after them."""
        if options[-1].id == GLORY_EXCHANGE:
            options = options[:-1]
        return self.default(options)

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        raise NotImplementedError

    def run(self, state: State, seat: int, task: Task) -> None:
        """For automatic tasks: do the work without a decision."""
        raise NotImplementedError

    def lone_answer_is_public(self, state: State, seat: int, task: Task) -> bool:
        """May every other seat know that this question has a single answer?

        The engine takes a lone answer itself only then; otherwise the seat is asked even so,
        since answering for it would tell the others something only the seat knows (e.g. that
        no card in its hidden hand can be played). Handlers whose options read a secret say
        when their option count is public anyway.
        """
        return True

    def ready(self, state: State, seat: int, task: Task) -> bool:
        """For automatic tasks: may it run now, or must the seat wait on others first?"""
        return True


class UndominatedDefault(TaskHandler):
    """A handler whose default is never beaten by another of its options (preview.py): the
    handler's own choice, or the option that gives at least as much of everything and costs
    no more. Read on demand, as it previews every option."""

    default_on_read = "undominated"


def handler(cls: _Handler) -> _Handler:
    instance = cls()
    HANDLERS[cls.kind] = instance
    return cls


def head_task(state: State, seat: int) -> Task | None:
    agenda = state.players[seat].agenda
    return agenda[0] if agenda else None


def exchange_options(state: State, seat: int) -> list[Option]:
    if not abilities.can_exchange_glory(state, seat):
        return []
    return [
        Option(GLORY_EXCHANGE, Text("option.glory_exchange"), {"glory": -1, "drachma": 2, "vp": 4})
    ]


def open_task(state: State, seat: int) -> Task | None:
    """The task the seat is asked about now: its head task, unless it is a draw or an
    automatic task (waiting on other seats before it can run: nothing to ask)."""
    task = head_task(state, seat)
    if task is None or task.kind == "draw" or HANDLERS[task.kind].automatic:
        return None
    return task


def prompt_id(seat: int, task: Task) -> str:
    return f"p{seat}-{task.id}"


def task_options(state: State, seat: int, task: Task) -> list[Option]:
    """The options of the seat's open task, as flow.run listed them if it did."""
    listed: tuple[int, list[Option]] | None = state.cache.get("options", {}).get(seat)
    if listed is not None and listed[0] == task.id:
        return listed[1]
    return HANDLERS[task.kind].options(state, seat, task)


def chosen_option(state: State, seat: int, task: Task, option_id: str | None) -> Option | None:
    """The option `option_id` of the seat's open task, the prompt's own or the glory
    exchange, as the prompt's `option(option_id)` finds it, without building the prompt."""
    for option in task_options(state, seat, task):
        if option.id == option_id:
            return option
    if option_id == GLORY_EXCHANGE:
        for option in exchange_options(state, seat):
            return option
    return None


def left_out(state: State, seat: int) -> tuple[LeftOut, ...]:
    """The options the seat's open prompt leaves out, each with why. Listed on request, not
    with every prompt: it costs more than the prompt and is read far less often."""
    task = head_task(state, seat)
    if task is None or task.kind == "draw" or HANDLERS[task.kind].automatic:
        return ()
    return tuple(
        LeftOut(option_id, label, tuple(reasons))
        for option_id, label, reasons in HANDLERS[task.kind].unavailable(state, seat, task)
    )


def run_head(state: State, seat: int, work: Callable[[Task], object]) -> None:
    """Take the seat's head task off its agenda and do `work(task)`.

    Whatever the work queues for the seat comes before the rest of its agenda.
    """
    player = state.players[seat]
    task = player.agenda[0]
    rest = player.agenda[1:]
    player.agenda = []
    work(task)
    player.agenda.extend(rest)


def resolve_head(state: State, seat: int, option: Option) -> None:
    player = state.players[seat]
    task = player.agenda[0]
    previous = state.cause
    if option.id == GLORY_EXCHANGE:
        state.cause = ("exchange", player.city)
        pay(state, seat, glory=-1)
        gain(state, seat, drachma=2, vp=4)
        player.agenda[0] = player.new_task(task.kind, **task.data)
    else:
        cause = FIXED_CAUSES.get(task.kind)  # cause_of, for most kinds: a hot path
        state.cause = cause if cause is not None else cause_of(state, seat, task)
        rest = player.agenda[1:]  # run_head, spelled out: this is the hot path
        player.agenda = []
        HANDLERS[task.kind].resolve(state, seat, task, option)
        player.agenda.extend(rest)
    state.cause = previous


def cause_of(state: State, seat: int, task: Task) -> Cause:
    """What answering (or running) a task acts for, as narration names it."""
    cause = CAUSES.get(task.kind)
    if cause is None:
        return ("prompt", task.kind)
    return cause(state, seat, task) if callable(cause) else cause


_TILES = {"culture": 2, "military": 4}

# The cause of each kind of task (journal.py): a fixed tuple, or a function of the task.
CAUSES: dict[str, Cause | Callable[[State, int, Task], Cause]] = {
    "choose_city": ("step", "setup"),
    "draft_pick": ("step", "draft_pick"),
    "assign_die": ("step", "assign"),
    "adjust_citizens": ("step", "reveal"),
    "take_action": lambda state, seat, task: ("action", task.data["tile"]),
    "finish_action": lambda state, seat, task: ("action", task.data["tile"]),
    "perform_action": lambda state, seat, task: ("action", _TILES[task.data["action"]]),
    "buy_token": ("action", 3),
    "explore": ("action", 4),
    "legislation_keep": ("action", 1),
    "develop": ("action", 6),
    "take_minor_token": ("card", "scholarly-welcome"),
    "ostracism_return": ("card", "ostracism"),
    "play_politics": lambda state, seat, task: {
        "action": ("action", 5),
        "prosperity": ("event", "prosperity"),
        "ostracism": ("card", "ostracism"),
    }[task.data["source"]],
    "argos_reward": ("development", "argos", 2),
    "free_advance": ("development", "miletus", 2),
    "progress": ("step", "progress"),
    "event_progress": lambda state, seat, task: ("event", state.current_event),
    "discard_card": ("event", "the-thirty-tyrants"),
    "give_up_token": ("event", "oracle-of-delphi"),
    "extra_action": ("event", "conquest-of-the-persians"),
    "achievement_reward": lambda state, seat, task: ("achievement", task.data["achievement"]),
    "final_exchange": ("step", "final_exchange"),
}
# The kinds whose cause is a fixed tuple (most of them): resolve_head's fast path.
FIXED_CAUSES: dict[str, Cause] = {
    kind: cause for kind, cause in CAUSES.items() if isinstance(cause, tuple)
}
