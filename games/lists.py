"""Reads for lists of a player's games (the lobby): what each game shows beyond its summary,
read for the whole list at once.

The lobby lists up to 60 games. Read one by one, through `selectors.game_prompt` and
`selectors.game_detail`, a game waiting for its player cost 5 queries and one of its other
games 10 (its open step, its pause twice, its seats, its absences twice, ...). Here the open
steps and the pauses of a whole list are one query each and the seats come prefetched with the
list (`selectors.game_list`), so each game costs only the reads of its engine state.
"""

from __future__ import annotations

from typing import Any

from common import clock
from games.absences import selectors as long_game
from games.absences.models import Pause
from games.models import Game, GameStep
from games.selectors import engine_game, game_summary, listed_seat, load_state, prompt_payload


def awaiting_rows(games: list[Game], user, lang: str = "en") -> list[dict[str, Any]]:
    """For each game waiting for `user`: the game, its open prompt for the user (as
    `selectors.game_prompt` gives it) and when its running pause ends, if one runs."""
    now = clock.now()
    steps, pauses = _open_steps(games), _agreed_pauses(games)
    rows = []
    for game in games:
        seat = listed_seat(game, user)
        pause = pauses.get(game.pk)
        prompt = None
        if seat is not None and game.status == Game.Status.ACTIVE:
            deadline = long_game.deadline(game, steps.get(game.pk), pause)
            prompt = prompt_payload(game, load_state(game), seat.position, lang, deadline)
        rows.append({"game": game, "prompt": prompt, "paused_until": _until(pause, now)})
    return rows


def playing_rows(games: list[Game], user, lang: str = "en") -> list[dict[str, Any]]:
    """For each game of `user`'s: its summary, with its round and phase (from the engine's
    view for the user's seat) and when its running pause ends, for a game in play."""
    now = clock.now()
    pauses = _agreed_pauses([game for game in games if game.status == Game.Status.ACTIVE])
    rows = []
    for game in games:
        summary = game_summary(game, user)
        summary.update(round=None, phase=None, paused_until=None)
        if game.status == Game.Status.ACTIVE and game.last_seq > 0:
            view = engine_game(game).view(load_state(game), summary["your_seat"], lang)
            summary.update(
                round=view.get("round"),
                phase=view.get("phase"),
                paused_until=_until(pauses.get(game.pk), now),
            )
        rows.append(summary)
    return rows


def _open_steps(games: list[Game]) -> dict[int, GameStep]:
    """Each game's open step (`selectors.open_step`): the newest one not closed."""
    steps: dict[int, GameStep] = {}
    for step in GameStep.objects.filter(
        game__in=[game.pk for game in games], closed_at__isnull=True
    ).order_by("game_id", "-number"):
        steps.setdefault(step.game_id, step)
    return steps


def _agreed_pauses(games: list[Game]) -> dict[int, Pause]:
    """Each game's pause agreed by all (`lookups.active_pause`), running or not yet ended."""
    pauses: dict[int, Pause] = {}
    if not games:
        return pauses
    for pause in Pause.objects.filter(
        game__in=[game.pk for game in games], status=Pause.Status.ACTIVE
    ):
        pauses.setdefault(pause.game_id, pause)
    return pauses


def _until(pause: Pause | None, now) -> Any:
    """When `pause` ends, if it runs now."""
    return pause.ends_at if pause is not None and pause.runs_at(now) else None
