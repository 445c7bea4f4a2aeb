"""Seeing the pace: each player's median answer time, and the expected end from the last
rounds' durations."""

from __future__ import annotations

from datetime import timedelta

from common import clock
from games.absences.models import Pause
from games.absences.pace import _expected_end, game_pace
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


def test_time_paused_is_not_play():
    start = NOON
    day = timedelta(days=1)
    # Rounds of 2 days of play; round 2 also held a 3-day pause, so it lasted 5 days.
    opened = {1: start, 2: start + 2 * day, 3: start + 7 * day, 4: start + 9 * day}
    steps = [GameStep(key=f"r{r}.s{r * 10}", opened_at=at) for r, at in opened.items()]
    earlier_pause = (start + 3 * day, start + 6 * day)
    now = start + 9 * day + timedelta(hours=5)
    # The pause is left out of round 2's length: six rounds left at 2 days each.
    at_pace = opened[4] + 6 * 2 * day
    assert _expected_end(steps, 4, 9, now, [earlier_pause]) == at_pace
    # A pause running now moves the end on by its whole length: no deadline runs meanwhile.
    running = (now, now + 3 * day)
    assert _expected_end(steps, 4, 9, now, [earlier_pause, running]) == at_pace + 3 * day
    # Behind the pace, the end is never before a running pause ends.
    late = start + 30 * day
    assert _expected_end(steps, 4, 9, late, [(late, late + 3 * day)]) == late + 3 * day


def test_the_pace_reads_the_games_pauses_but_not_a_proposal(make_player):
    anna, _boris, game = two_player_game(make_player)
    day = timedelta(days=1)
    GameStep.objects.filter(game=game).delete()
    for number, r in enumerate((1, 2, 3, 4), start=1):
        at = NOON + 2 * (r - 1) * day
        GameStep.objects.create(
            game=game, number=number, key=f"r{r}.s{r}", opened_at=at, deadline=at + 2 * day
        )
    now = NOON + 6 * day + HOUR
    seats = list(game.seats.all())
    at_pace = NOON + 6 * day + 6 * 2 * day

    def expected_end():
        return game_pace(game, seats, 4, 9, now)["expected_end"]

    assert expected_end() == at_pace
    pause = Pause.objects.create(game=game, proposed_by=anna.user, days=3, proposed_at=now)
    assert expected_end() == at_pace  # only proposed: the deadlines still run
    pause.status, pause.starts_at, pause.ends_at = Pause.Status.ACTIVE, now, now + 3 * day
    pause.save()
    assert expected_end() == at_pace + 3 * day
