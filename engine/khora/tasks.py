"""Decisions a seat can be asked for: one handler per kind, found through one registry.

A handler lists every legal option of its task (so validation is "is this one of the options"),
names a safe default, and resolves the chosen option. Handlers marked `secret` keep the choice
from other seats in the log; `automatic` tasks run without asking anyone.
"""

from __future__ import annotations

from engine.core import Option, Prompt
from engine.khora import abilities
from engine.khora.effects import gain
from engine.khora.state import State, Task

HANDLERS: dict[str, TaskHandler] = {}

GLORY_EXCHANGE = "glory-exchange"


class TaskHandler:
    kind = ""
    secret = False
    automatic = False

    def text(self, state: State, seat: int, task: Task) -> str:
        raise NotImplementedError

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        raise NotImplementedError

    def default(self, state: State, seat: int, task: Task, options: list[Option]) -> str:
        """The safe choice taken for a seat that misses its deadline."""
        ids = [option.id for option in options]
        for safe in ("skip", "done", "keep"):
            if safe in ids:
                return safe
        return ids[0]

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


def handler(cls):
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
        Option(
            GLORY_EXCHANGE,
            "Thebes: give up 1 glory for 2 drachmas and 4 VP (then answer this again)",
            {"glory": -1, "drachma": 2, "vp": 4},
        )
    ]


def build_prompt(state: State, seat: int) -> Prompt | None:
    task = head_task(state, seat)
    if task is None or task.kind == "draw":
        return None
    task_handler = HANDLERS[task.kind]
    if task_handler.automatic:  # waiting on other seats before it can run: nothing to ask
        return None
    listed = state.cache.get("options", {}).get(seat)
    if listed is not None and listed[0] == task.id:
        options = listed[1]
    else:
        options = task_handler.options(state, seat, task)
    default = task_handler.default(state, seat, task, options)
    return Prompt(
        id=f"p{seat}-{task.id}",
        seat=seat,
        kind=task.kind,
        text=task_handler.text(state, seat, task),
        options=tuple(options + exchange_options(state, seat)),
        default=default,
    )


def run_head(state: State, seat: int, work) -> None:
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
    if option.id == GLORY_EXCHANGE:
        player.glory -= 1
        gain(state, seat, drachma=2, vp=4)
        player.agenda[0] = player.new_task(task.kind, **task.data)
        return
    run_head(state, seat, lambda t: HANDLERS[t.kind].resolve(state, seat, t, option))
