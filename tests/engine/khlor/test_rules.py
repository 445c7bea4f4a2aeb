"""Khlor's rules as we read them: one test (or a few) per reading K1-K11 of docs/khlor.md."""

from collections import Counter

import pytest

from engine import InvalidEvent
from engine.khlor import data, game, geometry
from engine.khlor.state import EXTRA, LAY, PLACE, REMOVE
from tests.engine.khlor.table import dealt, option_ids, play, table

FULL = {square: ["green", "blue"] for square in data.DEMON_SQUARES}
DEEP = {square: ["green", "blue", "pink", "yellow"] for square in data.DEMON_SQUARES}


def test_k1_the_valley_is_7_by_7_with_the_white_egg_alone_in_its_centre():
    assert len(data.SQUARES) == 49 and data.SQUARES[0] == "A1" and data.SQUARES[-1] == "G7"
    assert data.WHITE_EGG == "D4" and len(data.DEMON_SQUARES) == 48
    assert all(data.WHITE_EGG not in p.squares for p in geometry.BY_ID.values())
    state = dealt(3)
    assert data.WHITE_EGG not in state.stacks
    assert data.WHITE_EGG not in game.view(state, None)["squares"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_k2_the_deal_puts_19_demons_of_each_colour_2_a_square_and_one_square_1(seed):
    state = dealt(2, seed)
    assert Counter(len(stack) for stack in state.stacks.values()) == {2: 47, 1: 1}
    colours = Counter(colour for stack in state.stacks.values() for colour in stack)
    assert colours == dict.fromkeys(data.COLOURS, 19)
    assert sorted(state.circle) == sorted(data.PIECES)


def _deal_event(change):
    state = game.new_game(2)
    import random

    event = game.sample_chance(state, random.Random(5))
    change(event.data)
    return state, event


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["stacks"].update({"D4": d["stacks"].pop("A1")}),  # on the white egg
        lambda d: d["stacks"].update({"A1": d["stacks"]["A1"][:1] or ["green"]}),  # 2 singles
        lambda d: d["stacks"].update({"A1": ["pink", "pink"][: len(d["stacks"]["A1"])]}),
        lambda d: d.update({"circle": ["I", "I", "T", "S", "Z", "L", "J"]}),
        lambda d: d.update({"stacks": "everywhere"}),
        lambda d: d["stacks"].update({"A1": [{"colour": "green"}] * len(d["stacks"]["A1"])}),
        lambda d: d.update({"circle": [["I"], "O", "T", "S", "Z", "L", "J"]}),
        lambda d: d.update({"circle": None}),
    ],
)
def test_k2_a_deal_the_setup_cannot_give_is_refused(change):
    state, event = _deal_event(change)
    with pytest.raises(InvalidEvent) as refused:
        game.apply(state, event)
    assert refused.value.code == "bad_chance"


def test_k3_eggs_are_laid_only_from_the_supply():
    far = ["A7", "B7", "C7", "E7", "F7", "G7", "A6", "B6", "C6", "E6"]
    stacks = {"A1": ["green"], "B1": ["green"], "C1": ["blue"]}
    state = play(table(stacks=stacks, eggs=dict.fromkeys(far[:9], "green")), "I:A1.B1.C1:D1")
    green = [o for o in option_ids(state) if o.startswith("green:")]
    assert sorted(green) == ["green:A1", "green:B1", "green:C1", "green:D1"]  # one egg left
    state = play(state, "green:B1")
    assert state.supply["green"] == 0 and state.eggs["B1"] == "green"
    state = play(table(stacks=stacks, eggs=dict.fromkeys(far, "green")), "I:A1.B1.C1:D1")
    assert option_ids(state)[0] == "none"
    assert not [o for o in option_ids(state) if o.startswith("green:")]  # none left
    assert [o for o in option_ids(state) if o.startswith("blue:")]


def _shapes(cells):
    """Every turn of a set of cells, each moved to the origin."""
    found = set()
    for _ in range(4):
        low = (min(c for c, _ in cells), min(r for _, r in cells))
        found.add(frozenset((c - low[0], r - low[1]) for c, r in cells))
        cells = [(r, -c) for c, r in cells]
    return frozenset(found)


