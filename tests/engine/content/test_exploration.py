"""Every exploration space, one table row each, explored in a small game of its own."""

from __future__ import annotations

import pytest

from engine.khora.content.exploration import SPACES, TOKENS_ON_BOARD
from tests.engine.content.table import ContentTable

# (id, colour, tier, troops required, troops lost, drachmas, VP), restated from the component
# data. Blue 4/4's tier is our ruling (major; see docs/rules-notes.md).
SPACE_FACTS = [
    ("red-2-1", "red", "minor", 2, 1, 0, 0),
    ("red-3-0", "red", "minor", 3, 0, 0, 0),
    ("red-2-2", "red", "minor", 2, 2, 1, 0),
    ("red-3-1", "red", "minor", 3, 1, 1, 0),
    ("red-4-2", "red", "minor", 4, 2, 2, 0),
    ("red-5-1", "red", "minor", 5, 1, 2, 0),
    ("red-5-4", "red", "major", 5, 4, 2, 0),
    ("red-6-3", "red", "major", 6, 3, 2, 0),
    ("red-7-5", "red", "major", 7, 5, 3, 0),
    ("red-8-6", "red", "major", 8, 6, 4, 0),
    ("red-9-8", "red", "major", 9, 8, 6, 0),
    ("blue-2-2", "blue", "minor", 2, 2, 0, 0),
    ("blue-3-1", "blue", "minor", 3, 1, 0, 0),
    ("blue-3-3", "blue", "minor", 3, 3, 1, 1),
    ("blue-4-2", "blue", "minor", 4, 2, 1, 1),
    ("blue-4-4", "blue", "major", 4, 4, 1, 1),
    ("blue-5-3", "blue", "major", 5, 3, 1, 1),
    ("blue-6-5-a", "blue", "major", 6, 5, 2, 1),
    ("blue-6-5-b", "blue", "major", 6, 5, 1, 2),
    ("blue-7-6", "blue", "major", 7, 6, 2, 2),
    ("blue-8-7", "blue", "major", 8, 7, 3, 3),
    ("blue-9-9", "blue", "major", 9, 9, 4, 4),
    ("green-2-1", "green", "minor", 2, 1, 0, 0),
    ("green-3-0", "green", "minor", 3, 0, 0, 0),
    ("green-2-2", "green", "minor", 2, 2, 0, 1),
    ("green-3-1", "green", "minor", 3, 1, 0, 1),
    ("green-4-2", "green", "minor", 4, 2, 0, 2),
    ("green-5-1", "green", "minor", 5, 1, 0, 2),
    ("green-5-4", "green", "major", 5, 4, 0, 2),
    ("green-6-3", "green", "major", 6, 3, 0, 2),
    ("green-7-5", "green", "major", 7, 5, 0, 3),
    ("green-8-6", "green", "major", 8, 6, 0, 4),
    ("green-9-8", "green", "major", 9, 8, 0, 6),
]


def test_the_board_holds_33_spaces_plus_persepolis_and_36_tokens():
    assert sorted(SPACES) == sorted([row[0] for row in SPACE_FACTS] + ["persepolis"])
    assert TOKENS_ON_BOARD == 36
    for colour in ("red", "blue", "green"):
        assert sum(1 for row in SPACE_FACTS if row[1] == colour) == 11


def military_turn(troops_before_action: int, city="argos") -> ContentTable:
    """Seat 0 (military level 1) takes the Military action: +1 troop, then may explore."""
    table = ContentTable([city, "miletus"])
    table.empty_hands()
    table.edit(0, troops=troops_before_action, military=1, philosophy=0)
    table.roll([6, 6], [3, 3])
    table.assign(0, 4, 5)
    table.assign(1, 0, 2)
    table.settle_dice()
    return table


@pytest.mark.parametrize(
    ("space", "colour", "tier", "required", "lost", "drachma", "vp"), SPACE_FACTS
)
def test_space_needs_its_troops_and_gives_its_token_and_bonus(
    space, colour, tier, required, lost, drachma, vp
):
    short = military_turn(required - 2)  # the action's +1 leaves one troop short
    assert f"space:{space}" not in short.option_ids(0)

    table = military_turn(required - 1)  # exactly enough after the action's +1
    label = table.option_labels(0)[f"space:{space}"]
    assert f"{tier} {colour} knowledge token" in label
    assert label.endswith(f"you lose {lost} troop{'' if lost == 1 else 's'}")
    before = table.snapshot(0)

    table.decide(0, f"space:{space}")

    assert table.player(0).tokens == {f"{colour}_{tier}": 1}
    assert table.delta(0, before) == {
        k: v for k, v in {"troops": -lost, "drachma": drachma, "vp": vp, "tokens": 1}.items() if v
    }
    assert space not in table.state.exploration


def test_a_space_explored_is_gone_for_everyone():
    table = ContentTable(["argos", "miletus"])
    table.empty_hands()
    table.edit(0, troops=5)
    table.edit(1, troops=5)
    table.roll([6, 6], [6, 6])
    table.assign(0, 4, 5)
    table.assign(1, 4, 5)
    first = table.state.start_player
    second = 1 - first

    table.decide(first, "space:red-6-3")

    assert "space:red-6-3" not in table.option_ids(second)


@pytest.mark.parametrize(("troops", "offered"), [(13, False), (14, True)])
def test_persepolis_needs_15_troops_and_takes_all_three_major_tokens(troops, offered):
    table = military_turn(troops)
    assert ("space:persepolis" in table.option_ids(0)) is offered
    if not offered:
        return
    assert "Persepolis" in table.option_labels(0)["space:persepolis"]

    table.decide(0, "space:persepolis")

    seat = table.player(0)
    assert seat.tokens == {"red_major": 1, "blue_major": 1, "green_major": 1}
    assert seat.troops == 0  # 14 + 1 - 15
    assert table.state.persepolis_explored
    assert "persepolis" not in table.state.exploration
