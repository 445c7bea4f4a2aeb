"""Phase E: each player may pay to move up one progress track (more with cards or philosophy)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from engine.core import Label, Option
from engine.khora import abilities
from engine.khora.catalog import Text
from engine.khora.content import rulings
from engine.khora.content.helpers import ask
from engine.khora.content.tracks import PROGRESS_TRACKS
from engine.khora.effects import advance_track, pay
from engine.khora.flow import step
from engine.khora.seat_tasks import Unavailable, UndominatedDefault, handler
from engine.khora.state import State, Task
from engine.khora.traps import old_guard_pays


@step("progress")
def progress(state: State) -> None:
    state.phase = "progress"
    for player in state.players:
        player.advanced_this_progress = 0
        # Reformists and Corinth 3 each allow "up to 2 levels in total": together still 2.
        extra = abilities.modifier(state, player.seat, "progress_extra_levels")
        levels = min(rulings.PROGRESS_LEVELS_WITHOUT_PHILOSOPHY, 1 + extra)
        ask(state, player.seat, "progress", levels=levels)


@step("end_progress")
def end_progress(state: State) -> None:
    for player in state.players:
        abilities.trigger(state, player.seat, "progress_end")


def _advance_option(
    state: State,
    seat: int,
    track: str,
    discount: int,
    option_id: str,
    label_key: str,
    data: dict[str, Any],
    progress_phase: bool = True,
) -> Option | None:
    price = abilities.progress_price(state, seat, track, discount, progress_phase)
    if price is None or state.players[seat].drachma < price:
        return None
    level = getattr(state.players[seat], track) + 1
    return _advance_offer(option_id, label_key, track, level, price, tuple(data.items()))


@functools.lru_cache(maxsize=1024)
def _advance_offer(
    option_id: str,
    label_key: str,
    track: str,
    level: int,
    price: int,
    data: tuple[tuple[str, Any], ...],
) -> Option:
    """The option itself; kept, as the same few tracks and prices come back all game."""
    label = Text(label_key, track=track, level=level, price=price)
    return Option(option_id, label, {"track": track, "drachma": -price, **dict(data)})


def _unavailable_advances(
    state: State,
    seat: int,
    tracks: Iterable[str],
    discount: int,
    option_prefix: str,
    label_key: str,
    progress_phase: bool = True,
) -> list[Unavailable]:
    """Tracks a seat cannot move up now, each with why (the top, or too few drachmas)."""
    left_out: list[Unavailable] = []
    for track in tracks:
        price = abilities.progress_price(state, seat, track, discount, progress_phase)
        level = getattr(state.players[seat], track) + 1
        if price is None:
            label = Text("option.move_up_one", track=track)
            left_out.append((f"{option_prefix}:{track}", label, [Text("why.top")]))
        elif state.players[seat].drachma < price:
            label = Text(label_key, track=track, level=level, price=price)
            why = Text("why.drachmas", n=price, have=state.players[seat].drachma)
            left_out.append((f"{option_prefix}:{track}", label, [why]))
    return left_out


def _pay_and_advance(state: State, seat: int, option: Option) -> None:
    pay(state, seat, drachma=option.data["drachma"], philosophy=option.data.get("philosophy", 0))
    advance_track(state, seat, option.data["track"], 1)


def _free_level(options: Sequence[Option], otherwise: str) -> str:
    """A level that costs nothing (no drachmas, no philosophy token) is a free gain."""
    for option in options:
        data = option.data
        if "track" in data and not data["drachma"] and not data.get("philosophy"):
            return option.id
    return otherwise


@handler
class Progress(UndominatedDefault):
    kind = "progress"

    def default(self, options: Sequence[Option]) -> str:
        return _free_level(options, "done")

    def default_start(self, state: State, seat: int, options: list[Option]) -> str:
        # Old Guard's 4 VP, due if no track moves this phase, are a gain too: "done" keeps
        # them unless a level beats them (traps.dominated counts them).
        if old_guard_pays(state, seat):
            return "done"
        return self.default(options)

    def text(self, state: State, seat: int, task: Task) -> Label:
        player = state.players[seat]
        levels = task.data["levels"]
        if levels:
            return Text("prompt.progress", drachma=player.drachma, levels=levels)
        return Text(
            "prompt.progress.philosophy", drachma=player.drachma, philosophy=player.philosophy
        )

    def unavailable(self, state: State, seat: int, task: Task) -> Sequence[Unavailable]:
        with_token = task.data["levels"] == 0
        if with_token and not state.players[seat].philosophy:
            return []
        prefix = "philosophy" if with_token else "advance"
        key = "option.advance.philosophy" if with_token else "option.advance"
        return _unavailable_advances(state, seat, PROGRESS_TRACKS, 0, prefix, key)

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        with_token = task.data["levels"] == 0
        if with_token and not state.players[seat].philosophy:
            return [Option("done", Text("option.done"), {})]
        options = []
        for track in PROGRESS_TRACKS:
            option = _advance_option(
                state,
                seat,
                track,
                0,
                f"{'philosophy' if with_token else 'advance'}:{track}",
                "option.advance.philosophy" if with_token else "option.advance",
                {"philosophy": -1} if with_token else {},
            )
            if option:
                options.append(option)
        return [*options, Option("done", Text("option.done"), {})]

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        if option.id == "done":
            return
        _pay_and_advance(state, seat, option)
        state.players[seat].advanced_this_progress += 1
        ask(state, seat, "progress", levels=max(0, task.data["levels"] - 1))


@handler
class EventProgress(UndominatedDefault):
    """The Rise of Persia and Military Victory: one optional level, 2 drachmas cheaper."""

    kind = "event_progress"

    def default(self, options: Sequence[Option]) -> str:
        return _free_level(options, "skip")

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text(
            "prompt.event_progress",
            event=state.current_event,
            discount=task.data["discount"],
            have=state.players[seat].drachma,
        )

    def unavailable(self, state: State, seat: int, task: Task) -> Sequence[Unavailable]:
        discount = task.data["discount"]
        return _unavailable_advances(
            state, seat, task.data["tracks"], discount, "advance", "option.advance", False
        )

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        options = [Option("skip", Text("option.no_move"), {})]
        for track in task.data["tracks"]:
            option = _advance_option(
                state,
                seat,
                track,
                task.data["discount"],
                f"advance:{track}",
                "option.advance",
                {},
                progress_phase=False,  # Corinth 3 and the Mint: phase E only (rulings.py)
            )
            if option:
                options.append(option)
        return options

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        if option.id != "skip":
            _pay_and_advance(state, seat, option)
