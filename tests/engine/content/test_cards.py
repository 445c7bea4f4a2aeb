"""Every politics card, one table row each, played in a small game of its own.

Expected values come from the component data (docs/component-data/khora_data.yaml) and the
rulebook, worked out by hand; each row builds its game from a few dice, tiles and decisions
plus staging.
"""

from __future__ import annotations

import pytest

from engine.khora.content.cards import CARDS
from engine.khora.phases.scoring import score_breakdown
from tests.engine.content.table import (
    ContentTable,
    action_gains,
    at_progress,
    chance_kind,
    offered,
    politics_turn,
)

# Kind, drachma cost and knowledge requirement (red, blue, green) of every card, restated from
# the component data; the engine's own table must agree.
CARD_FACTS = {
    "archives": ("immediate", 2, (0, 0, 0)),
    "colossus-of-rhodes": ("immediate", 6, (1, 1, 1)),
    "contribution": ("immediate", 0, (0, 1, 0)),
    "council": ("immediate", 0, (0, 0, 0)),
    "gifts-from-the-west": ("immediate", 0, (0, 0, 0)),
    "greek-fire": ("immediate", 0, (0, 1, 0)),
    "mercenary-recruitment": ("immediate", 0, (1, 0, 0)),
    "ostracism": ("immediate", 3, (0, 0, 0)),
    "peripteros": ("immediate", 1, (0, 0, 2)),
    "quarry": ("immediate", 0, (1, 0, 0)),
    "rivalry": ("immediate", 0, (0, 0, 0)),
    "scholarly-welcome": ("immediate", 2, (0, 0, 0)),
    "silver-mining": ("immediate", 3, (1, 0, 0)),
    "tunnel-of-eupalinos": ("immediate", 4, (0, 0, 0)),
    "amnesty-for-socrates": ("ongoing", 2, (0, 0, 0)),
    "constructing-the-mint": ("ongoing", 2, (2, 0, 0)),
    "corinthian-columns": ("ongoing", 0, (0, 0, 0)),
    "diolkos": ("ongoing", 0, (1, 0, 0)),
    "extraordinary-collection": ("ongoing", 0, (1, 0, 0)),
    "foreign-supplies": ("ongoing", 2, (0, 0, 0)),
    "founding-the-lyceum": ("ongoing", 3, (0, 0, 0)),
    "gradualism": ("ongoing", 0, (0, 0, 1)),
    "helepole": ("ongoing", 1, (0, 1, 0)),
    "lighthouse": ("ongoing", 1, (1, 0, 0)),
    "old-guard": ("ongoing", 0, (1, 0, 1)),
    "oracle": ("ongoing", 3, (1, 1, 1)),
    "persians": ("ongoing", 0, (0, 1, 1)),
    "power": ("ongoing", 0, (1, 1, 0)),
    "public-market": ("ongoing", 3, (1, 0, 0)),
    "reformists": ("ongoing", 0, (1, 1, 1)),
    "stadion": ("ongoing", 2, (0, 2, 0)),
    "stoa-poikile": ("ongoing", 0, (0, 0, 1)),
    "austerity": ("end_game", 6, (0, 0, 3)),
    "bank": ("end_game", 0, (2, 0, 0)),
    "central-government": ("end_game", 4, (0, 0, 2)),
    "diversification": ("end_game", 6, (1, 1, 1)),
    "gold-reserve": ("end_game", 8, (3, 0, 0)),
    "hall-of-statues": ("end_game", 2, (1, 1, 1)),
    "heavy-taxes": ("end_game", 4, (2, 0, 2)),
    "proskenion": ("end_game", 0, (0, 2, 0)),
}

COLOURS = ("red", "blue", "green")


def tokens_for(needs: tuple[int, int, int], tier: str = "minor") -> dict[str, int]:
    return {f"{c}_{tier}": n for c, n in zip(COLOURS, needs, strict=True) if n}


def test_the_deck_has_40_cards_14_immediate_18_ongoing_8_end_game():
    kinds = [card.kind for card in CARDS.values()]
    assert len(CARDS) == 40
    assert (kinds.count("immediate"), kinds.count("ongoing"), kinds.count("end_game")) == (
        14,
        18,
        8,
    )
    assert set(CARDS) == set(CARD_FACTS)


