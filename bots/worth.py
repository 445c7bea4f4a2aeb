"""What a position is worth to a seat, in points: its score so far plus what its resources,
tracks, tokens, cards and developments should still bring in the rounds left.

The weights are estimates (a level on a track pays once per round left, a drachma is worth
about half a point, a card in hand a point or two); they only need to rank a seat's options
sensibly. At the end of the game only the score counts, drachmas breaking ties.
"""

from __future__ import annotations

from engine.khora.phases.round_start import ROUNDS
from engine.khora.phases.scoring import score_breakdown
from engine.khora.state import State


def rounds_left(state: State) -> int:
    """Whole rounds still to play after this one (0 in the last round)."""
    return max(0, ROUNDS - max(state.round, 1))


def worth(state: State, seat: int) -> float:
    player = state.players[seat]
    score = score_breakdown(state, seat)["total"]
    if state.finished:
        return score + player.drachma * 0.01
    left = rounds_left(state)
    early = left / (ROUNDS - 1)  # 1 in round 1, 0 in the last round
    majors = player.token_count(tier="major")
    minors = player.token_count(tier="minor")
    return (
        score
        + player.drachma * (0.25 + 0.35 * early)
        + player.philosophy * (0.6 + 1.0 * early)
        + min(player.citizens, 15) * (0.1 + 0.3 * early)
        + min(player.troops, 15) * (0.1 + 0.35 * early)
        + player.tax * 0.55 * left
        + player.glory * (0.3 * early + 0.1)
        + (player.economy - 1) * 0.45 * left
        + (player.culture - 1) * 0.55 * left
        + (player.military - 1) * 0.35 * left
        + minors * (0.6 + 1.2 * early)
        + majors * (1.0 + 1.5 * early)
        + len(player.hand) * (0.4 + 1.4 * early)
        + max(0, player.development - 1) * 3.0 * early
        + len(player.achievements) * 0.0  # their points are on the score track already
    )


def margin(state: State, seat: int) -> float:
    """The seat's worth over its best rival's."""
    mine = worth(state, seat)
    best_other = max(worth(state, other) for other in range(state.num_players) if other != seat)
    return mine - best_other
