"""Every city development, one table row each, in a small game of its own.

Expected values come from the component data (docs/component-data/khora_data.yaml) and the
rulebook, worked out by hand.
"""

from __future__ import annotations

import pytest

from engine.khora.content.cities import CITIES
from engine.khora.phases.scoring import score_breakdown
from tests.engine.content.table import (
    ContentTable,
    action_gains,
    at_progress,
    development_turn,
    politics_turn,
    with_rival,
)

# Drachma cost and knowledge requirement (red, blue, green) of developments 2 to 4, restated
# from the component data.
DEVELOPMENT_FACTS = {
    ("argos", 2): (0, (0, 2, 0)),
    ("argos", 3): (0, (1, 2, 0)),
    ("argos", 4): (2, (1, 3, 2)),
    ("athens", 2): (0, (1, 0, 1)),
    ("athens", 3): (1, (0, 2, 0)),
    ("athens", 4): (2, (2, 2, 2)),
    ("corinth", 2): (1, (1, 0, 0)),
    ("corinth", 3): (2, (2, 1, 1)),
    ("corinth", 4): (3, (2, 2, 2)),
    ("miletus", 2): (1, (1, 0, 0)),
    ("miletus", 3): (2, (2, 0, 1)),
    ("miletus", 4): (4, (3, 0, 2)),
    ("olympia", 2): (0, (0, 0, 1)),
    ("olympia", 3): (2, (1, 0, 2)),
    ("olympia", 4): (3, (2, 1, 3)),
    ("sparta", 2): (1, (0, 2, 0)),
    ("sparta", 3): (2, (1, 3, 1)),
    ("sparta", 4): (4, (2, 3, 2)),
    ("thebes", 2): (0, (0, 1, 1)),
    ("thebes", 3): (0, (1, 2, 1)),
    ("thebes", 4): (2, (2, 2, 2)),
}

COLOURS = ("red", "blue", "green")


def tokens_for(needs, tier="minor") -> dict[str, int]:
    return {f"{c}_{tier}": n for c, n in zip(COLOURS, needs, strict=True) if n}


def test_there_are_seven_cities_of_four_developments():
    assert sorted(CITIES) == sorted({city for city, _ in DEVELOPMENT_FACTS})
    assert all(len(city.developments) == 4 for city in CITIES.values())


# --- level 1: in effect from setup ------------------------------------------------------------

PLAIN_START = {
    "vp": 0,
    "drachma": 4,
    "citizens": 3,
    "troops": 0,
    "philosophy": 0,
    "tax": 0,
    "glory": 0,
    "economy": 1,
    "culture": 1,
    "military": 1,
}


@pytest.mark.parametrize(
    ("city", "difference"),
    [
        ("argos", {"troops": 2}),
        ("athens", {"philosophy": 3}),
        ("corinth", {"drachma": 4}),
        ("miletus", {"economy": 1, "citizens": 3}),  # economy level 2's reward
        ("olympia", {"tax": 1, "drachma": 1}),  # round 1's tax already pays that step
        ("sparta", {}),  # its start ability is an exploration discount (see below)
        ("thebes", {"military": 1, "glory": 1}),  # military level 2's reward
    ],
)
def test_first_development_is_in_effect_when_round_one_starts(city, difference):
    table = ContentTable(with_rival(city))
    seat = table.player(0)
    now = {name: getattr(seat, name) for name in PLAIN_START}

    assert seat.development == 1
    assert {k: now[k] - PLAIN_START[k] for k in now if now[k] != PLAIN_START[k]} == difference


def test_sparta_starts_losing_one_troop_fewer_when_exploring():
    table = ContentTable(["sparta", "argos"])
    table.empty_hands()
    table.edit(0, troops=4)
    table.edit(1, troops=4)
    table.roll([6, 6], [6, 6])
    table.assign(0, 4, 5)
    table.assign(1, 4, 5)  # seat 1 starts (a tie goes clockwise from after the last start)

    table.decide(1, "space:green-4-2")
    table.decide(0, "space:red-4-2")

    assert table.player(0).troops == 4 + 1 - 1  # Military level 1 adds 1, the space costs 2-1
    assert table.player(1).troops == 4 + 1 - 2


