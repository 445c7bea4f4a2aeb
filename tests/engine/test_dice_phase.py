"""Phase C: start player, the third die, Growing Populations, paying citizens for tiles."""

import pytest

from tests.engine.playout import game
from tests.engine.scenario import Table


def _to_next_round(table):
    table.answer_defaults(until=lambda state: state.round == 2)
    table.chance(kind="event", event="drought")


@pytest.mark.parametrize(
    ("previous", "dice", "expected"),
    [
        (0, ([3, 4], [1, 2], [2, 2]), 1),  # lowest total starts
        (0, ([2, 2], [1, 3], [2, 5]), 1),  # tie: counted from the seat after the last start
        (2, ([2, 2], [1, 3], [2, 5]), 0),  # tie: clockwise from seat 2, seat 0 comes first
        (1, ([5, 5], [4, 4], [4, 4]), 2),  # the last start player is considered last
        (2, ([5, 5], [4, 4], [6, 2]), 1),
        (1, ([4, 4], [4, 4], [2, 6]), 2),  # everyone tied: the start moves on one seat
    ],
)
def test_lowest_total_starts_and_a_tie_goes_clockwise_after_the_last_start(
    previous, dice, expected
):
    """Rulebook, C. Dice, step 1: "If there is a tie between multiple players, the Start
    Player is the tied player closest to whoever was the Start Player in the previous round,
    going clockwise" (docs/rules-notes.md, section 1: count from the seat after them)."""
    table = Table(["argos", "sparta", "thebes"], start=previous)
    table.roll(*dice)
    assert table.state.start_player == expected


def test_a_tie_never_keeps_the_start_player_while_another_tied_seat_exists():
    table = Table(["argos", "sparta"], start=0)
    table.roll([3, 3], [2, 4])
    assert table.state.start_player == 1


def test_culture_four_unlocks_a_third_die_for_the_next_roll():
    table = Table(["argos", "sparta"])
    table.roll([3, 3], [3, 3])
    table.assign(0, 0, 2)
    table.assign(1, 0, 2)
    table.answer_defaults(until=lambda state: state.phase == "progress")
    table.edit(0, culture=3, drachma=6)
    table.decide(0, "advance:culture")
    assert table.player(0).dice_count == 3
    _to_next_round(table)

    with pytest.raises(Exception, match="1 to 6"):
        table.roll([3, 3], [3, 3])
    table.roll([3, 3, 3], [3, 3])
    assert len(table.prompt(0).text.split(",")) == 3


def test_growing_populations_gives_a_philosophy_token_to_low_rolls_in_round_one_only():
    table = Table(["argos", "sparta"])
    table.roll([1, 3], [2, 3])
    assert [table.player(0).philosophy, table.player(1).philosophy] == [1, 0]
    table.assign(0, 0, 1)
    table.assign(1, 0, 2)
    table.decide(0, "done")
    _to_next_round(table)
    table.roll([1, 1], [1, 1])
    assert table.player(0).philosophy <= 2  # round 1's token, the Philosophy action's token


def test_a_tile_above_its_die_costs_the_difference_in_citizens():
    table = Table(["argos", "sparta"])
    table.roll([1, 5], [6, 6])
    table.assign(0, 3, 2)  # Trade (3) on a 1: 2 citizens; Culture (2) on a 5: free
    table.assign(1, 0, 2)

    assert table.player(0).citizens == 1
    assert table.player(0).active_tiles == [2, 3]


def test_the_player_chooses_which_tile_to_pay_when_citizens_cannot_cover_both():
    table = Table(["argos", "sparta"])
    table.edit(0, citizens=3)
    table.roll([1, 1], [6, 6])
    table.assign(0, 4, 3)  # Military needs 3, Trade needs 2: only one can be paid
    table.assign(1, 0, 2)

    assert sorted(table.option_ids(0)) == ["pay:3", "pay:4", "philosophy"]
    table.decide(0, "pay:3")
    assert table.option_ids(0) == ["aside:4", "philosophy"]
    table.decide(0, "aside:4")
    table.decide(0, "done")  # keep the philosophy token Growing Populations gave

    player = table.player(0)
    assert (player.citizens, player.active_tiles, player.set_aside) == (1, [3], [4])


def test_a_philosophy_token_gives_three_citizens_to_pay_for_a_tile():
    table = Table(["athens", "sparta"])  # Athens starts with 3 philosophy tokens
    table.edit(0, citizens=1)
    table.roll([1, 6], [6, 6])
    table.assign(0, 5, 0)  # Politics (5) on a 1 needs 4 citizens
    table.assign(1, 0, 2)

    assert table.option_ids(0) == ["aside:5", "philosophy"]
    table.decide(0, "philosophy")
    table.decide(0, "pay:5")
    assert (table.player(0).citizens, table.player(0).philosophy) == (0, 2)
    table.decide(0, "done")
    assert table.player(0).active_tiles == [0, 5]


def test_tiles_none_of_which_can_be_paid_are_set_aside_without_a_question():
    """Rulebook, C. Dice, step 4: a tile whose citizens you cannot pay is set aside. With no
    philosophy token to turn into citizens, the order of the answers changes nothing."""
    table = Table(["argos", "sparta"])
    table.roll([1, 1], [6, 6])
    table.edit(0, citizens=1, philosophy=0)
    table.assign(0, 4, 3)  # Military needs 3 citizens, Trade 2: neither can be paid
    table.assign(1, 0, 2)

    assert table.kinds().get(0) != "adjust_citizens"
    assert table.player(0).set_aside == [3, 4]
    assert table.player(0).active_tiles == []


@pytest.mark.parametrize(
    ("citizens", "paid", "aside"),
    [(3, [4], [6]), (6, [4, 6], [])],  # either order pays the same tiles
)
def test_tiles_every_order_pays_alike_are_settled_without_a_question(citizens, paid, aside):
    """Rulebook, C. Dice, step 4 ("In any order ... you must move your marker down"): with no
    philosophy token, the order is the only choice; when it cannot matter, nobody is asked."""
    table = Table(["argos", "sparta"])
    table.roll([2, 2], [6, 6])
    table.edit(0, citizens=citizens, philosophy=0)
    table.assign(0, 4, 6)  # Military owes 2 citizens, Development 4
    table.assign(1, 0, 2)

    assert table.kinds().get(0) != "adjust_citizens"
    assert (table.player(0).active_tiles, table.player(0).set_aside) == (paid, aside)
    assert table.player(0).citizens == citizens - 2 * len(paid) - 2 * (6 in paid)


def test_the_order_of_payment_is_asked_when_it_decides_which_tile_is_kept():
    table = Table(["argos", "sparta"])
    table.roll([2, 2], [6, 6])
    table.edit(0, citizens=4, philosophy=0)
    table.assign(0, 4, 6)  # 2 or 4 citizens: either tile can be paid, not both
    table.assign(1, 0, 2)

    assert sorted(table.option_ids(0)) == ["pay:4", "pay:6"]


def test_a_tile_set_aside_is_not_resolved():
    table = Table(["argos", "sparta"])
    table.edit(0, citizens=0)
    table.roll([1, 6], [6, 6])
    table.assign(0, 2, 0)  # Culture on a 1 cannot be paid and is set aside by force
    table.assign(1, 0, 3)
    vp = table.player(0).vp
    table.answer_defaults(until=lambda state: state.phase == "progress")

    assert table.player(0).set_aside == [2]
    assert table.player(0).vp == vp
    assert game.view(table.state, 1)["players"][0]["tiles_set_aside"] == [2]
