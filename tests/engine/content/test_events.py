"""Every event card, one table row each, resolved in a small game of its own.

Each game plays round 1 on safe defaults, reveals the event under test for round 2, has every
seat take Philosophy and Culture (which ask nothing), stages the seats at the progress phase
and then lets the event resolve. Expected values are worked out by hand from the event texts
in the component data and the rulebook's phase F rules (ties: every tied player applies it).
"""

from __future__ import annotations

import pytest

from engine.khora.content.events import EVENTS, FIRST_EVENT, LAST_EVENT, RANDOM_POOL
from tests.engine.content.table import ContentTable, chance_kind

CITIES = ["argos", "miletus", "corinth", "thebes"]


def event_table(event: str, staging: list[dict], hands=None) -> ContentTable:
    """Round 2 with `event` revealed, stopped at the progress phase with seats staged."""
    table = ContentTable(CITIES[: len(staging)])
    table.reveal_next_event(event)
    table.roll(*([[3, 3]] * len(staging)))
    for seat in range(len(staging)):
        table.assign(seat, 0, 2)
    table.skip_to_progress()
    for seat, values in enumerate(staging):
        # Low values everywhere, so no achievement is won after the event (10 VP, 12
        # citizens, 6 troops); glory 0, so Thebes never offers its exchange.
        table.edit(seat, **{"vp": 0, "citizens": 3, "troops": 0, "glory": 0, **values})
    table.empty_hands()  # round 1's Legislation may have drawn some
    for seat, cards in enumerate(hands or []):
        table.give(seat, *cards)
    return table


def resolve(table: ContentTable) -> list[dict]:
    """Everyone ends the progress phase; returns what changed per seat up to the first
    question the event asks (or the next round's announcement)."""
    before = [table.snapshot(seat) for seat in range(table.state.num_players)]
    while any(kind == "progress" for kind in table.kinds().values()):
        seat = next(s for s, kind in table.kinds().items() if kind == "progress")
        table.decide(seat, "done")
    return [table.delta(seat, before[seat]) for seat in range(table.state.num_players)]


def test_there_are_16_events_with_a_fixed_first_and_last():
    assert len(EVENTS) == 16
    assert FIRST_EVENT == "growing-populations" and LAST_EVENT == "conquest-of-the-persians"
    assert len(RANDOM_POOL) == 14 and FIRST_EVENT not in RANDOM_POOL


# --- events that ask nothing -------------------------------------------------------------------

AUTOMATIC = [
    # event, staging per seat, change per seat
    (
        "plague-of-athens",
        [{"citizens": 5}, {"citizens": 1}],
        [{"citizens": -2}, {"citizens": -1}],  # nobody drops below 0
    ),
    ("supplies-from-lydia", [{}, {}], [{"drachma": 3}, {"drachma": 3}]),
    ("drought", [{"drachma": 5}, {"drachma": 1}], [{"drachma": -2}, {"drachma": -1}]),
    (
        "invention-of-the-trireme",
        [{"troops": 1}, {"troops": 2}],
        [{"troops": 3}, {"troops": 3}],
    ),
    ("outbreak-of-war", [{"troops": 3}, {"troops": 1}], [{"troops": -2}, {"troops": -1}]),
    # Most troops (seat 0) and fewest troops (seat 2); seat 1, in between, is untouched.
    (
        "the-savior-of-greece",
        [{"troops": 5}, {"troops": 3}, {"troops": 1, "drachma": 1}],
        [{"drachma": 2}, {}, {"drachma": -1}],
    ),
    (
        "conscripting-troops",
        [{"troops": 5}, {"troops": 3}, {"troops": 1, "citizens": 5}],
        [{"citizens": 3}, {}, {"citizens": -3}],
    ),
    (
        "eleusinian-mysteries",
        [{"troops": 5}, {"troops": 3}, {"troops": 1, "vp": 2}],
        [{"vp": 4}, {}, {"vp": -2}],
    ),
    (
        "origin-of-the-academy",
        [
            {"troops": 5, "philosophy": 2},
            {"troops": 3, "philosophy": 2},
            {"troops": 1, "philosophy": 3},
        ],
        [{"philosophy": 1}, {}, {"philosophy": -3}],
    ),
    # Ties: both seats on 4 troops have the most; seat 2 alone has the fewest.
    (
        "eleusinian-mysteries",
        [{"troops": 4}, {"troops": 4}, {"troops": 1, "vp": 5}],
        [{"vp": 4}, {"vp": 4}, {"vp": -4}],
    ),
    # Everyone tied: each seat has both the most and the fewest and applies both parts, the
    # gain first (so Origin of the Academy ends with no philosophy token at all).
    (
        "origin-of-the-academy",
        [{"troops": 2, "philosophy": 2}, {"troops": 2, "philosophy": 0}],
        [{"philosophy": -2}, {}],
    ),
    (
        "the-savior-of-greece",
        [{"troops": 2, "drachma": 0}, {"troops": 2, "drachma": 5}],
        [{}, {}],  # +2 then -2
    ),
]