def test_k4_the_pieces_are_the_seven_one_sided_tetrominoes_with_guessed_symbols():
    pieces = [_shapes(list(piece.cells)) for piece in data.PIECES.values()]
    assert len(set(pieces)) == 7 and all(len(piece.cells) == 4 for piece in data.PIECES.values())
    assert all(all(len(shape) == 4 for shape in piece) for piece in pieces)
    for fact in ("pieces", "egg_cells", "arrows", "square_colours"):
        assert data.FACTS[fact].confidence == data.GUESS and data.FACTS[fact].source


def test_k4_a_demon_symbol_matches_a_demon_of_any_colour():
    squares = {"A1": ["green"], "B1": ["pink"], "C1": ["purple"]}
    other = {"A1": ["yellow"], "B1": ["yellow"], "C1": ["blue"]}
    assert option_ids(table(stacks=squares)) == option_ids(table(stacks=other))


def test_k5_pieces_turn_but_do_not_flip_and_lie_on_the_board():
    normal = option_ids(table(stacks=FULL))
    assert normal and not any("~" in option for option in normal)

    def shape(squares):
        cells = [(data.COLUMNS.index(name[0]), int(name[1:]) - 1) for name in squares]
        return _shapes(cells)

    for (piece, side), placements in geometry.PLACEMENTS.items():
        drawn = _shapes(list(data.PIECES[piece].cells))
        mirrored = _shapes([(-c, r) for c, r in data.PIECES[piece].cells])
        for placement in placements:
            assert all(square in data.SQUARES for square in placement.squares)
            assert shape(placement.squares) == (drawn if side == "front" else mirrored)
    fronts = {
        frozenset(p.demons)
        for (_, side), ps in geometry.PLACEMENTS.items()
        if side == "front"
        for p in ps
    }
    backs_only = {
        piece
        for (piece, side), ps in geometry.PLACEMENTS.items()
        if side == "back" and any(frozenset(p.demons) not in fronts for p in ps)
    }
    assert backs_only == {"S", "L", "J"}  # the back side is a piece of its own (data.py)


def test_k6_a_placement_needs_a_demon_under_each_demon_symbol_but_not_under_the_egg():
    state = table(stacks={"A1": ["green"], "B1": ["blue"], "C1": ["yellow"]})
    assert option_ids(state) == ["I:A1.B1.C1:D1"]  # D1 is empty: the egg symbol may lie there
    state = table(stacks={"A1": ["green"], "B1": ["blue"], "C1": ["yellow"], "D1": ["pink"]})
    assert {"I:A1.B1.C1:D1", "I:B1.C1.D1:A1"} <= set(option_ids(state))
    state = play(state, "I:A1.B1.C1:D1")
    assert state.stacks["D1"] == ["pink"]  # the egg symbol's square keeps its demon


def test_k7_the_top_demon_of_each_matched_square_is_caught():
    state = table(stacks={"A1": ["green", "blue"], "B1": ["pink"], "C1": ["yellow", "purple"]})
    state = play(state, "I:A1.B1.C1:D1")
    assert state.caught[0] == {"green": 0, "blue": 1, "yellow": 0, "pink": 1, "purple": 1}
    assert (
        state.stacks["A1"] == ["green"]
        and state.stacks["B1"] == []
        and state.stacks["C1"] == ["yellow"]
    )


def test_k8_the_dragon_token_offers_the_two_pieces_ahead_and_moves_past_the_chosen_one():
    state = table(stacks=DEEP)  # circle I O T S Z L J, the token before I; nothing emptied
    assert {o.split(":")[0] for o in option_ids(state)} == {"I", "O"}
    state = play(state, next(o for o in option_ids(state) if o.startswith("O:")))
    assert state.seat == 1 and {o.split(":")[0] for o in option_ids(state)} == {"T", "S"}
    state = play(state, next(o for o in option_ids(state) if o.startswith("T:")))
    assert {o.split(":")[0] for o in option_ids(state)} == {"S", "Z"}
    state = table(stacks=DEEP, token=6)
    assert {o.split(":")[0] for o in option_ids(state)} == {"J", "I"}  # round the circle