@pytest.mark.parametrize("card", sorted(CARD_FACTS))
def test_card_is_playable_exactly_at_its_cost_and_requirement(card):
    kind, cost, needs = CARD_FACTS[card]
    assert CARDS[card].kind == kind

    exact = politics_turn(card, drachma=cost, tokens=tokens_for(needs))
    assert offered(exact, card)

    if cost:
        short_of_money = politics_turn(card, drachma=cost - 1, tokens=tokens_for(needs))
        assert not offered(short_of_money, card)
    for index, colour in enumerate(COLOURS):
        if not needs[index]:
            continue
        lacking = list(needs)
        lacking[index] -= 1
        short_of_tokens = politics_turn(card, drachma=cost, tokens=tokens_for(tuple(lacking)))
        assert not offered(short_of_tokens, card), colour
        # Two philosophy tokens stand in for the missing token and are spent.
        with_scrolls = politics_turn(
            card, drachma=cost, tokens=tokens_for(tuple(lacking)), philosophy=2
        )
        with_scrolls.settle_dice()
        with_scrolls.decide(0, f"card:{card}")
        assert card in with_scrolls.player(0).played
        assert with_scrolls.player(0).philosophy == 0
        assert with_scrolls.player(0).tokens == tokens_for(tuple(lacking)), "tokens are kept"


# --- immediate cards ----------------------------------------------------------------------

IMMEDIATE = [
    # card, staging, change when played (the cost included; every row also loses the card)
    ("archives", {"drachma": 2}, {"drachma": -2, "philosophy": 3}),
    (
        "colossus-of-rhodes",
        {"drachma": 6, "tokens": {"red_minor": 1, "blue_minor": 1, "green_major": 1}},
        {"drachma": -6, "vp": 10},
    ),
    (
        "contribution",
        {"tokens": {"blue_minor": 2, "red_minor": 1, "green_major": 3}},
        {"drachma": 3},  # one per minor token: 2 blue + 1 red; majors do not count
    ),
    ("gifts-from-the-west", {}, {"drachma": 3}),
    ("greek-fire", {"tokens": {"blue_major": 1}, "troops": 3}, {"troops": 4}),
    ("greek-fire", {"tokens": {"blue_major": 1}, "troops": 13}, {"troops": 2}),  # stops at 15
    ("mercenary-recruitment", {"tokens": {"red_minor": 1}, "economy": 3}, {"troops": 3}),
    (
        "peripteros",
        {"drachma": 1, "tokens": {"green_minor": 2}, "culture": 2},
        {"drachma": -1, "culture": 1, "tax": 1},  # culture level 3 gives its tax step
    ),
    ("quarry", {"tokens": {"red_minor": 1}, "tax": 2}, {"tax": 1}),
    ("quarry", {"tokens": {"red_minor": 1}, "tax": 10}, {}),  # the tax track stops at 10
    ("silver-mining", {"drachma": 3, "tokens": {"red_major": 1}}, {"drachma": -3, "tax": 2}),
    ("tunnel-of-eupalinos", {"drachma": 4}, {"drachma": -4, "vp": 6}),
]


@pytest.mark.parametrize(("card", "staging", "change"), IMMEDIATE)
def test_immediate_card_applies_its_effect_when_played(card, staging, change):
    table = politics_turn(card, **staging)
    before = table.snapshot(0)

    table.decide(0, f"card:{card}")

    assert table.delta(0, before) == {"hand": -1, **change}
    assert table.player(0).played == [card], "an immediate card stays face up in play"


def test_council_draws_two_politics_cards_into_the_hand():
    table = politics_turn("council")
    table.decide(0, "card:council")
    assert chance_kind(table.state) == "draw"
    drawn = table.state.deck_unseen[:2]

    table.chance(kind="draw", seat=0, cards=drawn)

    assert table.player(0).hand == drawn


@pytest.mark.parametrize("colour", COLOURS)
def test_scholarly_welcome_gives_a_minor_token_of_the_chosen_colour(colour):
    table = politics_turn("scholarly-welcome", drachma=2)
    table.decide(0, "card:scholarly-welcome")
    assert table.kinds()[0] == "take_minor_token"
    assert "Scholarly Welcome" in table.prompt(0).text

    table.decide(0, f"colour:{colour}")

    assert table.player(0).tokens == {f"{colour}_minor": 1}
    assert table.player(0).drachma == 0


