"""Sealed simultaneous steps (the draft, the tile assignment): until every seat has chosen, a
seat that has made its secret choice may take it back and choose again."""

from __future__ import annotations

from engine.khora.journal import note
from engine.khora.state import State


def _still_choosing(state: State, kind: str) -> list[int]:
    return [p.seat for p in state.players if p.agenda and p.agenda[0].kind == kind]


def revisable_step(state: State, seat: int) -> str | None:
    """The sealed step whose choice `seat` may take back now, if any."""
    player = state.players[seat]
    if player.agenda or state.finished:
        return None
    if state.phase == "setup":
        choosing = _still_choosing(state, "draft_pick")
        if choosing and len(player.draft_picks) == len(state.players[choosing[0]].draft_picks) + 1:
            return "draft_pick"
    elif (
        state.phase == "dice"
        and not state.assignments_revealed
        and player.assignment
        and _still_choosing(state, "assign_die")
    ):
        return "assign_die"
    return None


def reopen(state: State, seat: int, step: str) -> None:
    player = state.players[seat]
    note(state, "choice_revised", seat, step=step)
    if step == "draft_pick":
        player.draft_hand = [*player.draft_hand, player.draft_picks[-1]]
        player.draft_picks = player.draft_picks[:-1]
        player.queue("draft_pick")
    else:
        player.assignment = []
        player.queue("assign_die", die=0)
