"""Each game's setup declared once (engine.options) and the contract every hosted game keeps
(engine.contract.Game): the setup's check refuses what it does not declare, saying what it
accepts; every game has every member the server calls; prompt ids fit a reply address."""

from __future__ import annotations

import random
import re

import pytest

import engine
from engine.contract import Game
from engine.core import IllegalDecision
from engine.options import (
    BOOLEAN,
    CHOICE,
    INTEGER,
    SEAT_CHOICES,
    Setup,
    SetupOption,
    Value,
    Words,
    check_setup,
)

W = Words("x", "х")
SETUP = Setup(
    title="Test",
    min_players=2,
    max_players=3,
    options=(
        SetupOption("mode", CHOICE, W, W, "a", (Value("a", W), Value("b", W))),
        SetupOption("tiles", SEAT_CHOICES, W, W, choices=tuple(Value(t, W) for t in "pqr")),
        SetupOption("rounds", INTEGER, W, W, 5, minimum=1, maximum=9),
        SetupOption("fast", BOOLEAN, W, W, False),
    ),
)


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, None, "Test is played by 2 or 3 players."),
        (True, None, "Test is played by 2 or 3 players."),
        (2, "a", "Options must be an object of named options."),
        (2, {"speed": 1}, "Unknown options ['speed']; known options: ['fast', 'mode', 'rounds', "),
        (2, {"mode": "c"}, "mode must be 'a' or 'b'."),
        (2, {"mode": None}, "mode must be 'a' or 'b'."),
        (2, {"tiles": ["p", "p"]}, "tiles must list one distinct value per seat, from"),
        (3, {"tiles": ["p", "q"]}, "tiles must list one distinct value per seat"),
        (2, {"rounds": 10}, "rounds must be a whole number from 1 to 9."),
        (2, {"rounds": True}, "rounds must be a whole number"),
        (2, {"fast": "yes"}, "fast must be true or false."),
    ],
)
def test_the_check_refuses_what_the_setup_does_not_declare(players, options, message):
    with pytest.raises(IllegalDecision) as refused:
        check_setup(SETUP, players, options)
    assert refused.value.code == "invalid_setup"
    assert refused.value.message.startswith(message)


def test_the_check_keeps_the_options_asked_for_and_defaults_are_the_declared_ones():
    asked = {"mode": "b", "tiles": ["r", "p"], "rounds": 9, "fast": True}
    assert check_setup(SETUP, 2, asked) == asked
    assert check_setup(SETUP, 3, None) == {}
    assert check_setup(SETUP, 3, {"tiles": None}) == {"tiles": None}  # no default: absent
    assert SETUP.defaults() == {"mode": "a", "rounds": 5, "fast": False}
    assert SETUP.seat_counts == [2, 3]
    assert W.render("uk") == "х" and W.render("de") == "x"


# Every member engine.contract.Game declares: what the server may call on any game.
MEMBERS = sorted(
    {name for name in vars(Game) if not name.startswith("_") or name == "_in_place"}
    | set(Game.__annotations__)
)


@pytest.mark.parametrize("game_type", engine.game_types())
def test_every_hosted_game_has_every_member_of_the_contract(game_type):
    game = engine.get_game(game_type)
    missing = [name for name in MEMBERS if not hasattr(game, name)]
    assert missing == []
    assert game.name == game_type
    assert (game.min_players, game.max_players) == (
        game.setup.min_players,
        game.setup.max_players,
    )
    for option in game.setup.options:  # every user text in English and Ukrainian
        for words in (option.label, option.help, *(value.label for value in option.choices)):
            assert words.en and words.uk and words.en != words.uk
    assert set(game.languages) == {"en", "uk"}


@pytest.mark.parametrize("game_type", engine.game_types())
def test_prompt_ids_and_kinds_are_what_the_server_expects(game_type):
    """A prompt id goes into an email's reply address; its kind is in the schema's list."""
    game, rng = engine.get_game(game_type), random.Random(7)
    state, seen = game.new_game(2), set()
    for _ in range(60):
        if game.is_over(state):
            break
        if game.needs_chance(state):
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        seat, prompt = next(iter(game.pending(state).items()))
        assert re.fullmatch(r"[0-9a-z_-]{1,24}", prompt.id), prompt.id
        assert prompt.kind in game.prompt_kinds
        seen.add(prompt.kind)
        option = rng.choice(prompt.options).id
        state = game.apply(state, game.decide(state, seat, prompt.id, option))
    assert seen
