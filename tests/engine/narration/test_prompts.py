"""Prompts in both languages, and options left out with why."""

from __future__ import annotations

import random
import re

from engine.khora.content.cards import CARDS
from tests.engine.content.policy import BiasedPolicy
from tests.engine.content.table import politics_turn
from tests.engine.narration.explain import game


def _prompts(seeds=range(3), players=3):
    for seed in seeds:
        rng = random.Random(seed)
        policy = BiasedPolicy(hoarder=seed % players, saver=(seed + 1) % players)
        state = game.new_game(players, {"city_selection": "choose"} if seed == 0 else None)
        while not game.is_over(state):
            if not game.needs_chance(state):
                for prompt in game.pending(state).values():
                    yield state, prompt
            state = game.apply(state, policy(game, state, rng))


def _structure(prompt: dict) -> dict:
    return {
        **prompt,
        "text": None,
        "options": [{**o, "label": None} for o in prompt["options"]],
        "unavailable": [{"id": u["id"]} for u in prompt["unavailable"]],
    }


def test_every_prompt_renders_in_ukrainian_with_the_same_ids_and_data():
    kinds = set()
    for state, prompt in _prompts():
        kinds.add(prompt.kind)
        english = game.prompt_dict(state, prompt.seat)
        ukrainian = game.prompt_dict(state, prompt.seat, "uk")
        assert english == {**prompt.to_dict(), "unavailable": english["unavailable"]}
        assert english["text"] == prompt.text
        assert [o["label"] for o in english["options"]] == [o.label for o in prompt.options]
        assert _structure(english) == _structure(ukrainian)
        texts = [ukrainian["text"], *(o["label"] for o in ukrainian["options"])]
        for left_out in ukrainian["unavailable"]:
            texts += [left_out["label"], *left_out["reasons"]]
        latin = [t for t in texts if re.search("[A-Za-z]{2,}", t)]
        assert not latin, (prompt.kind, latin)
    assert len(kinds) >= 12, kinds


def test_a_card_left_out_of_politics_says_why():
    table = politics_turn("gifts-from-the-west", drachma=1, tokens={"red_minor": 1})
    table.give(0, "bank", "gold-reserve")
    prompt = game.pending(table.state)[0]
    assert [o.id for o in prompt.options] == ["skip", "card:gifts-from-the-west"]
    left_out = {item.id: item.to_dict() for item in game.left_out(table.state, 0)}
    assert set(left_out) == {"card:bank", "card:gold-reserve"}
    assert left_out["card:bank"]["label"].startswith(CARDS["bank"].name)
    assert left_out["card:bank"]["reasons"] == [
        "red knowledge tokens: needs 2, you have 1",
        "1 missing knowledge token would take 2 philosophy tokens, you have 0",
    ]
    assert left_out["card:gold-reserve"]["reasons"][0] == "costs 8 drachmas, you have 1"
    uk = {item.id: item.to_dict("uk") for item in game.left_out(table.state, 0)}
    assert uk["card:bank"]["reasons"][0] == "червоних жетонів знання: потрібно 2, у вас 1"
    assert uk["card:gold-reserve"]["reasons"][0] == "коштує 8 драхм, у вас 1"


def test_plural_forms_in_labels():
    table = politics_turn("peripteros", drachma=1, philosophy=4)
    label = game.pending(table.state)[0].option("card:peripteros")
    assert label.label.endswith(
        "(pay 1 drachma and 4 philosophy tokens for 2 missing knowledge tokens)"
    )
    assert label.to_dict("uk")["label"].endswith(
        "(заплатити: 1 драхму і 4 жетони філософії замість 2 відсутніх жетонів знання)"
    )


def test_a_space_left_out_of_exploring_says_why():
    for state, prompt in _prompts(seeds=[4]):
        if prompt.kind != "explore" or not game.left_out(state, prompt.seat):
            continue
        offered = {o.id for o in prompt.options}
        for left_out in game.left_out(state, prompt.seat):
            assert left_out.id.startswith("space:") and left_out.id not in offered
            (reason,) = left_out.to_dict()["reasons"]
            assert re.fullmatch(r"needs \d+ troops, you have \d+", reason), reason
        return
    raise AssertionError("a random game explores with too few troops for some space")