def test_k9_remove_the_egg_under_the_egg_symbol_then_lay_one_colour_on_empty_squares():
    stacks = {**FULL, "A1": ["green", "blue"], "B1": ["pink", "pink"], "C1": ["yellow", "purple"]}
    del stacks["D1"]
    state = table(stacks=stacks, eggs={"D1": "pink"})
    state = play(state, "I:A1.B1.C1:D1")
    assert state.step == REMOVE and option_ids(state) == ["keep", "remove"]
    kept = play(state, "keep")
    assert kept.seat == 1 and kept.step == PLACE and kept.eggs == {"D1": "pink"}  # nowhere to lay
    state = play(state, "remove")
    assert state.supply["pink"] == 10 and "D1" not in state.eggs
    assert state.step == LAY
    assert sorted(option_ids(state)) == ["blue:D1", "none", "pink:D1", "purple:D1"]
    state = play(state, "purple:D1")
    assert state.eggs == {"D1": "purple"} and state.supply["purple"] == 9 and state.seat == 1


def test_k9_laying_offers_every_set_of_empty_squares_in_one_caught_colour():
    state = table(stacks={"A1": ["green", "blue"], "B1": ["pink"], "C1": ["yellow", "purple"]})
    state = play(state, "I:A1.B1.C1:D1")  # B1 emptied, D1 empty
    expected = {f"{c}:{w}" for c in ("blue", "pink", "purple") for w in ("B1", "D1", "B1.D1")}
    assert set(option_ids(state)) == expected | {"none"}
    state = play(state, "pink:B1.D1")
    assert state.eggs == {"B1": "pink", "D1": "pink"}


def test_k10_the_board_is_plain_unless_a_board_with_coloured_squares_is_chosen():
    assert data.BOARDS[data.DEFAULT_BOARD] == {}
    state = game.new_game(2, {"board": "plain"})
    assert state.square_colours == {}
    assert data.FACTS["square_colours"].confidence == data.GUESS


def test_k11_the_start_players_turn_without_a_catch_ends_the_game_at_once():
    state = table(players=2, stacks={"A1": ["green"], "B1": ["blue"], "C1": ["pink"]}, seat=1)
    state = play(state, "I:A1.B1.C1:D1")
    new, lines = game.apply_recorded(state, game.decide(state, 1, f"t{state.turn}-lay", "none"))
    assert game.is_over(new) and new.bonus == [0, 0]
    assert [line["msg"] for line in lines] == ["end_begins", "final_score", "final_score"]
    assert lines[0]["seat"] == 0 and lines[0]["params"] == {"ends_now": True}


def test_k11_the_end_gives_the_players_up_to_the_start_player_an_additional_turn():
    # a straight three: S and Z, ahead of the token, cannot catch it; only I can
    state = table(
        stacks={"A1": ["green"], "B1": ["blue"], "C1": ["yellow"]},
        eggs={"D1": "pink"},
        token=3,
        seat=1,
    )
    assert state.phase == EXTRA and state.extra_seats == [1, 2] and state.seat == 1
    assert state.step == "extra" and option_ids(state) == ["I:A1.B1.C1:D1"]  # any piece
    state = play(state, "I:A1.B1.C1:D1")  # no egg step although the egg symbol is on an egg
    assert game.is_over(state) and state.eggs == {"D1": "pink"}
    assert state.bonus == [0, 0, 3]  # seat 2 could catch nothing: 3 points; seat 0 plays none
    assert game.scores(state)["totals"][2] >= 3


def test_k11_an_additional_turn_turns_to_the_back_sides_when_no_front_side_catches():
    # C1, A2, B2: the back of S covers them, no front side does
    state = table(stacks={"C1": ["green"], "A2": ["blue"], "B2": ["yellow"]}, seat=1)
    assert state.phase == EXTRA and state.step == "extra_back"
    options = option_ids(state)
    assert options and all("~" in option for option in options)
    prompt = game.pending(state)[1]
    assert "back side" in prompt.text and "зворотний бік" in prompt.to_dict("uk")["text"]
    state = play(state, options[0])
    assert game.is_over(state) and state.bonus == [0, 0, 3]
    assert sum(state.caught[1].values()) == 3


def test_k11_a_game_from_the_deal_ends_by_the_rule():
    state = dealt(4, seed=3)
    while not game.is_over(state):
        state = play(state, option_ids(state)[-1])
    assert state.final_scores is not None and len(state.final_scores["totals"]) == 4