# --- unlocking: cost and requirement -------------------------------------------------------------


def unlock_offered(table: ContentTable) -> bool:
    return table.kinds().get(0) == "develop" and "unlock" in table.option_ids(0)


@pytest.mark.parametrize(("city", "level"), sorted(DEVELOPMENT_FACTS))
def test_development_unlocks_exactly_at_its_cost_and_requirement(city, level):
    cost, needs = DEVELOPMENT_FACTS[(city, level)]

    exact = development_turn(city, level - 1, drachma=cost, tokens=tokens_for(needs))
    assert unlock_offered(exact)
    assert f"level {level}" in exact.option_labels(0)["unlock"]

    if cost:
        poor = development_turn(city, level - 1, drachma=cost - 1, tokens=tokens_for(needs))
        assert not unlock_offered(poor)
    for index, colour in enumerate(COLOURS):
        if needs[index]:
            lacking = list(needs)
            lacking[index] -= 1
            short = development_turn(city, level - 1, drachma=cost, tokens=tokens_for(lacking))
            assert not unlock_offered(short), colour


def test_a_city_has_nothing_left_to_unlock_after_level_4():
    table = development_turn("argos", 4, drachma=20, tokens={"red_major": 5, "blue_major": 5})
    assert table.kinds().get(0) != "develop", "only 'Unlock nothing' is left, so nobody is asked"
    assert table.player(0).development == 4


# --- immediate developments --------------------------------------------------------------------

UNLOCKS = [
    # city, level, extra staging, choices after unlocking, change (the cost included)
    ("argos", 2, {}, ["troops:2"], {"troops": 2}),
    ("argos", 2, {}, ["drachma:3"], {"drachma": 3}),
    ("argos", 2, {}, ["vp:4"], {"vp": 4}),
    ("argos", 2, {}, ["citizens:5"], {"citizens": 5}),
    ("argos", 3, {}, [], {"military": 1, "glory": 1}),  # military 2's glory comes with it
    ("argos", 4, {}, [], {"drachma": -2, "glory": 2}),
    # Corinth 2: one tax step per knowledge token owned, majors and minors alike (3 here).
    (
        "corinth",
        2,
        {"tokens": {"red_minor": 1, "blue_major": 2}, "tax": 1},
        [],
        {"drachma": -1, "tax": 3},
    ),
    ("corinth", 2, {"tokens": {"red_minor": 1}, "tax": 9}, [], {"drachma": -1, "tax": 1}),
    # Miletus 2 (Miletus starts on economy 2): economy 3 gives 3 citizens, culture 2 nothing.
    (
        "miletus",
        2,
        {},
        ["track:economy", "track:culture"],
        {"drachma": -1, "economy": 1, "citizens": 3, "culture": 1},
    ),
    (
        "miletus",
        2,
        {},
        ["track:military", "track:culture"],
        {"drachma": -1, "military": 1, "glory": 1, "culture": 1},
    ),
    ("miletus", 4, {}, [], {"drachma": -4, "vp": 15}),
    ("olympia", 3, {}, [], {"drachma": -2, "culture": 2, "tax": 1}),  # culture 3 gives tax
    # Olympia 4: three Culture actions at culture 2 (2 VP each), each with Olympia 2's troop
    # and philosophy token.
    (
        "olympia",
        4,
        {"culture": 2},
        [],
        {"drachma": -3, "vp": 6, "troops": 3, "philosophy": 3},
    ),
    # Sparta 3: two Military actions at military 2 (2 troops each), each with Sparta 2's tax
    # step and an exploration (skipped here).
    ("sparta", 3, {"military": 2}, ["skip", "skip"], {"drachma": -2, "troops": 4, "tax": 2}),
]


@pytest.mark.parametrize(("city", "level", "staging", "choices", "change"), UNLOCKS)
def test_immediate_development_applies_when_unlocked(city, level, staging, choices, change):
    cost, needs = DEVELOPMENT_FACTS[(city, level)]
    table = development_turn(
        city, level - 1, **{"drachma": cost, "tokens": tokens_for(needs), **staging}
    )
    before = table.snapshot(0)

    table.decide(0, "unlock")
    for choice in choices:
        assert choice in table.option_ids(0), table.prompt(0)
        table.decide(0, choice)

    assert table.player(0).development == level
    assert table.delta(0, before) == change


