"""Each worked example of the English rulebook, played through the engine."""

from tests.engine.scenario import Table


def test_miletus_starts_on_economy_2_with_its_three_citizens():
    table = Table(["miletus", "argos"])

    miletus = table.player(0)
    assert (miletus.economy, miletus.citizens, miletus.development) == (2, 6, 1)
    assert table.player(1).troops == 2  # Argos' first development, for contrast


def test_dice_example_development_on_a_four_costs_two_citizens():
    table = Table(["argos", "sparta"])
    citizens = table.player(0).citizens
    table.roll([2, 4], [5, 5])

    table.assign(0, 2, 6)  # Culture (2) on the 2, Development (6) on the 4
    table.assign(1, 0, 2)

    assert table.player(0).citizens == citizens - 2
    assert table.player(0).active_tiles == [2, 6]


def test_action_order_example_military_follows_turn_order_from_start_player():
    green, black, orange = 0, 1, 2  # Green starts; Black sits closer to Green than Orange
    table = Table(["argos", "sparta", "thebes"])
    for seat in range(3):
        table.edit(seat, troops=9)
    table.roll([2, 3], [4, 5], [3, 4])  # Green rolls lowest and starts
    table.assign(green, 0, 3)
    table.assign(black, 4, 5)
    table.assign(orange, 0, 4)
    assert table.state.start_player == green
    # Philosophy is taken at once by Orange and Green; Green's Trade and Black's Military
    # may be answered at the same time, as they cannot touch each other.
    assert table.player(orange).philosophy == 1 and table.player(green).philosophy == 1
    assert table.kinds() == {green: "buy_token", black: "explore"}

    table.decide(green, "skip")
    assert table.kinds() == {black: "explore"}, "Orange's Military waits for Black's"
    table.decide(black, "space:red-9-8")
    assert table.kinds() == {orange: "explore", black: "play_politics"}
    assert "space:red-9-8" not in table.option_ids(orange)
    table.decide(orange, "skip")
    table.decide(black, "skip")
    assert table.state.phase != "actions"


def test_military_example_explores_the_major_token_needing_six_troops():
    table = Table(["corinth", "argos"])
    table.edit(0, troops=2, military=4)
    table.roll([4, 4], [3, 3])
    table.assign(0, 4, 0)
    table.assign(1, 0, 2)
    drachmas = table.player(0).drachma

    assert table.player(0).troops == 6
    assert "space:red-6-3" in table.option_ids(0)
    assert "space:red-7-5" not in table.option_ids(0)
    table.decide(0, "space:red-6-3")

    athens = table.player(0)
    assert athens.troops == 3
    assert athens.tokens == {"red_major": 1}
    assert athens.drachma == drachmas + 2
    assert "red-6-3" not in table.state.exploration


def test_military_example_troops_over_fifteen_explore_then_drop_to_fifteen():
    table = Table(["corinth", "argos"])
    table.edit(0, troops=13, military=4)
    table.roll([4, 4], [3, 3])
    table.assign(0, 4, 0)
    table.assign(1, 0, 2)

    assert table.player(0).troops == 17
    table.decide(0, "space:red-2-1")  # loses 1; the action phase ends with 16, cut to 15

    assert table.state.phase == "progress"
    assert table.player(0).troops == 15
    assert table.player(0).tokens == {"red_minor": 1}


def test_mercenary_recruitment_gains_economy_level_in_troops_up_to_fifteen():
    table = Table(["corinth", "argos"])
    table.edit(0, troops=13, economy=5, tokens={"red_minor": 1}, hand=["mercenary-recruitment"])
    table.roll([5, 5], [3, 3])
    table.assign(0, 5, 0)
    table.assign(1, 0, 2)

    table.decide(0, "card:mercenary-recruitment")

    assert table.player(0).troops == 15
    assert table.player(0).played == ["mercenary-recruitment"]
    assert table.player(0).tokens == {"red_minor": 1}, "requirements are checked, not spent"


def test_progress_example_economy_from_two_to_three_costs_two_and_gives_three_citizens():
    table = Table(["miletus", "sparta"])
    table.roll([1, 1], [1, 1])
    table.assign(0, 0, 1)
    table.assign(1, 0, 2)
    table.answer_defaults(until=lambda state: state.phase == "progress")
    table.edit(0, drachma=5, citizens=3)
    table.state.cache = {}

    assert "advance:economy" in table.option_ids(0)
    table.decide(0, "advance:economy")

    miletus = table.player(0)
    assert (miletus.economy, miletus.drachma, miletus.citizens) == (3, 3, 6)


def test_achievement_example_both_players_reaching_twelve_citizens_each_gain_one_glory():
    table = Table(["argos", "sparta"])
    table.roll([3, 3], [3, 3])
    table.assign(0, 0, 2)
    table.assign(1, 0, 2)
    table.answer_defaults(until=lambda state: state.phase == "progress")
    table.edit(0, citizens=12)
    table.edit(1, citizens=14)
    table.answer_defaults(until=lambda state: state.round == 2)

    assert table.state.achievements_claimed["citizens"] == [0, 1]
    assert table.player(0).glory == 1 and table.player(1).glory == 1
    assert table.player(0).tax == 0
