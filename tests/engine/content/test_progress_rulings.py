"""The progress rulings given to us (docs/rules-notes.md, section 1), as table scenarios.

- Corinth 3's discount and Constructing the Mint's free economy level act in the Progress
  phase (E) only: the levels The Rise of Persia and Military Victory offer in phase F are
  paid without them (Gradualism, "every track level", still counts there).
- Reformists and Corinth 3 each allow "up to 2 levels in total" without philosophy tokens:
  together still 2; a philosophy token buys a further (paid) level after them.
- Free advances (cards, developments) stay free.
"""

from __future__ import annotations

import pytest

from tests.engine.content.table import at_progress, politics_turn
from tests.engine.content.test_events import event_table, resolve

# event_table seats: argos, miletus, corinth, thebes


def _corinth_3_at(event: str, corinth: dict, played=()) -> object:
    """`event` in phase F, seat 2 Corinth on its level 3 (with `played` in play)."""
    table = event_table(event, [{"troops": 0}, {"troops": 0}, {"development": 3, **corinth}])
    table.put_in_play(2, *played)
    resolve(table)
    return table


def test_corinth_3_takes_nothing_off_the_rise_of_persias_level():
    # Military 3 costs 3, the event takes 2 off: 1 drachma. In phase E Corinth 3 would make
    # it 0; in phase F it does not apply.
    table = _corinth_3_at("the-rise-of-persia", {"military": 2, "drachma": 1})
    label = table.option_labels(2)["advance:military"]
    assert label.endswith("for 1 drachma"), label
    table.decide(2, "advance:military")
    assert (table.player(2).military, table.player(2).drachma) == (3, 0)


def test_gradualism_still_counts_on_an_event_level():
    table = _corinth_3_at("the-rise-of-persia", {"military": 2, "drachma": 0}, ("gradualism",))
    assert table.option_labels(2)["advance:military"].endswith("for 0 drachmas")


def test_the_mint_does_not_make_military_victorys_economy_level_free():
    # Economy 4 costs 3, less the event's 2: 1 drachma, Mint or not.
    table = event_table(
        "military-victory", [{"troops": 5, "drachma": 1, "economy": 3}, {"troops": 2}]
    )
    table.put_in_play(0, "constructing-the-mint")
    resolve(table)
    assert table.option_labels(0)["advance:economy"].endswith("for 1 drachma")
    table.decide(0, "advance:economy")
    assert (table.player(0).economy, table.player(0).drachma) == (4, 0)


def test_the_mint_still_makes_the_progress_phases_economy_level_free():
    table = at_progress(("constructing-the-mint",), drachma=0, economy=3)
    assert table.option_labels(0)["advance:economy"].endswith("for 0 drachmas")
    table.decide(0, "advance:economy")
    assert (table.player(0).economy, table.player(0).drachma) == (4, 0)


@pytest.mark.parametrize(
    ("played", "city", "development"),
    [(("reformists",), "corinth", 3), (("reformists",), "argos", 1), ((), "corinth", 3)],
)
def test_reformists_and_corinth_3_allow_two_levels_even_together(played, city, development):
    table = at_progress(played, city=city, development=development, drachma=20)
    table.decide(0, "advance:economy")
    table.decide(0, "advance:culture")
    # No third level without a philosophy token: the prompt is over.
    assert table.kinds().get(0) != "progress"


def test_a_philosophy_token_buys_a_third_paid_level_after_reformists_and_corinth_3():
    table = at_progress(("reformists",), city="corinth", development=3, drachma=20)
    table.edit(0, philosophy=1)
    table.decide(0, "advance:economy")
    table.decide(0, "advance:culture")
    assert table.kinds()[0] == "progress"
    assert "philosophy:military" in table.option_ids(0)
    before = table.player(0).drachma
    table.decide(0, "philosophy:military")
    # Military 2 costs 2, less Corinth 3's 1 (phase E): 1 drachma and the token.
    assert (table.player(0).philosophy, before - table.player(0).drachma) == (0, 1)


def test_a_free_advance_stays_free():
    # Peripteros: 1 drachma to play, then culture 1 -> 2 for nothing (culture 2 lists at 1).
    table = politics_turn("peripteros", tokens={"green_minor": 2}, drachma=1)
    table.decide(0, "card:peripteros")
    assert (table.player(0).culture, table.player(0).drachma) == (2, 0)