def test_argos_level_2_names_every_reward_it_offers():
    table = development_turn("argos", 1, tokens={"blue_minor": 2})
    table.decide(0, "unlock")
    assert "Argos" in table.prompt(0).text
    assert sorted(table.option_labels(0).values()) == [
        "Gain 2 troops",
        "Gain 3 drachmas",
        "Gain 4 VP",
        "Gain 5 citizens",
    ]


def test_miletus_level_2_moves_two_different_tracks():
    table = development_turn("miletus", 1, drachma=1, tokens={"red_minor": 1})
    table.decide(0, "unlock")
    assert "Miletus" in table.prompt(0).text
    table.decide(0, "track:culture")

    assert "track:culture" not in table.option_ids(0)
    assert {"track:economy", "track:military"} <= set(table.option_ids(0))


def test_miletus_level_2_offers_no_track_already_at_level_7():
    table = development_turn("miletus", 1, drachma=1, tokens={"red_minor": 1}, economy=7)
    table.decide(0, "unlock")
    assert "track:economy" not in table.option_ids(0)


def test_sparta_level_3_explores_after_each_of_its_two_military_actions():
    tokens = {"red_minor": 1, "blue_minor": 3, "green_minor": 1}
    table = development_turn("sparta", 2, drachma=2, tokens=tokens, troops=3)
    table.decide(0, "unlock")
    assert table.kinds()[0] == "explore"
    table.decide(0, "space:red-4-2")  # 3 + 1 troops; Sparta loses 1 fewer: 4 - (2 - 1) = 3
    assert table.kinds()[0] == "explore"
    assert table.player(0).troops == 3 + 1, "the second Military action has added its troop"
    table.decide(0, "space:blue-3-1")  # loses 1 - 1 = 0
    assert table.player(0).troops == 4
    assert table.player(0).tokens == {"red_minor": 2, "blue_minor": 4, "green_minor": 1}


# --- ongoing developments -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("development", "bonus"),
    [
        (1, {}),
        (2, {"drachma": 2, "vp": 3}),
        (3, {"drachma": 2, "vp": 3, "troops": 2}),  # levels 2 and 3 both pay
    ],
)
def test_athens_developments_pay_for_every_card_played(development, bonus):
    table = politics_turn(
        "gifts-from-the-west", cities=("athens", "argos"), development=development, troops=0
    )
    before = table.snapshot(0)
    table.decide(0, "card:gifts-from-the-west")
    change = table.delta(0, before)
    change["drachma"] -= 3  # the card's own 3 drachmas
    assert {k: v for k, v in change.items() if v and k != "hand"} == bonus


def test_athens_level_2_also_pays_for_a_card_played_through_prosperity():
    table = ContentTable(["athens", "argos"])
    table.empty_hands()
    table.give(0, "gifts-from-the-west")
    table.edit(0, development=2, troops=5)
    table.reveal_next_event("prosperity")
    table.roll([3, 3], [3, 3])
    table.assign(0, 0, 2)
    table.assign(1, 0, 2)
    table.skip_to_progress()
    table.edit(1, troops=0)
    table.play_until(lambda state: state.phase == "event_resolution")
    before = table.snapshot(0)

    table.decide(0, "card:gifts-from-the-west")

    assert table.delta(0, before) == {"hand": -1, "drachma": 3 + 2, "vp": 3}


@pytest.mark.parametrize(
    ("city", "development", "tile", "bonus"),
    [
        ("miletus", 3, 3, {"vp": 3}),  # each Trade action
        ("olympia", 2, 2, {"troops": 1, "philosophy": 1}),  # each Culture action
        ("sparta", 2, 4, {"tax": 1}),  # each Military action
    ],
)
def test_ongoing_development_adds_its_bonus_to_the_action(city, development, tile, bonus):
    before_unlock = action_gains(tile, city=city, development=development - 1)
    after_unlock = action_gains(tile, city=city, development=development)
    extra = {
        k: after_unlock.get(k, 0) - before_unlock.get(k, 0) for k in {*before_unlock, *after_unlock}
    }
    assert {k: v for k, v in extra.items() if v} == bonus


