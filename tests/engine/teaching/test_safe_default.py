"""The dice prompt's default is never a trap when it need not be (issue 23).

The default is what a seat that misses its deadline plays (games/advancing.py) and where the
bots start: the first tile whose preview warns of nothing, free tiles highest first, then
paid tiles cheapest first (dice.default_order). It is read from the seat's own view, like the
previews, and chosen when first read, not when the prompt is listed.
"""

from __future__ import annotations

import json
import random

from engine.khora.phases.dice import default_order
from tests.engine.playout import game
from tests.engine.teaching.test_previews import GOLDEN, _play, _with_other_secrets
from tests.engine.teaching.test_traps import _at_the_dice

RANDOM_GAMES = 100


def _tiles(prompt):
    """The prompt's tiles (Thebes' glory exchange, offered beside them, is not an answer to
    the die and never a default)."""
    return [option for option in prompt.options if "tile" in option.data]


def _check_dice_defaults(state) -> int:
    checked = 0
    for seat, prompt in game.pending(state).items():
        if prompt.kind != "assign_die":
            continue
        previews = game.previews(state, seat)
        tiles = _tiles(prompt)
        safe = [option.id for option in tiles if not previews[option.id].warnings]
        if safe:
            assert not previews[prompt.default].warnings, (prompt, prompt.default, safe)
            # the first safe option in the stated order, so the rule is the one documented
            order = [o.id for o in default_order(tiles) if o.id in safe]
            assert prompt.default == order[0]
        else:
            assert prompt.default == default_order(tiles)[0].id
        checked += 1
    return checked


def test_the_dice_default_of_the_golden_games_carries_no_warning_when_one_can_avoid_it():
    checked = 0
    for name in ("2p.json", "3p.json", "4p.json"):
        golden = json.loads((GOLDEN / name).read_text())
        setup = golden["setup"]
        state = game.new_game(setup["num_players"], setup["options"])
        for raw in golden["events"]:
            checked += _check_dice_defaults(state)
            state = game.apply(state, game.event_from_dict(raw))
    assert checked > 100


def test_the_dice_default_of_100_random_games_carries_no_warning_when_one_can_avoid_it():
    trapped_before = 0

    def visit(state):
        nonlocal trapped_before
        for seat, prompt in game.pending(state).items():
            if prompt.kind == "assign_die":
                # the old rule, the highest free tile: how often it was the trap
                old = default_order(_tiles(prompt))[0].id
                trapped_before += bool(game.previews(state, seat)[old].warnings)
        return _check_dice_defaults(state)

    checked = sum(_play(2 + seed % 3, seed, visit=visit) for seed in range(RANDOM_GAMES))
    assert checked > 5000
    assert trapped_before > checked // 20, "the test meets the trap often enough to matter"


def test_the_issues_trap_is_not_the_default():
    # alice (Corinth) has no red token for Corinth 2: Development on the die showing 6 would
    # do nothing; the old default put it there, the new one takes Politics... or what is safe
    table = _at_the_dice(citizens=6, philosophy=0, tokens={}, drachma=3)
    table.roll([6, 3], [3, 3])
    prompt = game.pending(table.state)[0]
    assert prompt.default != "tile:6"
    assert not game.previews(table.state, 0)[prompt.default].warnings
    assert game.prompt_dict(table.state, 0)["default"] == prompt.default


def test_the_default_does_not_depend_on_another_seats_secrets():
    rng = random.Random(11)
    compared = 0

    def visit(state):
        nonlocal compared
        for seat, prompt in game.pending(state).items():
            if prompt.kind != "assign_die":
                continue
            for _ in range(2):
                other = _with_other_secrets(state, seat, rng)
                assert game.pending(other)[seat].default == prompt.default
                compared += 1
        return 0

    for seed in range(20):
        _play(2 + seed % 3, 500 + seed, visit=visit)
    assert compared > 500
