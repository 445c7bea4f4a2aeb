"""Philosophy tokens stand in for missing knowledge tokens only during a Politics or
Development action of phase D ("during that Action only": rulebook, "Philosophy tokens";
../shared/README.md): not when Prosperity plays a card, not in Conquest of the Persians'
extra action. docs/rules-notes.md, section 1."""

from __future__ import annotations

from tests.engine.content.table import ContentTable, chance_kind
from tests.engine.content.test_events import event_table, resolve
from tests.engine.playout import game

# Stoa Poikile: 0 drachmas, needs 1 green token.
CARD = "stoa-poikile"


def test_prosperity_does_not_let_philosophy_tokens_stand_in_for_a_missing_token():
    table = event_table(
        "prosperity", [{"troops": 2}, {"troops": 5, "philosophy": 4}], hands=[[], [CARD]]
    )
    resolve(table)

    assert table.kinds() == {1: "play_politics"}  # asked: the hand is secret
    assert table.option_ids(1) == ["skip"]
    left_out = game.prompt_dict(table.state, 1)["unavailable"]
    assert [item["id"] for item in left_out] == [f"card:{CARD}"]
    assert "only in a Politics or Development action" in left_out[0]["reasons"][-1]


def test_prosperity_still_plays_a_card_whose_tokens_are_owned():
    table = event_table(
        "prosperity",
        [{"troops": 2}, {"troops": 5, "philosophy": 4, "tokens": {"green_minor": 1}}],
        hands=[[], [CARD]],
    )
    resolve(table)
    assert f"card:{CARD}" in table.option_ids(1)
    option = table.prompt(1).option(f"card:{CARD}")
    assert option.data["philosophy"] == 0


def _actions(tiles, **staging) -> ContentTable:
    table = ContentTable(["corinth", "argos"])
    table.empty_hands()
    table.give(0, CARD)
    table.play_until(lambda state: chance_kind(state) == "dice")
    table.edit(0, citizens=15, **staging)
    table.roll([6, 6], [2, 2])
    table.assign(0, *tiles)
    table.assign(1, 0, 2)
    table.settle_dice()
    return table


def test_the_politics_action_lets_two_philosophy_tokens_stand_in_for_one_token():
    table = _actions([5, 2], philosophy=2, drachma=0)
    assert table.kinds()[0] == "play_politics"
    option = table.prompt(0).option(f"card:{CARD}")
    assert option is not None and option.data["philosophy"] == -2
    table.decide(0, f"card:{CARD}")
    assert table.player(0).philosophy == 0 and CARD in table.player(0).played


def test_the_development_action_lets_philosophy_tokens_stand_in():
    # Corinth level 2 needs 1 red token (docs/rules-notes.md) and no drachmas or 1.
    table = _actions([6, 2], philosophy=2, drachma=10)
    assert table.kinds()[0] == "develop"
    assert table.prompt(0).option("unlock").data["philosophy"] == -2


def test_conquest_of_the_persians_extra_action_does_not_let_philosophy_tokens_stand_in():
    table = ContentTable(["sparta", "miletus"])
    table.empty_hands()
    table.play_until(lambda state: state.round == 9 and chance_kind(state) == "dice")
    table.edit(0, troops=15, glory=0, philosophy=6)
    table.edit(1, glory=0)
    table.empty_hands()
    table.give(0, "proskenion")  # needs 2 blue; Persepolis will give 1
    table.roll([6, 6], [3, 3])
    table.assign(0, 4, 2)
    table.assign(1, 0, 2)
    table.settle_dice()
    table.decide(0, "space:persepolis")
    table.skip_to_progress()
    resolve(table)
    assert table.kinds() == {0: "extra_action", 1: "extra_action"}
    table.decide(1, "skip")
    table.decide(0, "tile:5")

    assert table.kinds()[0] == "play_politics"
    assert table.option_ids(0) == ["skip"]
    reasons = game.prompt_dict(table.state, 0)["unavailable"][0]["reasons"]
    assert "only in a Politics or Development action" in reasons[-1]
