"""Seeing the pace: each player's median answer time, and the expected end from the last
rounds' durations."""

from __future__ import annotations

from datetime import timedelta

from common import clock
from games.absences.pace import _expected_end
from games.models import GameStep
from tests.games.absences.conftest import HOUR, NOON, answer, two_player_game
from tests.players import url


def test_each_players_median_answer_time_is_shown(make_player):
    anna, boris, game = two_player_game(make_player)
    answer(anna, game, NOON + HOUR)
    answer(boris, game, NOON + 10 * HOUR)  # the step turns over: a new pick for both
    answer(boris, game, NOON + 12 * HOUR + HOUR / 2)
    answer(anna, game, NOON + 13 * HOUR)
    with clock.frozen_at(NOON + 14 * HOUR):
        pace = anna.get(url(game)).json()["pace"]
    rows = {row["player"]: row for row in pace["median_answer_hours"]}
    assert rows["anna"]["answers"] == 2 and rows["anna"]["hours"] == 2.0  # (1 h + 3 h) / 2
    assert rows["boris"]["answers"] == 2 and rows["boris"]["hours"] == 6.2  # (10 h + 2.5 h) / 2
    assert pace["expected_end"] is None  # no round has finished yet


def test_the_expected_end_follows_the_last_rounds():
    start = NOON
    steps = [
        GameStep(key=f"r{r}.s{r * 10 + k}", opened_at=start + timedelta(days=2 * (r - 1), hours=k))
        for r in (1, 2, 3, 4)
        for k in (0, 1)
    ]
    # Rounds of 2 days each; in round 4 of 9, six rounds left including this one.
    now = start + timedelta(days=6, hours=5)
    assert _expected_end(steps, 4, 9, now) == start + timedelta(days=6) + 6 * timedelta(days=2)
    assert _expected_end(steps[:2], 1, 9, now) is None
