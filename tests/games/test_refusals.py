"""games says no in one way: the engine's refusal leaves the services as DecisionRefused (a
domain error with the engine's code, status and details), and its words come from one table."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.utils import translation

import engine
from games import selectors, services
from games.refusals import DecisionRefused, refusal_words
from tests.players import start_game

ROOT = Path(__file__).resolve().parents[2]
# The apps that must not know the engine's exception (games wraps it; the engine and the bots
# are below the server).
CLIENTS_OF_GAMES = [
    "accounts", "chat", "common", "khora_site", "live", "localmail", "mailplay",
    "notifications", "web", "webhooks",
]  # fmt: skip


def test_an_illegal_option_is_refused_as_a_domain_error_with_the_engines_code(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    prompt = selectors.game_prompt(game, alice.user)
    with pytest.raises(DecisionRefused) as refused:
        services.decisions_submit(
            public_id=game.public_id,
            user=alice.user,
            decisions=[services.DecisionInput(prompt=prompt["id"], option="no-such-option")],
        )
    assert not isinstance(refused.value, engine.IllegalDecision)
    assert (refused.value.code, refused.value.status) == ("illegal_option", 422)
    assert refused.value.details["legal_options"]


def test_nothing_to_revise_is_refused_as_a_domain_error(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    with pytest.raises(DecisionRefused) as refused:
        services.decision_revise(public_id=game.public_id, user=alice.user)
    assert (refused.value.code, refused.value.status) == ("nothing_to_revise", 409)


def test_a_bad_setup_is_refused_as_a_domain_error(make_player):
    alice = make_player("alice")
    with pytest.raises(DecisionRefused) as refused:
        services.game_create(
            creator=alice.user,
            game_type="khora",
            seats=3,
            options={"city_selection": "no-such-rule"},
            step_hours=48,
        )
    assert (refused.value.code, refused.value.status) == ("invalid_setup", 422)


def test_the_words_of_a_refusal_come_in_both_languages_and_unknown_codes_keep_the_message():
    assert refusal_words("stale_prompt") == "That question has moved on."
    with translation.override("uk"):
        assert refusal_words("stale_prompt") == "Це питання вже закрите."
        assert refusal_words("not_seated") == "Це можуть лише гравці цієї гри."
    assert refusal_words("waiting_for_chance", "The server rolls first.") == (
        "The server rolls first."
    )


@pytest.mark.parametrize("app", CLIENTS_OF_GAMES)
def test_no_app_but_games_names_the_engines_refusal(app):
    named = []
    for path in sorted((ROOT / app).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Attribute | ast.Name | ast.alias):
                name = getattr(node, "attr", None) or getattr(node, "id", None) or node.name
                if name == "IllegalDecision":
                    named.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not named, named
