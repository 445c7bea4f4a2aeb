"""The traps a new player walks into, each warned about before and explained after.

The dice trap of issue 23 (Development on a low die with no red token for Corinth 2), a track
already at its limit, and a card made unaffordable by an earlier tile.
"""

from __future__ import annotations

from tests.engine.content.table import ContentTable, chance_kind
from tests.engine.playout import game


class NarratedTable(ContentTable):
    """A table that keeps the lines every event causes (as the history shows them)."""

    lines: list

    def apply(self, event) -> None:
        self.state, lines = game.apply_recorded(self.state, event)
        self.events.append(event)
        if hasattr(self, "lines"):
            self.lines += lines

    def rendered(self, viewer, msg=None) -> list[str]:
        return [
            game.render(line, "en", ["alice", "bob"])
            for line in game.narrate_lines(self.lines, viewer)
            if msg is None or line["msg"] == msg
        ]


def _at_the_dice(cities=("corinth", "argos"), **staging) -> NarratedTable:
    table = NarratedTable(list(cities))
    table.empty_hands()
    table.play_until(lambda state: chance_kind(state) == "dice")
    table.edit(0, **staging)
    table.lines = []
    return table


def _warnings(table, seat, option_id, lang="en"):
    return game.prompt_dict(table.state, seat, lang, previews=True)["options"][
        [o.id for o in table.prompt(seat).options].index(option_id)
    ]["preview"]["warnings"]


def test_the_dice_trap_is_warned_on_the_die_and_explained_in_the_history():
    table = _at_the_dice(citizens=6, philosophy=0, tokens={}, drachma=3)
    table.roll([2, 3], [3, 3])

    warnings = _warnings(table, 0, "tile:6")
    # Development on the 2 also costs a citizen more than on the 3 (issue 44)
    assert [w["code"] for w in warnings] == ["development_unusable", "cheaper_on_other_die"]
    assert warnings[0]["params"] == {
        "tile": 6,
        "city": "corinth",
        "level": 2,
        "missing": {"red": 1},
        "cost": 1,
        "drachma": 3,
        "philosophy": 0,
        # the other die may still take Trade or Military, whose token would unlock it
        "unless": ["other_dice"],
    }
    assert warnings[0]["text"] == (
        "Corinth level 2 is missing 1 red knowledge token: this action will do nothing, "
        "unless your other dice's tiles change it"
    )
    uk = _warnings(table, 0, "tile:6", "uk")[0]["text"]
    assert uk == (
        "для рівня 2 міста Коринф бракує: 1 червоний жетон знання; ця дія нічого не дасть — "
        "хіба що це змінять плитки на інших ваших кубиках"
    )
    preview = game.prompt_dict(table.state, 0, previews=True)["options"][-1]["preview"]
    assert preview["text"] == "nothing"
    assert _warnings(table, 0, "tile:2") == [], "Culture is no trap"

    table.assign(0, 6, 2)  # Development on the die showing 2: 4 citizens
    table.assign(1, 0, 2)
    table.settle_dice()
    table.play_until(lambda state: state.phase == "progress")

    assert table.rendered(1, "action_did_nothing") == [
        "alice's Development (6) action did nothing: Corinth level 2 is missing 1 red "
        "knowledge token"
    ]


def test_a_choice_not_to_develop_is_not_called_a_trap():
    table = _at_the_dice(citizens=6, philosophy=0, tokens={"red_minor": 1}, drachma=3)
    table.roll([6, 6], [3, 3])
    assert _warnings(table, 0, "tile:6") == []
    table.assign(0, 6, 2)
    table.assign(1, 0, 2)
    table.settle_dice()
    assert table.kinds()[0] == "develop"
    table.decide(0, "skip")
    assert table.rendered(None, "action_did_nothing") == []


def test_a_track_at_its_limit_is_warned_and_the_loss_is_in_the_history():
    table = _at_the_dice(tax=9, drachma=3, tokens={"red_minor": 1}, citizens=14)
    table.give(0, "silver-mining")  # 3 drachmas, 1 red: tax +2
    table.roll([6, 6], [3, 3])

    legislation = _warnings(table, 0, "tile:1")
    assert [w["code"] for w in legislation] == ["over_cap"]
    assert legislation[0]["params"] == {"tile": 1, "resource": "citizens", "value": 17, "lost": 2}

    table.assign(0, 5, 2)
    table.assign(1, 0, 2)
    table.settle_dice()
    assert table.kinds()[0] == "play_politics"
    warnings = _warnings(table, 0, "card:silver-mining")
    assert [(w["code"], w["params"]) for w in warnings] == [
        ("capped", {"resource": "tax", "lost": 1})
    ]
    assert warnings[0]["text"] == "Tax is already at its top (10): 1 level lost"
    assert _warnings(table, 0, "card:silver-mining", "uk")[0]["text"] == (
        "Податки вже на найвищому рівні (10): втрачено 1 рівень"
    )

    table.decide(0, "card:silver-mining")
    assert table.rendered(1, "capped") == ["Silver Mining: alice's Tax is at its top: 1 level lost"]


def test_a_card_made_unaffordable_by_an_earlier_tile_is_warned():
    # Trade (3) gives economy + 1 = 2 drachmas: 4 + 2 = 6. Buying a token for 5 leaves 1,
    # too few for Tunnel of Eupalinos (4 drachmas) in the Politics action that follows.
    table = _at_the_dice(drachma=4, economy=1)
    table.give(0, "tunnel-of-eupalinos")
    table.roll([6, 6], [3, 3])
    table.assign(0, 3, 5)
    table.assign(1, 0, 2)
    table.settle_dice()
    assert table.kinds()[0] == "buy_token"
    assert table.player(0).drachma == 6

    warnings = _warnings(table, 0, "buy:red")
    assert [(w["code"], w["params"]) for w in warnings] == [("spoils_later_tile", {"tile": 5})]
    assert "Politics (5)" in warnings[0]["text"]
    assert _warnings(table, 0, "skip") == []