@pytest.mark.parametrize(("development", "explorations"), [(2, 1), (3, 2)])
def test_thebes_level_3_explores_twice_per_military_action(development, explorations):
    table = ContentTable(["thebes", "argos"])
    table.empty_hands()
    table.edit(0, development=development, troops=10)
    table.roll([6, 6], [3, 3])
    table.assign(0, 4, 5)
    table.assign(1, 0, 2)

    taken = 0
    while table.kinds().get(0) == "explore":
        table.decide(0, "space:red-2-1" if taken == 0 else "space:green-2-1")
        taken += 1

    assert taken == explorations
    assert table.player(0).token_count() == explorations


def test_corinth_level_3_allows_two_progress_levels_each_one_drachma_cheaper():
    table = at_progress(city="corinth", development=3, drachma=10)
    assert table.option_labels(0)["advance:economy"].endswith("for 1 drachma")  # 2 - 1, singular
    table.decide(0, "advance:economy")
    table.decide(0, "advance:economy")  # level 3 also costs 2 - 1

    assert table.player(0).economy == 3
    assert table.player(0).drachma == 8


# --- Thebes level 2: the glory exchange, at any prompt ------------------------------------------


def test_thebes_level_2_offers_the_glory_exchange_on_any_prompt_and_asks_again():
    table = ContentTable(["thebes", "argos"])
    table.edit(0, development=2, glory=2)
    table.roll([3, 3], [3, 3])
    assert table.kinds()[0] == "assign_die"
    label = table.option_labels(0)["glory-exchange"]
    assert "Thebes" in label and "glory" in label
    before = table.snapshot(0)

    table.decide(0, "glory-exchange")

    assert table.delta(0, before) == {"glory": -1, "drachma": 2, "vp": 4}
    assert table.kinds()[0] == "assign_die", "the same question is asked again"
    table.decide(0, "glory-exchange")
    assert table.player(0).glory == 0
    assert "glory-exchange" not in table.option_ids(0), "no glory left to give"


def test_thebes_glory_exchange_needs_level_2():
    table = ContentTable(["thebes", "argos"])
    table.roll([3, 3], [3, 3])
    assert table.player(0).glory == 1
    assert "glory-exchange" not in table.option_ids(0)


def test_thebes_level_2_may_exchange_glory_just_before_final_scoring():
    table = ContentTable(["thebes", "argos"])
    table.edit(0, development=2)
    table.play_until(lambda state: state.phase == "final_scoring")
    assert table.kinds()[0] == "final_exchange"
    table.edit(0, glory=3, vp=20, tokens={"red_major": 2})
    assert table.option_ids(0) == ["done", "glory-exchange"]

    table.decide(0, "glory-exchange")
    table.decide(0, "done")

    assert table.state.finished
    # Score track 20 + 4 = 24; glory 2 x 2 major tokens = 4.
    breakdown = table.state.final_scores["breakdown"][0]
    assert breakdown["score_track"] == 24
    assert breakdown["glory_x_major_tokens"] == 4
    assert breakdown["total"] == 28


# --- end-game developments ---------------------------------------------------------------------

END_GAME = [
    # city, staging at level 4, VP at final scoring (worked out by hand)
    ("athens", {"played": ["quarry", "gradualism", "bank"]}, 9),  # 3 per card in play
    ("corinth", {"tokens": {"red_minor": 2, "blue_major": 1, "green_minor": 2}}, 10),  # 2 each
    ("sparta", {"tokens": {"blue_minor": 2, "blue_major": 1, "red_minor": 4}}, 12),  # 4/blue
    ("thebes", {"tokens": {"red_minor": 2, "green_minor": 1, "blue_major": 2}}, 6),  # 2/minor
]


@pytest.mark.parametrize(("city", "staging", "vp"), END_GAME)
def test_end_game_development_scores_only_once_unlocked(city, staging, vp):
    table = ContentTable(with_rival(city))
    table.empty_hands()
    table.put_in_play(0, *staging.get("played", ()))
    table.edit(0, tokens=staging.get("tokens", {}), development=4)
    assert score_breakdown(table.state, 0)["developments"] == vp

    table.edit(0, development=3)
    assert score_breakdown(table.state, 0)["developments"] == 0
