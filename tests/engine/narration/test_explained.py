"""Narration explains every change a viewer can see, for golden and random games."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.simulate import play_random_game
from tests.engine.narration.explain import check_game, game

GOLDEN = Path(__file__).parent.parent / "golden"


@pytest.mark.parametrize("name", ["2p.json", "3p.json", "4p.json"])
def test_every_view_change_of_a_golden_game_is_narrated(name):
    golden = json.loads((GOLDEN / name).read_text())
    setup = golden["setup"]
    problems = check_game(setup["num_players"], setup["options"], golden["events"])
    assert not problems, "\n".join(problems[:20])


def _random_logs(count: int, seed: int):
    rng = random.Random(seed)
    for index in range(count):
        players = 2 + index % 3
        options = {"city_selection": "choose"} if index % 5 == 0 else None
        _, events = play_random_game(game, players, rng, options)
        yield players, options, events


@pytest.mark.parametrize("chunk", range(4))
def test_every_view_change_of_random_games_is_narrated(chunk):
    for players, options, events in _random_logs(10, seed=100 + chunk):
        problems = check_game(players, options, events)
        assert not problems, "\n".join(problems[:20])


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(26))
def test_every_view_change_of_300_random_games_is_narrated(chunk):
    """With the 40 games above: 300 random games (run with -m slow)."""
    for players, options, events in _random_logs(10, seed=1000 + chunk):
        problems = check_game(players, options, events)
        assert not problems, "\n".join(problems[:20])
