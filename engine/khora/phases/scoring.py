"""The end of the game: a last chance for Thebes' glory exchange, then final scoring."""

from __future__ import annotations

from typing import Any

from engine.core import Label, Option
from engine.core import ranking as places
from engine.khora import abilities
from engine.khora.catalog import Text
from engine.khora.content.helpers import ask
from engine.khora.flow import step
from engine.khora.journal import note
from engine.khora.seat_tasks import TaskHandler, handler
from engine.khora.state import State, Task


@step("final_exchange")
def final_exchange(state: State) -> None:
    state.phase = "final_scoring"
    for player in state.players:
        if abilities.can_exchange_glory(state, player.seat):
            ask(state, player.seat, "final_exchange")


@handler
class FinalExchange(TaskHandler):
    """Before final scoring a Thebes player may still trade glory (the option is added to
    every prompt of such a seat); `done` ends the game for them."""

    kind = "final_exchange"

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.final_exchange")

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        return [Option("done", Text("option.to_final_scoring"), {})]

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        return None


@step("final_scoring")
def final_scoring(state: State) -> None:
    state.final_scores = compute_scores(state)
    state.finished = True
    state.phase = "game_over"
    for seat, total in enumerate(state.final_scores["totals"]):
        note(state, "final_score", seat, total=total)


def score_breakdown(state: State, seat: int) -> dict[str, int]:
    player = state.players[seat]
    developments = cards = 0
    for source in abilities.sources(state, seat):
        if source.score is None:
            continue
        if hasattr(source, "kind"):
            cards += source.score(state, seat)
        else:
            developments += source.score(state, seat)
    glory = player.glory * player.token_count(tier="major")
    total = player.vp + developments + cards + glory
    return {
        "score_track": player.vp,
        "developments": developments,
        "politics_cards": cards,
        "glory_x_major_tokens": glory,
        "total": total,
    }


def compute_scores(state: State) -> dict[str, Any]:
    breakdown = [score_breakdown(state, seat) for seat in range(state.num_players)]
    key = {
        seat: (breakdown[seat]["total"], state.players[seat].drachma)
        for seat in range(state.num_players)
    }
    ranking = places([key[seat] for seat in range(state.num_players)])
    return {
        "totals": [row["total"] for row in breakdown],
        "breakdown": breakdown,
        "ranking": ranking,
        "tie_break": "drachmas",
    }