def test_ostracism_takes_back_a_played_card_then_may_play_a_card_again():
    table = politics_turn("ostracism", drachma=3, tokens={"blue_minor": 1})
    table.put_in_play(0, "greek-fire", "quarry")
    table.decide(0, "card:ostracism")

    assert table.kinds()[0] == "ostracism_return"
    assert "Ostracism" in table.prompt(0).text
    assert table.option_ids(0) == ["card:greek-fire", "card:quarry"], "never itself"
    assert "Greek Fire" in table.option_labels(0)["card:greek-fire"]
    table.decide(0, "card:greek-fire")
    assert table.player(0).hand == ["greek-fire"]
    assert table.player(0).played == ["quarry", "ostracism"]

    assert table.kinds()[0] == "play_politics"
    assert table.prompt(0).text.startswith("Ostracism")
    troops = table.player(0).troops
    table.decide(0, "card:greek-fire")
    assert table.player(0).troops == troops + 4
    assert table.player(0).played == ["quarry", "ostracism", "greek-fire"]


def test_ostracism_with_one_card_in_play_takes_that_one_back_without_asking():
    table = politics_turn("ostracism", drachma=3)
    table.put_in_play(0, "corinthian-columns")
    table.decide(0, "card:ostracism")
    table.decide(0, "skip")  # the second play: keep it in hand this time

    assert "corinthian-columns" in table.player(0).hand
    assert "corinthian-columns" not in table.player(0).played


def test_ostracism_with_nothing_else_in_play_goes_straight_to_the_second_card():
    table = politics_turn("ostracism", drachma=3)
    table.give(0, "gifts-from-the-west")
    table.decide(0, "card:ostracism")

    assert table.kinds()[0] == "play_politics"
    table.decide(0, "card:gifts-from-the-west")
    assert table.player(0).drachma == 3


@pytest.mark.parametrize(
    ("military_levels", "advances"),
    [
        ((1, 2, 3), True),  # both others higher: free level 2, with its glory
        ((1, 2, 1), False),  # one other is level with seat 0
        ((2, 3, 1), False),  # one other is lower
    ],
)
def test_rivalry_advances_military_only_when_every_other_player_is_higher(
    military_levels, advances
):
    table = politics_turn("rivalry", cities=("argos", "miletus", "corinth"), seats=3)
    for seat, level in enumerate(military_levels):
        table.edit(seat, military=level)
    before = table.snapshot(0)

    table.decide(0, "card:rivalry")

    change = table.delta(0, before)
    if advances:
        reward = 1 if military_levels[0] + 1 in (2, 4, 6) else 0
        assert change == {"hand": -1, "military": 1, **({"glory": reward} if reward else {})}
    else:
        assert change == {"hand": -1}


# --- ongoing cards: action bonuses ---------------------------------------------------------


ACTION_BONUSES = [
    ("amnesty-for-socrates", 1, {"philosophy": 1}),  # Legislation
    ("founding-the-lyceum", 0, {"philosophy": 1}),  # Philosophy
    ("persians", 2, {"troops": 2}),  # Culture
    ("stoa-poikile", 2, {"drachma": 2}),
    ("diolkos", 3, {"drachma": 1, "troops": 1, "vp": 1}),  # Trade
    ("foreign-supplies", 3, {"troops": 2}),
    ("lighthouse", 3, {"vp": 3}),
]


@pytest.mark.parametrize(("card", "tile", "bonus"), ACTION_BONUSES)
def test_ongoing_card_adds_its_bonus_to_the_action(card, tile, bonus):
    plain = action_gains(tile)
    with_card = action_gains(tile, played=[card])

    extra = {k: with_card.get(k, 0) - plain.get(k, 0) for k in {*plain, *with_card}}
    assert {k: v for k, v in extra.items() if v} == bonus


def test_the_plain_actions_give_what_the_rulings_say():
    # Philosophy 1 token; Legislation 3 citizens; Culture = culture level in VP;
    # Trade = economy level + 1 drachmas (Argos starts on economy 1).
    assert action_gains(0) == {"philosophy": 1}
    assert action_gains(1) == {"citizens": 3}
    assert action_gains(2, culture=3) == {"vp": 3}
    assert action_gains(3) == {"drachma": 2}


def test_oracle_adds_4_vp_to_a_development_action():
    def develop(played):
        table = ContentTable(["sparta", "miletus"])
        table.empty_hands()
        table.put_in_play(0, *played)
        table.edit(0, tokens={"blue_minor": 2}, drachma=1)
        table.roll([6, 6], [3, 3])
        table.assign(0, 6, 0)
        table.assign(1, 0, 2)
        before = table.snapshot(0)
        table.decide(0, "unlock")
        return table.delta(0, before)

    assert develop([]) == {"drachma": -1}
    assert develop(["oracle"]) == {"drachma": -1, "vp": 4}


