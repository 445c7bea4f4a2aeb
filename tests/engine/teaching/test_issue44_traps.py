"""The cases of issue 44, one by one: a warning that counts the reveal's citizens, the
dominated option and the cheaper die it names, and defaults that take what is free."""

from __future__ import annotations

from tests.engine.content.table import at_progress, development_turn
from tests.engine.content.test_events import event_table, resolve
from tests.engine.playout import game
from tests.engine.teaching.test_traps import _at_the_dice, _warnings


def _codes(table, seat, option_id):
    return [w["code"] for w in _warnings(table, seat, option_id)]


def test_legislation_counts_what_the_tiles_placed_cost_at_the_reveal():
    # Corinth at 14 citizens: Development on its 4 costs 2 at the reveal, so Legislation on
    # its 1 ends at 14 - 2 + 3 = 15 and loses nothing. It was warned of losing 2.
    table = _at_the_dice(citizens=14, philosophy=0)
    table.roll([4, 1], [3, 3])
    table.assign(0, 6)
    assert "over_cap" not in _codes(table, 0, "tile:1")


def test_legislation_first_is_warned_unless_the_other_die_costs_citizens():
    table = _at_the_dice(citizens=14, philosophy=0)
    table.roll([1, 4], [3, 3])
    warnings = [w for w in _warnings(table, 0, "tile:1") if w["code"] == "over_cap"]
    assert [w["params"] for w in warnings] == [
        {"tile": 1, "resource": "citizens", "value": 17, "lost": 2, "unless": ["other_dice"]}
    ]
    assert warnings[0]["text"] == (
        "after paying for your tiles you would have 17 citizens: 2 citizens above 15 are lost "
        "at the end of the Action phase, unless your other dice's tiles change it"
    )
    uk = next(w for w in _warnings(table, 0, "tile:1", "uk") if w["code"] == "over_cap")
    assert uk["text"] == (
        "після оплати плиток у вас буде 17 громадян; наприкінці фази дій ви втратите 2 "
        "громадян понад 15 — хіба що це змінять плитки на інших ваших кубиках"
    )


def test_the_same_two_tiles_the_other_way_round_are_named_with_the_citizens_saved():
    # Culture on the 6, then Development on the 1: 5 citizens; the other way round, 1.
    table = _at_the_dice(citizens=10, philosophy=0)
    table.roll([6, 1], [3, 3])
    table.assign(0, 2)
    swap = [w for w in _warnings(table, 0, "tile:6") if w["code"] == "cheaper_on_other_die"]
    assert [w["params"] for w in swap] == [
        {"tile": 6, "die": 1, "other": 6, "cost": 5, "saved": 4, "other_tile": 2}
    ]
    assert swap[0]["text"] == (
        "the same two tiles cost 4 citizens fewer the other way round: Development (6) on "
        "your 6 and Culture (2) on this 1"
    )
    uk = [w for w in _warnings(table, 0, "tile:6", "uk") if w["code"] == "cheaper_on_other_die"]
    assert uk[0]["text"] == (
        "ті самі дві плитки коштуватимуть на 4 громадян менше, якщо поміняти їх місцями: "
        "«Поліпшення (6)» на кубик 6, а «Культура (2)» — на цей кубик 1"
    )
    assert "cheaper_on_other_die" not in _codes(table, 0, "tile:1"), "a free tile is no trap"


def _at_the_board(spaces, troops=4):
    """Seat 0 (Argos) at its Military action's exploration, with only `spaces` on the board."""
    table = _at_the_dice(("argos", "miletus"), troops=troops - 1, military=1, philosophy=0)
    table.state.exploration = list(spaces)
    table.roll([6, 6], [3, 3])
    table.assign(0, 4, 0)
    table.assign(1, 0, 2)
    table.settle_dice()
    assert table.kinds()[0] == "explore"
    return table


def test_an_exploration_beside_a_cheaper_one_with_the_same_token_is_warned_and_not_the_default():
    table = _at_the_board(["red-2-1", "red-3-0", "green-4-2"])
    warnings = _warnings(table, 0, "space:red-2-1")
    assert [(w["code"], w["params"]) for w in warnings] == [
        ("dominated", {"better": "space:red-3-0"})
    ]
    assert warnings[0]["text"].startswith("“Explore ") and "costs no more" in warnings[0]["text"]
    assert "коштує не більше" in _warnings(table, 0, "space:red-2-1", "uk")[0]["text"]
    assert _codes(table, 0, "space:green-4-2") == []
    # a space that costs no troops is a free gain: skipping it is beaten, and not the default
    assert _codes(table, 0, "skip") == ["dominated"]
    assert table.prompt(0).default == "space:red-3-0"


def test_without_a_free_space_the_exploration_default_is_still_to_skip():
    table = _at_the_board(["red-2-1", "green-4-2"])
    assert table.prompt(0).default == "skip"
    assert _codes(table, 0, "skip") == []


def test_an_event_level_that_costs_nothing_is_the_default():
    # Military 2 costs 2, less the event's 2: nothing.
    table = event_table("the-rise-of-persia", [{"drachma": 0, "military": 1}, {"drachma": 0}])
    resolve(table)
    assert table.prompt(0).default == "advance:military"
    assert _codes(table, 0, "skip") == ["dominated"]


def test_the_mints_free_level_is_the_progress_default_unless_old_guard_pays_more():
    table = at_progress(("constructing-the-mint",), drachma=0, economy=1)
    assert table.prompt(0).default == "advance:economy"
    # Old Guard's 4 VP against economy 2's 3 citizens: neither beats the other, keep them
    table = at_progress(("constructing-the-mint", "old-guard"), drachma=0, economy=1)
    assert table.prompt(0).default == "done"
    # economy 4 gives 5 VP and the level: it beats Old Guard's 4
    table = at_progress(("constructing-the-mint", "old-guard"), drachma=0, economy=3)
    assert table.prompt(0).default == "advance:economy"


def test_both_of_miletus_2s_free_levels_are_taken_by_default():
    table = development_turn("miletus", 1, tokens={"red_minor": 1}, drachma=1)
    table.decide(0, "unlock")
    for _ in range(2):
        assert table.kinds()[0] == "free_advance"
        default = table.prompt(0).default
        assert default.startswith("track:")
        table.decide(0, default)
    assert game.pending(table.state).get(0) is None or table.kinds()[0] != "free_advance"