@pytest.mark.parametrize(("event", "staging", "changes"), AUTOMATIC)
def test_event_applies_to_the_right_players(event, staging, changes):
    table = event_table(event, staging)
    assert table.state.current_event == event

    assert resolve(table) == changes
    assert chance_kind(table.state) == "event", "the next round's announcement is reached"


# --- Growing Populations: the dice phase of round 1 ---------------------------------------------


@pytest.mark.parametrize(
    ("dice", "gains"),
    [([1, 3], 1), ([2, 2], 1), ([2, 3], 0), ([6, 6], 0)],
)
def test_growing_populations_gives_a_philosophy_token_for_dice_totalling_4_or_less(dice, gains):
    table = ContentTable(["argos", "miletus"])
    assert table.state.current_event == "growing-populations"
    table.edit(0, philosophy=0)

    table.roll(dice, [6, 5])

    assert table.state.phase == "dice"
    assert table.player(0).philosophy == gains
    assert table.player(1).philosophy == 0


def test_growing_populations_does_nothing_more_in_the_event_phase():
    table = ContentTable(["argos", "miletus"])
    table.roll([1, 1], [6, 6])
    table.assign(0, 0, 1)
    table.assign(1, 5, 6)
    table.skip_to_progress()
    table.edit(0, philosophy=0)
    table.edit(1, philosophy=0)

    assert resolve(table) == [{}, {}]


# --- events with a choice -----------------------------------------------------------------------


@pytest.mark.parametrize("take", [True, False])
def test_the_rise_of_persia_lets_every_player_buy_a_military_level_2_drachmas_cheaper(take):
    table = event_table("the-rise-of-persia", [{"drachma": 1, "military": 2}, {"drachma": 0}])
    resolve(table)
    assert table.kinds() == {0: "event_progress", 1: "event_progress"}
    assert "The Rise of Persia" in table.prompt(0).text
    # Military level 3 costs 3 - 2 = 1; level 2 costs 2 - 2 = 0.
    assert table.option_ids(0) == ["skip", "advance:military"]
    assert table.option_labels(0)["advance:military"].endswith("for 1 drachma")
    assert "for 0 drachmas" in table.option_labels(1)["advance:military"]

    table.decide(0, "advance:military" if take else "skip")
    table.decide(1, "skip")

    seat = table.player(0)
    assert (seat.military, seat.drachma) == ((3, 0) if take else (2, 1))


def test_military_victory_offers_any_track_to_the_most_troops_only():
    table = event_table(
        "military-victory",
        [{"troops": 5, "drachma": 1, "economy": 3}, {"troops": 2}],
    )
    resolve(table)
    assert table.kinds() == {0: "event_progress"}
    assert "Military Victory" in table.prompt(0).text
    # Economy 4 costs 3 - 2 = 1, culture 2 costs max(0, 1 - 2) = 0, military 2 costs 0.
    assert table.option_ids(0) == [
        "skip",
        "advance:economy",
        "advance:culture",
        "advance:military",
    ]

    table.decide(0, "advance:economy")

    seat = table.player(0)
    assert (seat.economy, seat.drachma, seat.vp) == (4, 0, 5)  # economy 4 gives 5 VP


def test_military_victory_may_be_declined():
    table = event_table("military-victory", [{"troops": 5, "drachma": 3}, {"troops": 2}])
    resolve(table)
    before = table.snapshot(0)
    table.decide(0, "skip")
    assert table.delta(0, before) == {}


@pytest.mark.parametrize("take", [True, False])
def test_prosperity_lets_the_most_troops_play_a_politics_card(take):
    table = event_table(
        "prosperity",
        [{"troops": 2}, {"troops": 5}],
        hands=[["gifts-from-the-west"], ["tunnel-of-eupalinos"]],
    )
    table.edit(1, drachma=4)
    resolve(table)
    assert table.kinds() == {1: "play_politics"}
    assert table.prompt(1).text.startswith("Prosperity")

    table.decide(1, "card:tunnel-of-eupalinos" if take else "skip")

    seat = table.player(1)
    assert (seat.vp, seat.drachma) == ((6, 0) if take else (0, 4))
    assert table.player(0).hand == ["gifts-from-the-west"]


