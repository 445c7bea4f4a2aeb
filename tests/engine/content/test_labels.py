"""Prompts and option labels name the cards, cities, events and tokens they are about.

A person reading a prompt later (in an email, say) must know what they are choosing without
the game in front of them, so labels carry names, never bare ids.
"""

from __future__ import annotations

import random

import engine
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.content.events import EVENTS
from engine.khora.content.exploration import SPACES
from tests.engine.content.policy import BiasedPolicy

game = engine.get_game("khora")

# Prompts raised by an event card open with that event's name.
EVENT_PROMPTS = {"event_progress", "give_up_token", "discard_card", "extra_action"}


def prompts_of_biased_games(seeds=range(6), num_players=3):
    for seed in seeds:
        rng = random.Random(seed)
        policy = BiasedPolicy(hoarder=seed % num_players, saver=(seed + 1) % num_players)
        state = game.new_game(num_players, None)
        while not game.is_over(state):
            if not game.needs_chance(state):
                for prompt in game.pending(state).values():
                    yield state, prompt
            state = game.apply(state, policy(game, state, rng))


def test_every_label_names_what_it_is_about():
    kinds = set()
    for state, prompt in prompts_of_biased_games():
        kinds.add(prompt.kind)
        if prompt.kind in EVENT_PROMPTS:
            assert prompt.text.startswith(EVENTS[state.current_event].name), prompt.text
        if prompt.kind == "develop":
            city = CITIES[state.players[prompt.seat].city].name
            assert city in prompt.text, prompt.text
        for option in prompt.options:
            data, label = option.data, option.label
            if "card" in data:
                assert CARDS[data["card"]].name in label, label
            if "space" in data:
                space = SPACES[data["space"]]
                assert "knowledge token" in label, label
                if space.id != "persepolis":
                    assert f"{space.tier} {space.colour}" in label, label
            if "token" in data:
                colour, tier = data["token"].split("_")
                assert f"{tier} {colour} knowledge token" in label, label
            if "colour" in data:
                assert f"minor {data['colour']} knowledge token" in label, label
            raw_id = ":" in option.id and option.id in label
            assert "_" not in label and not raw_id, f"a raw id in {label!r}"
    assert {"play_politics", "explore", "buy_token", "develop", "progress"} <= kinds
