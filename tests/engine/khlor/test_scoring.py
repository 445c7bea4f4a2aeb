"""Scoring (K12), the winner (K13) and the rulebook's own example (K14)."""

import json
from pathlib import Path

from engine.khlor import data
from engine.khlor.scoring import colour_points, score

EXAMPLE = json.loads((Path(__file__).parent / "scoring_example.json").read_text())


def _caught(*counts):
    """One colour's counts per seat as the scorer reads them."""
    return [{"green": count} for count in counts]


def _eggs(count, colour="green", start=0):
    return {square: colour for square in data.DEMON_SQUARES[start : start + count]}


def _points(result):
    return [(seat["eggs"], seat["difference"]) for seat in result]


def test_k14_the_rulebooks_scoring_example_with_sara_at_28():
    names = EXAMPLE["players"]
    caught = [EXAMPLE["caught"][name] for name in names]
    eggs, start = {}, 0
    for colour, count in EXAMPLE["eggs_on_board"].items():
        eggs.update(_eggs(count, colour, start))
        start += count
    result = score(caught, eggs, {})
    for colour, expected in EXAMPLE["expected_by_colour"].items():
        got = {
            name: [
                result["breakdown"][seat]["colours"][colour][part]
                for part in ("eggs", "difference")
            ]
            for seat, name in enumerate(names)
        }
        assert got == expected, colour
    assert dict(zip(names, result["totals"], strict=True)) == EXAMPLE["expected_totals"]
    assert result["winners"] == [0]  # Sara wins the game
    assert EXAMPLE["printed_totals"]["Sara"] != EXAMPLE["expected_totals"]["Sara"]  # misprint
    assert sum(EXAMPLE["caught"]["Axel"].values()) % 3  # K14: not a reachable game


def test_k12_the_first_gets_every_egg_and_the_second_half_rounded_up():
    assert _points(colour_points("green", _caught(8, 5, 1), _eggs(3), {})) == [
        (3, 3),
        (2, 0),
        (0, 0),
    ]
    assert _points(colour_points("green", _caught(8, 5, 1), _eggs(4), {})) == [
        (4, 3),
        (2, 0),
        (0, 0),
    ]


def test_k12_tied_firsts_take_everything_and_nobody_is_second():
    assert _points(colour_points("green", _caught(6, 6, 3), _eggs(8), {})) == [
        (8, 0),
        (8, 0),
        (0, 0),
    ]


def test_k12_tied_seconds_each_take_the_full_half():
    assert _points(colour_points("green", _caught(8, 2, 2), _eggs(4), {})) == [
        (4, 6),
        (2, 0),
        (2, 0),
    ]


def test_k12_two_players_score_3_for_every_full_3_demons_ahead():
    for lead, points in ((2, 0), (3, 3), (5, 3), (6, 6), (7, 6)):
        result = colour_points("green", _caught(lead + 1, 1), {}, {})
        assert _points(result) == [(0, points), (0, 0)], lead


def test_k12_three_or_four_players_score_1_for_each_demon_ahead_of_the_second():
    assert _points(colour_points("green", _caught(7, 2, 1, 0), {}, {})) == [
        (0, 5),
        (0, 0),
        (0, 0),
        (0, 0),
    ]


def test_k12_a_colour_nobody_else_caught_has_no_second_and_a_lead_over_0():
    assert _points(colour_points("green", _caught(4, 0, 0), _eggs(5), {})) == [
        (5, 4),
        (0, 0),
        (0, 0),
    ]


def test_k12_a_colour_nobody_caught_scores_nothing_even_with_eggs():
    assert _points(colour_points("green", _caught(0, 0), _eggs(5), {})) == [(0, 0), (0, 0)]


def test_k10_an_egg_on_a_square_of_its_colour_counts_twice():
    eggs = {"A1": "green", "B1": "green", "C1": "green"}
    squares = {"A1": "green", "B1": "blue"}
    assert _points(colour_points("green", _caught(5, 4, 0), eggs, squares)) == [
        (4, 1),
        (2, 0),
        (0, 0),
    ]


def test_k13_the_most_points_win():
    result = score([{"green": 5}, {"green": 2}, {"blue": 1}], _eggs(2), {})
    assert result["totals"] == [5, 1, 1] and result["winners"] == [0]
    # seat 1's 2 green beat seat 2's 1 blue
    assert result["ranking"] == [
        {"place": 1, "seats": [0]},
        {"place": 2, "seats": [1]},
        {"place": 3, "seats": [2]},
    ]


def test_k13_equal_points_go_to_the_most_demons_of_a_single_colour():
    # seat 0: 4 green ahead of nobody = 4; seat 1: 3 blue + 1 pink = 4, best colour 3
    result = score([{"green": 4}, {"blue": 3, "pink": 1}, {}], {}, {})
    assert result["totals"] == [4, 4, 0] and result["winners"] == [0]


def test_k13_then_to_points_from_more_colours():
    # seat 0: green 3 + blue 1 = 4 from two colours; seat 1: a yellow egg + 3 ahead = 4 from one
    result = score([{"green": 3, "blue": 1}, {"yellow": 3}, {}], _eggs(1, "yellow"), {})
    assert result["totals"] == [4, 4, 0]
    assert [b["best_colour"] for b in result["breakdown"][:2]] == [3, 3]
    assert [b["colours_scored"] for b in result["breakdown"][:2]] == [2, 1]
    assert result["winners"] == [0]


def test_k13_then_the_victory_is_shared():
    result = score([{"green": 3}, {"blue": 3}], {}, {})
    assert result["totals"] == [3, 3] and result["winners"] == [0, 1]
    assert result["ranking"] == [{"place": 1, "seats": [0, 1]}]


def test_the_additional_turns_3_points_count_in_the_total():
    result = score([{"green": 3}, {"blue": 3}], {}, {}, bonus=[0, 3])
    assert result["totals"] == [3, 6] and result["breakdown"][1]["additional_turn"] == 3