def test_the_thirty_tyrants_most_troops_draw_two_fewest_discard_two_of_their_choice():
    table = event_table(
        "the-thirty-tyrants",
        [{"troops": 5}, {"troops": 1}],
        hands=[[], ["quarry", "bank", "council"]],
    )
    resolve(table)

    assert chance_kind(table.state) == "draw"
    drawn = table.state.deck_unseen[:2]
    table.chance(kind="draw", seat=0, cards=drawn)
    assert table.player(0).hand == drawn

    assert table.kinds() == {1: "discard_card"}
    assert "The Thirty Tyrants" in table.prompt(1).text
    table.decide(1, "card:bank")
    table.decide(1, "card:quarry")

    assert table.player(1).hand == ["council"]
    assert table.state.deck_bottom[-2:] == ["bank", "quarry"]


def test_the_thirty_tyrants_discards_a_whole_hand_that_is_too_small():
    table = event_table(
        "the-thirty-tyrants", [{"troops": 5}, {"troops": 1}], hands=[["bank"], ["quarry"]]
    )
    resolve(table)
    table.chance(kind="draw", seat=0, cards=table.state.deck_unseen[:2])

    assert table.player(1).hand == []  # the only card went without a question


def test_the_thirty_tyrants_when_all_tied_each_player_draws_two_then_discards_two():
    table = event_table("the-thirty-tyrants", [{"troops": 2}, {"troops": 2}], hands=[[], []])
    resolve(table)
    table.chance(kind="draw", seat=0, cards=table.state.deck_unseen[:2])
    table.chance(kind="draw", seat=1, cards=table.state.deck_unseen[:2])
    for seat in (0, 1):
        while table.kinds().get(seat) == "discard_card":
            table.decide(seat, table.option_ids(seat)[0])

    assert table.player(0).hand == [] and table.player(1).hand == []


def test_oracle_of_delphi_takes_the_chosen_token_and_gives_two_philosophy_tokens():
    table = event_table(
        "oracle-of-delphi",
        [{"tokens": {"red_major": 1, "blue_minor": 1}, "philosophy": 0}, {"philosophy": 0}],
    )
    resolve(table)
    assert table.kinds() == {0: "give_up_token"}, "a player with no token is not asked"
    assert "Oracle of Delphi" in table.prompt(0).text
    assert table.option_ids(0) == ["token:blue_minor", "token:red_major"]

    table.decide(0, "token:red_major")

    assert table.player(0).tokens == {"blue_minor": 1, "red_major": 0}
    assert table.player(0).token_count() == 1
    assert table.player(0).philosophy == 2
    assert table.player(1).philosophy == 0


# --- Conquest of the Persians ---------------------------------------------------------------------


def last_round(persepolis: bool) -> ContentTable:
    """Round 9: seat 0 may explore Persepolis with its Military action, then the last event."""
    table = ContentTable(["sparta", "miletus"])
    table.empty_hands()
    table.play_until(lambda state: state.round == 9 and chance_kind(state) == "dice")
    assert table.state.current_event == "conquest-of-the-persians"
    # no tokens yet: the defaults played so far may have explored spaces that cost nothing
    table.edit(0, troops=15, glory=0, tokens={})
    table.edit(1, glory=0)
    table.roll([6, 6], [3, 3])
    table.assign(0, 4, 5)
    table.assign(1, 0, 2)
    table.settle_dice()
    assert table.kinds()[0] == "explore"
    table.decide(0, "space:persepolis" if persepolis else "skip")
    table.skip_to_progress()
    return table


def test_persepolis_gives_three_major_tokens_and_sparta_loses_one_troop_fewer():
    table = last_round(persepolis=True)
    seat = table.player(0)
    assert seat.tokens == {"red_major": 1, "blue_major": 1, "green_major": 1}
    assert seat.troops == 15 + 1 - (15 - 1)  # Military level 1 adds 1; Sparta loses 14
    assert table.state.persepolis_explored


def test_conquest_of_the_persians_gives_an_extra_action_but_not_military_after_persepolis():
    table = last_round(persepolis=True)
    resolve(table)

    assert table.kinds() == {0: "extra_action", 1: "extra_action"}
    assert "Conquest of the Persians" in table.prompt(0).text
    assert "tile:4" not in table.option_ids(0)
    assert {f"tile:{t}" for t in (0, 1, 2, 3, 5, 6)} <= set(table.option_ids(0))

    before = table.snapshot(1)
    table.decide(1, "tile:2")  # Culture with no die: VP equal to the culture level
    assert table.delta(1, before) == {"vp": table.player(1).culture}
    table.decide(0, "skip")
    assert table.state.finished


def test_conquest_of_the_persians_does_nothing_if_nobody_explored_persepolis():
    table = last_round(persepolis=False)
    assert resolve(table) == [{}, {}]
    assert table.state.finished