def test_extraordinary_collection_pays_2_drachmas_for_later_cards_but_not_itself():
    itself = politics_turn("extraordinary-collection", tokens={"red_minor": 1})
    itself.decide(0, "card:extraordinary-collection")
    assert itself.player(0).drachma == 4

    later = politics_turn("gifts-from-the-west")
    later.put_in_play(0, "extraordinary-collection")
    later.decide(0, "card:gifts-from-the-west")
    assert later.player(0).drachma == 4 + 3 + 2


# --- ongoing cards: the tax phase ----------------------------------------------------------


def tax_phase_gains(played, mine: dict, theirs: dict) -> dict:
    """Seat 0's gains in round 2's tax phase (tax level 0, so only card effects pay)."""
    table = ContentTable(["argos", "miletus"])
    table.play_until(lambda state: chance_kind(state) == "event")
    table.put_in_play(0, *played)
    table.edit(0, tax=0, **mine)
    table.edit(1, **theirs)
    before = table.snapshot(0)
    table.chance(kind="event", event="supplies-from-lydia")  # resolves only in phase F
    assert table.state.phase == "dice"
    return table.delta(0, before)


@pytest.mark.parametrize(
    ("mine", "theirs", "vp"),
    [
        ({"culture": 2}, {"culture": 2}, 4),  # a tie is not lower
        ({"culture": 2}, {"culture": 5}, 4),
        ({"culture": 3}, {"culture": 2}, 0),
    ],
)
def test_power_gives_4_vp_in_the_tax_phase_unless_someone_has_lower_culture(mine, theirs, vp):
    assert tax_phase_gains(["power"], mine, theirs).get("vp", 0) == vp


@pytest.mark.parametrize(
    ("mine", "theirs", "vp"),
    [
        ({"economy": 3}, {"economy": 3}, 3),  # a tie is not higher
        ({"economy": 3}, {"economy": 1}, 3),
        ({"economy": 2}, {"economy": 3}, 0),
    ],
)
def test_public_market_gives_3_vp_unless_someone_has_a_higher_economy(mine, theirs, vp):
    assert tax_phase_gains(["public-market"], mine, theirs).get("vp", 0) == vp


def test_stadion_gives_2_troops_in_every_tax_phase():
    assert tax_phase_gains(["stadion"], {"troops": 1}, {}) == {"troops": 2}


# --- ongoing cards: the progress phase -----------------------------------------------------


def prices(table: ContentTable) -> dict[str, int]:
    """The drachmas each offered track level costs seat 0 now."""
    return {
        option.data["track"]: -option.data["drachma"]
        for option in table.prompt(0).options
        if "track" in option.data
    }


@pytest.mark.parametrize(
    ("played", "city", "expected"),
    [
        # Level 2 prices: economy 2, culture 1, military 2 (Argos starts on level 1 of each).
        ((), "argos", {"economy": 2, "culture": 1, "military": 2}),
        (("gradualism",), "argos", {"economy": 1, "culture": 0, "military": 1}),
        (("constructing-the-mint",), "argos", {"economy": 0, "culture": 1, "military": 2}),
        (
            ("gradualism", "constructing-the-mint"),
            "argos",
            {"economy": 0, "culture": 0, "military": 1},
        ),
    ],
)
def test_progress_price_modifiers(played, city, expected):
    table = at_progress(played, city=city, drachma=10)
    assert prices(table) == expected


def test_gradualism_and_corinth_level_3_stack_and_never_go_below_zero():
    table = at_progress(("gradualism",), city="corinth", development=3, drachma=10)
    # Corinth starts on level 1 everywhere: 2 - 2, 1 - 2 (floor 0), 2 - 2.
    assert prices(table) == {"economy": 0, "culture": 0, "military": 0}
    table.edit(0, economy=4, culture=4, military=6)  # next levels cost 3, 6, 9
    assert prices(table) == {"economy": 1, "culture": 4, "military": 7}


def advance_count(table: ContentTable) -> int:
    """Advance the cheapest track as often as seat 0's progress prompt allows."""
    levels = 0
    while table.kinds().get(0) == "progress" and any(
        option_id.startswith("advance:") for option_id in table.option_ids(0)
    ):
        table.decide(0, "advance:culture" if levels == 0 else "advance:economy")
        levels += 1
    return levels


