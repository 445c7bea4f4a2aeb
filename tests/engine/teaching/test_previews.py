"""Option previews (engine/khora/preview.py) against what applying the option really does.

For every prompt of the golden games and of 100 random games (2-4 players), every option's
preview is compared with `game.apply_recorded` of that very decision on the real state: the
lines the answer causes first (before the game moves on) must be the preview's, and the
preview's changes must be the seat's net change over them. Then non-interference: another
seat's secrets (hand, draft, sealed tiles) changed to other values never change a preview.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.engine.playout import game

GOLDEN = Path(__file__).parent.parent / "golden"
RANDOM_GAMES = 100


def _net(lines, seat):
    first, last = {}, {}
    for line in lines:
        if line.seat == seat and line.msg == "change":
            first.setdefault(line.params["resource"], line.before)
            last[line.params["resource"]] = line.after
    return {r: last[r] - b for r, b in first.items() if last[r] != b}


def _check_every_option(state) -> int:
    checked = 0
    for seat, prompt in game.pending(state).items():
        previews = game.previews(state, seat)
        assert set(previews) == {option.id for option in prompt.options}
        for option in prompt.options:
            preview = previews[option.id]
            _after, lines = game.apply_recorded(
                state, game.decide(state, seat, prompt.id, option.id)
            )
            assert list(lines[: len(preview.lines)]) == list(preview.lines), (prompt, option)
            assert preview.changes == _net(preview.lines, seat), (prompt, option)
            capped = [line for line in preview.lines if line.msg == "capped" and line.seat == seat]
            at_once = [w for w in preview.warnings if w.code == "capped" and "tile" not in w.params]
            assert len(at_once) == len(capped), (prompt, option)
            preview.to_dict("en"), preview.to_dict("uk")  # every text renders
            checked += 1
    return checked


def _play(num_players, seed, events=None, visit=None) -> int:
    rng = random.Random(seed)
    state = game.new_game(num_players, {} if events is None else None)
    total = 0
    queue = list(events or [])
    while not game.is_over(state):
        total += visit(state) if visit else 0
        if queue:
            event = game.event_from_dict(queue.pop(0))
        elif game.needs_chance(state):
            event = game.sample_chance(state, rng)
        else:
            seat, prompt = rng.choice(sorted(game.pending(state).items()))
            event = game.decide(state, seat, prompt.id, rng.choice(prompt.options).id)
        state = game.apply(state, event)
    return total


@pytest.mark.parametrize("name", ["2p.json", "3p.json", "4p.json"])
def test_every_preview_of_a_golden_game_matches_applying_it(name):
    golden = json.loads((GOLDEN / name).read_text())
    setup = golden["setup"]
    state = game.new_game(setup["num_players"], setup["options"])
    checked = 0
    for raw in golden["events"]:
        checked += _check_every_option(state)
        state = game.apply(state, game.event_from_dict(raw))
    assert checked > 500


def test_every_preview_of_100_random_games_matches_applying_it():
    checked = 0
    kinds = set()

    def visit(state):
        kinds.update(prompt.kind for prompt in game.pending(state).values())
        return _check_every_option(state)

    for seed in range(RANDOM_GAMES):
        checked += _play(2 + seed % 3, seed, visit=visit)
    assert checked > 50_000
    assert {"assign_die", "develop", "play_politics", "explore", "progress"} <= kinds


def _with_other_secrets(state, viewer, rng):
    """The state with every other seat's hand, draft and sealed tiles replaced at random (the
    cards swapped in come from the unseen deck, the cards swapped out go back to it)."""
    other = state.clone()
    other.cache = {}
    unseen = list(other.deck_unseen)
    rng.shuffle(unseen)
    for player in other.players:
        if player.seat == viewer:
            continue
        for name in ("hand", "draft_hand", "draft_picks"):
            cards = getattr(player, name)
            if len(unseen) < len(cards):
                continue
            swap, unseen = unseen[: len(cards)], unseen[len(cards) :] + list(cards)
            setattr(player, name, swap)
        if not other.assignments_revealed and player.assignment:
            player.assignment = rng.sample(range(7), len(player.assignment))
    other.deck_unseen = sorted(unseen)
    return other


def test_a_preview_never_depends_on_another_seats_secrets():
    rng = random.Random(7)
    compared = 0

    def visit(state):
        nonlocal compared
        if rng.random() > 0.3:
            return 0
        for seat in game.pending(state):
            mine = {k: p.to_dict("en") for k, p in game.previews(state, seat).items()}
            for _ in range(2):
                other = _with_other_secrets(state, seat, rng)
                theirs = {k: p.to_dict("en") for k, p in game.previews(other, seat).items()}
                assert theirs == mine, (seat, game.pending(state)[seat])
                compared += 1
        return 0

    for seed in range(30):
        _play(2 + seed % 3, 1000 + seed, visit=visit)
    assert compared > 1000
