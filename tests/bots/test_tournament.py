"""The tournament at CI size: `standard` against `random` must win clearly.

20 seeded games (2, 3 and 4 players in turn, the `standard` seat rotated, the others `random`).
The full tournament, with `strong` and confidence intervals, is bench/tournament.py.
"""

from __future__ import annotations

import statistics

from bots.match import play_match

GAMES = 20


def test_standard_beats_random_in_at_least_60_percent_of_games(caplog):
    shares, margins, times = [], [], []
    for number in range(GAMES):
        players = 2 + number % 3
        seat = number % players
        levels = ["random"] * players
        levels[seat] = "standard"
        result = play_match(levels, seed=number)
        shares.append(result.share(seat))
        margins.append(result.margin(seat))
        times += result.decision_seconds["standard"]
    win_rate = sum(shares) / GAMES
    # No bot fell back on the default because it failed.
    assert not [r for r in caplog.records if r.name == "bots.levels"], caplog.text
    assert win_rate >= 0.6, (win_rate, margins)
    assert statistics.mean(margins) > 0
    # Speed is the benchmark's job (bench/tournament.py); this only catches a runaway bot.
    assert statistics.median(times) < 0.2
