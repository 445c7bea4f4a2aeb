"""Phase D: the seven actions and their limits."""

import pytest

from tests.engine.playout import game
from tests.engine.scenario import Table


def _actions(table, seat_tiles: list[int], other_tiles=(0, 2), dice=(6, 6), **edits):
    """Seat 0 plays `seat_tiles` on sixes; seat 1 plays harmless tiles."""
    table.edit(0, **edits)
    table.roll(list(dice), [5, 5])
    table.assign(0, *seat_tiles)
    table.assign(1, *other_tiles)
    if table.kinds().get(0) == "adjust_citizens":
        table.decide(0, "done")


def test_philosophy_gives_one_token():
    table = Table(["argos", "sparta"])
    _actions(table, [0, 2])
    assert table.player(0).philosophy == 1


def test_culture_gives_vp_equal_to_the_culture_level():
    table = Table(["argos", "sparta"])
    _actions(table, [2, 0], culture=3)
    assert table.player(0).vp == 3


def test_legislation_gives_three_citizens_then_keeps_one_of_two_drawn_cards():
    table = Table(["argos", "sparta"])
    _actions(table, [1, 0], citizens=14)
    assert table.player(0).citizens == 17, "Legislation may pass 15 during the action phase"
    unseen = table.state.deck_unseen[:2]
    table.chance(kind="draw", seat=0, cards=unseen)

    assert table.prompt(0).kind == "legislation_keep"
    assert table.option_ids(0) == [f"card:{c}" for c in unseen]
    assert game.view(table.state, 1)["players"][0]["hand_size"] == 5
    table.decide(0, f"card:{unseen[1]}")
    assert table.player(0).hand[-1] == unseen[1]
    assert table.state.deck_bottom == [unseen[0]]
    assert table.player(0).citizens == 15, "cut back to 15 when the action phase ends"


def test_cards_put_at_the_bottom_are_drawn_in_order_after_the_unseen_ones():
    table = Table(["argos", "sparta"])
    last_unseen, *bottom = table.state.deck_unseen[:3]
    table.state.deck_unseen = [last_unseen]
    table.state.deck_bottom = bottom
    _actions(table, [1, 0])
    table.chance(kind="draw", seat=0, cards=[last_unseen])

    assert [o.data["card"] for o in table.prompt(0).options] == [last_unseen, bottom[0]]
    table.decide(0, f"card:{last_unseen}")
    assert table.state.deck_bottom == [bottom[1], bottom[0]]


def test_trade_gives_economy_plus_one_drachmas_and_sells_one_minor_token_for_five():
    table = Table(["argos", "sparta"])
    _actions(table, [3, 0], economy=3, drachma=2)
    assert table.player(0).drachma == 6
    assert table.option_ids(0) == ["skip", "buy:red", "buy:blue", "buy:green"]
    table.decide(0, "buy:blue")

    assert table.player(0).drachma == 1
    assert table.player(0).tokens == {"blue_minor": 1}
    assert table.kinds().get(0) != "buy_token", "one token per Trade action"


def test_trade_offers_no_token_to_a_seat_short_of_five_drachmas():
    table = Table(["argos", "sparta"])
    _actions(table, [3, 0], economy=1, drachma=2)  # 2 + 2 = 4 drachmas
    assert table.player(0).drachma == 4
    assert table.kinds().get(0) != "buy_token"


def test_military_explores_only_spaces_the_troops_can_reach():
    table = Table(["argos", "sparta"])
    _actions(table, [4, 0], troops=0, military=3)
    reachable = {o.data["space"] for o in table.prompt(0).options if o.id != "skip"}
    assert reachable == {"red-2-1", "red-3-0", "red-2-2", "red-3-1", "blue-2-2", "blue-3-1"} | {
        "blue-3-3",
        "green-2-1",
        "green-3-0",
        "green-2-2",
        "green-3-1",
    }


def test_exploring_persepolis_takes_its_three_major_tokens():
    table = Table(["argos", "sparta"])
    _actions(table, [4, 0], troops=14, military=2)
    table.decide(0, "space:persepolis")

    player = table.player(0)
    assert player.tokens == {"red_major": 1, "blue_major": 1, "green_major": 1}
    assert player.troops == 1
    assert table.state.persepolis_explored
    assert "persepolis" not in table.state.exploration


def test_a_politics_card_needs_its_tokens_or_two_philosophy_tokens_for_each_missing():
    table = Table(["argos", "sparta"])
    hand = ["colossus-of-rhodes", "greek-fire"]
    # 2 philosophy tokens, and the Philosophy action (tile 0) brings a third before Politics.
    _actions(table, [5, 0], hand=hand, drachma=6, philosophy=2, tokens={"red_minor": 1})
    options = {o.id: o for o in table.prompt(0).options}

    assert "card:colossus-of-rhodes" not in options, "2 missing tokens need 4 philosophy"
    assert options["card:greek-fire"].data == {
        "card": "greek-fire",
        "drachma": 0,
        "philosophy": -2,
    }
    table.decide(0, "card:greek-fire")
    player = table.player(0)
    assert (player.philosophy, player.troops, player.played) == (1, 6, ["greek-fire"])
    assert player.tokens == {"red_minor": 1}


