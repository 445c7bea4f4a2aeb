"""Facts in views against the component data (docs/component-data/khora_data.yaml, a copy kept in
the repository):
card costs, requirements and kinds; development ladders; track prices and rewards."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.khora.content.cards import CARDS
from tests.engine.content.table import ContentTable
from tests.engine.narration.explain import game

DATA = Path(__file__).resolve().parents[3] / "docs" / "component-data" / "khora_data.yaml"


@pytest.fixture(scope="module")
def data():
    if not DATA.exists():
        pytest.fail(f"the component data is missing: {DATA}")
    return yaml.safe_load(DATA.read_text())


@pytest.mark.parametrize("card_id", sorted(CARDS))
def test_a_card_in_a_view_carries_its_cost_requirements_and_kind(card_id, data):
    row = next(c for c in data["politics_cards"] if c["id"] == card_id)
    table = ContentTable(["corinth", "argos"])
    table.give(0, card_id)
    card = next(c for c in game.view(table.state, 0)["players"][0]["hand"] if c["id"] == card_id)
    assert card["cost"] == row["cost"]
    assert card["needs"] == row["knowledge"]
    assert card["kind"] == row["type"]
    assert card["name"] == row["name"]


@pytest.mark.parametrize(
    "city", ["argos", "athens", "corinth", "miletus", "olympia", "sparta", "thebes"]
)
def test_a_city_carries_its_whole_development_ladder(city, data):
    rows = next(c for c in data["cities"] if c["id"] == city)["developments"]
    other = "argos" if city != "argos" else "athens"
    table = ContentTable([city, other])
    for lang in ("en", "uk"):
        ladder = game.view(table.state, 1, lang)["players"][0]["development_ladder"]
        assert [(d["level"], d["cost"], d["needs"]) for d in ladder] == [
            (r["level"], r["unlock"]["drachma"], r["unlock"]["knowledge"]) for r in rows
        ]
        assert [d["unlocked"] for d in ladder] == [True, False, False, False]
        assert all(d["text"] for d in ladder)


@pytest.mark.parametrize("track", ["economy", "culture", "military"])
def test_each_track_says_the_price_and_reward_of_its_next_level(track, data):
    rows = data["progress_tracks"][track]["levels"]
    table = ContentTable(["argos", "athens"])  # neither city changes these tracks' prices
    player = table.state.players[0]
    for row in rows:
        setattr(player, track, row["level"] - 1)
        table.state.cache.clear()
        step = game.view(table.state, 0)["players"][0]["next_levels"][track]
        assert step["level"] == row["level"]
        assert step["price"] == step["list_price"] == row["drachma"]
        reward = row["reward"] if row["reward"] != "none" else {}
        if "unlock_third_die" in reward:
            reward = {"third_die": 1}
        assert step["reward"] == reward
    setattr(player, track, 7)
    assert game.view(table.state, 0)["players"][0]["next_levels"][track] is None


def test_the_price_counts_the_seats_discounts():
    table = ContentTable(["argos", "athens"])
    table.put_in_play(0, "gradualism", "constructing-the-mint")
    levels = game.view(table.state, 1)["players"][0]["next_levels"]
    assert levels["economy"]["price"] == 0 and levels["economy"]["list_price"] == 2
    assert levels["culture"]["price"] == 0  # 1 - 1
    assert levels["military"]["price"] == 1  # 2 - 1
    assert (
        game.view(table.state, 0, "uk")["players"][0]["next_levels"]["economy"]["reward_text"]
        == "+3 громадяни"
    )


def test_the_event_deck_says_how_many_events_are_left_and_which_were_seen():
    table = ContentTable(["argos", "athens"])
    view = game.view(table.state, None)
    assert view["events_left"] == 9 - len(view["events_revealed"])
