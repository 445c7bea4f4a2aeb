"""The rating arithmetic: openskill's Plackett–Luce model, the bots' fixed ratings, the
conservative number shown.

Every seat of a game is a one-member team; `places` are 1 for the best, equal places a tie
(Khôra's shared victory). Bots enter with the fixed rating of their level and are never
updated: a game against bots moves the people's ratings as a game against players of that
strength would.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # μ 25, σ 25/3, β 25/6, τ 25/300: the library's defaults
INITIAL = (MODEL.mu, MODEL.sigma)

# A bot's fixed (μ, σ) by level (bots.LEVELS): a small σ, since a bot's strength does not
# drift; `random` well below a new player, `standard` at a new player's mean, `strong` above.
BOT_RATINGS: dict[str, tuple[float, float]] = {
    "random": (15.0, 1.0),
    "standard": (25.0, 1.0),
    "strong": (30.0, 1.0),
}


def bot_rating(level: str) -> tuple[float, float]:
    return BOT_RATINGS.get(level, BOT_RATINGS["standard"])


def conservative(mu: float, sigma: float) -> float:
    """The number shown: μ − 3σ (the library's ordinal), so a player's shown rating rises
    as the system grows sure of them, and a newcomer starts at 0."""
    return mu - 3 * sigma


def rate(
    entrants: Sequence[tuple[float, float]], places: Sequence[int]
) -> list[tuple[float, float]]:
    """Each entrant's (μ, σ) after one game, in the entrants' order."""
    if len(entrants) != len(places) or len(entrants) < 2:
        raise ValueError("a rated game needs two entrants or more, each with a place")
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in entrants]
    rated = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [(team[0].mu, team[0].sigma) for team in rated]
