"""Phases E to G and the end: progress, event resolution, achievements, final scoring."""

import pytest

from engine.khora.phases.scoring import compute_scores
from tests.engine.playout import game
from tests.engine.scenario import Table


def _to_progress(table, **edits):
    table.roll([6, 6], [6, 6])
    table.assign(0, 0, 2)
    table.assign(1, 0, 2)
    table.answer_defaults(until=lambda state: state.phase == "progress")
    table.edit(0, **edits)


def _to_round_two(table, event: str):
    table.answer_defaults(until=lambda state: state.round == 2)
    table.chance(kind="event", event=event)
    table.roll([6, 6], [6, 6])
    table.assign(0, 0, 2)
    table.assign(1, 0, 2)
    table.answer_defaults(until=lambda state: state.phase == "progress")


def test_progress_allows_one_paid_level_then_more_only_for_philosophy_tokens():
    table = Table(["argos", "sparta"])
    _to_progress(table, drachma=20, philosophy=1)
    table.decide(0, "advance:culture")
    assert table.option_ids(0) == [
        "philosophy:economy",
        "philosophy:culture",
        "philosophy:military",
        "done",
    ]
    table.decide(0, "philosophy:culture")

    player = table.player(0)
    assert (player.culture, player.philosophy, player.drachma, player.tax) == (3, 0, 15, 1)
    assert table.kinds().get(0) != "progress"


def test_progress_stops_at_level_seven():
    table = Table(["argos", "sparta"])
    _to_progress(table, drachma=20, economy=7)
    assert "advance:economy" not in table.option_ids(0)


def test_a_seat_that_can_afford_no_level_is_not_asked():
    table = Table(["argos", "sparta"])
    table.edit(0, drachma=0)
    _to_progress(table)
    assert table.kinds() == {1: "progress"}


@pytest.mark.parametrize(
    ("troops", "most", "fewest"),
    [
        ((5, 2), [0], [1]),
        ((4, 4), [0, 1], [0, 1]),  # everyone tied: each seat is both most and fewest
    ],
)
def test_events_on_most_and_fewest_troops_apply_to_every_tied_seat(troops, most, fewest):
    table = Table(["corinth", "olympia"])
    table.answer_defaults(until=lambda state: state.round == 2)
    table.chance(kind="event", event="the-savior-of-greece")
    table.roll([6, 6], [6, 6])
    table.assign(0, 0, 2)
    table.assign(1, 0, 2)
    table.answer_defaults(until=lambda state: state.phase == "progress")
    for seat in (0, 1):
        table.edit(seat, troops=troops[seat], drachma=10)
    table.answer_defaults(until=lambda state: state.round == 3)

    for seat in (0, 1):
        expected = 10 + (2 if seat in most else 0) - (2 if seat in fewest else 0)
        assert table.player(seat).drachma == expected


def test_a_sole_achiever_chooses_tax_or_glory():
    table = Table(["argos", "sparta"])
    _to_progress(table, economy=4)
    table.answer_defaults(until=lambda state: state.phase == "achievements")

    assert table.prompt(0).kind == "achievement_reward"
    table.decide(0, "tax")
    assert (table.player(0).tax, table.player(0).glory) == (1, 0)
    assert table.state.achievements_claimed == {"economy": [0]}


def test_an_achievement_is_won_only_once():
    table = Table(["argos", "sparta"])
    _to_progress(table, economy=4)
    table.answer_defaults(until=lambda state: state.phase == "achievements")
    table.decide(0, "glory")
    _to_round_two(table, "drought")
    table.edit(1, economy=5)
    table.answer_defaults(until=lambda state: state.round == 3)

    assert table.state.achievements_claimed["economy"] == [0]
    assert "economy" not in table.player(1).achievements


def test_final_score_adds_end_game_effects_and_glory_times_major_tokens():
    table = Table(["athens", "sparta"])
    table.edit(
        0,
        vp=20,
        glory=3,
        development=4,
        tokens={"red_major": 2, "blue_minor": 1},
        played=["bank", "greek-fire"],
        drachma=7,
    )
    scores = compute_scores(table.state)

    athens = scores["breakdown"][0]
    assert athens == {
        "score_track": 20,
        "developments": 3 * 2,  # Athens 4: 3 VP per card in play
        "politics_cards": 7 // 2,  # Bank: 1 VP per 2 drachmas
        "glory_x_major_tokens": 3 * 2,
        "total": 20 + 6 + 3 + 6,
    }


def test_ties_are_broken_by_drachmas_then_shared():
    table = Table(["argos", "sparta", "thebes"])
    for seat, drachma in ((0, 5), (1, 9), (2, 5)):
        table.edit(seat, vp=10, glory=0, drachma=drachma)
    ranking = compute_scores(table.state)["ranking"]
    assert ranking == [{"place": 1, "seats": [1]}, {"place": 2, "seats": [0, 2]}]


def test_a_game_ends_after_round_nine_with_final_scores_in_every_view():
    table = Table(["argos", "sparta"])
    table.answer_defaults()
    assert game.is_over(table.state) and table.state.round == 9
    for viewer in (None, 0, 1):
        shown = game.view(table.state, viewer)["scores"]
        assert shown["totals"] == game.scores(table.state)["totals"]
        assert shown["ranking"] == game.scores(table.state)["ranking"]