def test_a_politics_card_the_seat_cannot_pay_for_is_not_offered():
    table = Table(["argos", "sparta"])
    _actions(table, [5, 0], hand=["tunnel-of-eupalinos"], drachma=3)
    # Still asked: answering for the seat would tell everyone its hidden hand has no card it
    # can play (issue 9: a lone answer is taken by the engine only when that fact is public).
    assert table.option_ids(0) == ["skip"]
    table.decide(0, "skip")
    assert table.player(0).hand == ["tunnel-of-eupalinos"]


def test_a_seat_with_an_empty_hand_is_not_asked_to_play_a_card():
    table = Table(["argos", "sparta"])
    _actions(table, [5, 0], hand=[])
    assert table.kinds().get(0) != "play_politics"
    assert 5 in table.player(0).tiles_done


def test_development_unlocks_the_next_level_at_most_three_times():
    table = Table(["olympia", "sparta"])
    _actions(table, [6, 0], tokens={"green_minor": 1})
    assert table.prompt(0).options[1].id == "unlock"
    table.decide(0, "unlock")
    assert table.player(0).development == 2

    table.edit(0, development=4, drachma=50, tokens={"red_major": 5, "blue_major": 5})
    table.answer_defaults(until=lambda state: state.round == 2)
    table.chance(kind="event", event="drought")
    table.roll([6, 6], [5, 5])
    table.assign(0, 6, 0)
    table.assign(1, 0, 2)
    table.decide(0, "done")
    assert table.kinds().get(0) != "develop", "no fifth development to unlock"
    assert table.player(0).development == 4


@pytest.mark.parametrize(("tile", "kind"), [(3, "buy_token"), (5, "play_politics"), (6, "develop")])
def test_every_action_but_military_is_taken_by_all_its_players_at_once(tile, kind):
    table = Table(["argos", "sparta"])
    for seat in (0, 1):
        table.edit(seat, drachma=20, hand=["archives"], tokens={"blue_minor": 2})
    table.roll([6, 6], [6, 6])
    table.assign(0, tile, 0)
    table.assign(1, tile, 0)

    assert table.kinds() == {0: kind, 1: kind}


def test_a_seat_runs_through_its_own_actions_without_waiting_on_slower_players():
    table = Table(["argos", "sparta"])
    for seat in (0, 1):
        table.edit(seat, drachma=20, hand=["archives"])
    table.roll([6, 6], [6, 6])
    table.assign(0, 3, 5)
    table.assign(1, 3, 0)

    table.decide(0, "skip")  # seat 0 is done trading while seat 1 still thinks
    assert table.kinds() == {0: "play_politics", 1: "buy_token"}


def test_a_development_that_touches_nothing_shared_does_not_wait_for_the_others():
    table = Table(["sparta", "argos"])
    table.edit(0, drachma=20, tokens={"blue_minor": 2})
    table.edit(1, troops=5, hand=["archives"], drachma=5)
    table.roll([6, 6], [6, 6])
    table.assign(0, 6, 0)
    table.assign(1, 4, 5)

    assert table.kinds() == {0: "develop", 1: "explore"}, "Sparta 2 only pays tax"


def test_a_development_that_may_explore_waits_for_the_others_military():
    """Rulebook, D. Action: Military (4) resolves before Development (6), and exploring one
    space changes what the next explorer can take; Sparta 3 takes the Military action twice."""
    table = Table(["sparta", "argos"])
    table.edit(0, development=2, drachma=20)
    table.edit(0, tokens={"red_minor": 1, "blue_minor": 3, "green_minor": 1})
    table.edit(1, troops=5, hand=["archives"], drachma=5)
    table.roll([6, 6], [6, 6])
    table.assign(0, 6, 0)
    table.assign(1, 4, 5)

    assert table.kinds() == {1: "explore"}, "Sparta's Development waits"
    table.decide(1, "skip")
    assert table.kinds() == {0: "develop", 1: "play_politics"}, "but not for Politics"


def test_a_development_that_may_raise_military_waits_for_the_others_politics():
    """Rivalry, played with Politics (5), compares military levels; Argos 3, unlocked with
    Development (6), raises one. The rulebook resolves 5 before 6."""
    table = Table(["argos", "sparta"])
    table.edit(0, development=2, drachma=20, tokens={"red_minor": 1, "blue_minor": 2})
    table.edit(1, hand=["archives"], drachma=5)
    table.roll([6, 6], [6, 6])
    table.assign(0, 6, 0)
    table.assign(1, 5, 0)

    assert table.kinds() == {1: "play_politics"}, "Argos' Development waits"
    table.decide(1, "skip")
    assert table.kinds() == {0: "develop"}


def test_military_is_taken_one_player_at_a_time_from_the_start_player():
    table = Table(["argos", "sparta"], start=0)
    for seat in (0, 1):
        table.edit(seat, troops=5)
    table.roll([6, 6], [5, 6])
    table.assign(0, 4, 0)
    table.assign(1, 4, 0)

    assert table.kinds() == {1: "explore"}
    table.decide(1, "space:red-5-1")
    assert table.kinds() == {0: "explore"}
    assert "space:red-5-1" not in table.option_ids(0)
