"""Today's `standard` against the frozen reference (bots/standard_2026.py, issue 51), at CI size.

One `standard` seat against three `standard_2026` in 4-player games, the seat rotated, chance
seeded per game (bots.match.play_match), so the result is the same on every run. Against copies
of itself a seat is first in a quarter of the games. The issue asked that this test fail below
55 %: `standard`, which plays the round out where it places a die (bots.round_plan), is first
in 83 % of these games (the `standard` before the round plan in 53 %); with GAMES games a result
of 55 % has a 95 % Wilson interval of 45–64 %, above the quarter an unchanged bot wins. The
games are seeded and `standard` reads no clock, so the result is the same on every machine.
The full tournament with intervals is bench/tournament.py
(`--matchups standard-vs-standard_2026-4`)."""

from __future__ import annotations

import math

from bots.match import play_match

GAMES = 100
PLAYERS = 4
SEED = 51_000  # issue 51; any fixed seed: the games are the same on every run


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate (as bench/tournament.py gives it)."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_standard_is_first_in_at_least_55_percent_of_games_against_three_of_the_reference(caplog):
    shares = []
    for number in range(GAMES):
        seat = number % PLAYERS
        levels = ["standard_2026"] * PLAYERS
        levels[seat] = "standard"
        result = play_match(levels, seed=SEED + number)
        shares.append(result.share(seat))
    # No bot fell back on the default because it failed.
    assert not [r for r in caplog.records if r.name == "bots.levels"], caplog.text
    win_rate = sum(shares) / GAMES
    low, _high = wilson(sum(shares), GAMES)
    assert win_rate >= 0.55, (win_rate, low)
    assert low > 1 / PLAYERS