@pytest.mark.parametrize(
    ("played", "city", "development", "levels"),
    [
        ((), "argos", 1, 1),
        (("reformists",), "argos", 1, 2),
        ((), "corinth", 3, 2),
        (("reformists",), "corinth", 3, 2),  # together still 2 (the ruling): no third level
    ],
)
def test_extra_progress_levels(played, city, development, levels):
    table = at_progress(played, city=city, development=development, drachma=20)
    assert advance_count(table) == levels


@pytest.mark.parametrize(("advance", "vp"), [(False, 4), (True, 0)])
def test_old_guard_pays_4_vp_only_in_a_progress_phase_without_an_advance(advance, vp):
    table = at_progress(("old-guard",), vp=0)
    table.decide(0, "advance:economy" if advance else "done")
    table.play_until(lambda state: chance_kind(state) == "event")
    assert table.player(0).vp == vp


# --- ongoing cards: trade and exploration ---------------------------------------------------


def test_corinthian_columns_lowers_the_trade_token_price_to_3():
    table = ContentTable(["argos", "miletus"])
    table.empty_hands()
    table.put_in_play(0, "corinthian-columns")
    table.edit(0, drachma=1)  # + 2 from the Trade action = 3
    table.roll([6, 6], [3, 3])
    table.assign(0, 3, 5)
    table.assign(1, 0, 2)
    assert "for 3 drachmas" in table.option_labels(0)["buy:green"]

    table.decide(0, "buy:green")

    assert table.player(0).drachma == 0
    assert table.player(0).tokens == {"green_minor": 1}


def explore_losses(city: str, played=()) -> dict[str, int]:
    table = ContentTable([city, "miletus"])
    table.empty_hands()
    table.put_in_play(0, *played)
    table.edit(0, troops=8, military=1)
    table.roll([6, 6], [3, 3])
    table.assign(0, 4, 5)
    table.assign(1, 0, 2)
    return {
        option.data["space"]: -option.data["troops"]
        for option in table.prompt(0).options
        if "space" in option.data
    }


@pytest.mark.parametrize(
    ("city", "played", "cut"),
    [
        ("argos", (), 0),
        ("argos", ("helepole",), 1),
        ("sparta", (), 1),
        ("sparta", ("helepole",), 2),  # Sparta's start and Helepole stack
    ],
)
def test_exploration_losses_are_cut_by_sparta_and_helepole_never_below_zero(city, played, cut):
    losses = explore_losses(city, played)
    assert losses["red-9-8"] == 8 - cut
    assert losses["blue-4-2"] == max(0, 2 - cut)
    assert losses["red-3-0"] == 0
    assert losses["green-2-1"] == max(0, 1 - cut)


# --- end-game cards ---------------------------------------------------------------------------

END_GAME = [
    # card, staging of seat 0, VP the card is worth at final scoring (worked out by hand)
    ("austerity", {"hand": ["council", "quarry", "rivalry"]}, 9),  # 3 per card in hand
    ("bank", {"drachma": 9}, 4),  # 1 per 2 drachmas, rounded down
    ("central-government", {"played": ["greek-fire", "gradualism"]}, 6),  # 3 cards incl. itself
    ("diversification", {"economy": 3, "culture": 5, "military": 2}, 6),  # 3 x lowest (2)
    ("gold-reserve", {"economy": 4}, 8),  # 2 x economy level
    ("hall-of-statues", {"tokens": {"red_minor": 2, "blue_major": 1, "green_minor": 1}}, 4),
    ("heavy-taxes", {"tax": 3}, 6),  # 2 x tax level
    ("proskenion", {"citizens": 7}, 7),  # citizen level
]


@pytest.mark.parametrize(("card", "staging", "vp"), END_GAME)
def test_end_game_card_scores_at_final_scoring(card, staging, vp):
    table = ContentTable(["argos", "miletus"])
    table.empty_hands()
    for name in ("hand", "played"):
        if name in staging:
            getattr(table, "give" if name == "hand" else "put_in_play")(0, *staging[name])
    table.put_in_play(0, card)
    table.edit(0, **{k: v for k, v in staging.items() if k not in ("hand", "played")})

    assert score_breakdown(table.state, 0)["politics_cards"] == vp
    table.state.players[0].played.remove(card)
    assert score_breakdown(table.state, 0)["politics_cards"] == 0, "only the card scores"


def test_end_game_cards_in_hand_score_nothing():
    table = ContentTable(["argos", "miletus"])
    table.empty_hands()
    table.give(0, "proskenion", "bank")
    assert score_breakdown(table.state, 0)["politics_cards"] == 0
