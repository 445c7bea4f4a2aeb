"""Seeded games with a biased random player exercise every card, event and Persepolis.

Over the fixed seeds below, every politics card is played, every event is revealed and
resolved (each game plays every round it reveals to the end), the events that ask something
are answered with an action at least once, Persepolis is explored and Conquest of the
Persians' extra action is taken. The test fails naming whatever was never exercised, so a
content change that makes something unreachable is noticed.
"""

from __future__ import annotations

import random
from collections import Counter

import engine
from engine.khora.content.cards import CARDS
from engine.khora.content.events import EVENTS
from engine.simulate import play_random_game
from tests.engine.content.policy import BiasedPolicy
from tests.engine.playout import check_invariants

game = engine.get_game("khora")

GAMES_PER_PLAYER_COUNT = 150

# Event prompts answered with an action (not "skip"), named by the text the prompt starts with.
EVENT_CHOICES = {
    "the-rise-of-persia": ("event_progress", "The Rise of Persia"),
    "military-victory": ("event_progress", "Military Victory"),
    "prosperity": ("play_politics", "Prosperity"),
    "oracle-of-delphi": ("give_up_token", "Oracle of Delphi"),
    "the-thirty-tyrants": ("discard_card", "The Thirty Tyrants"),
    "conquest-of-the-persians": ("extra_action", "Conquest of the Persians"),
}


def play_seeded(num_players: int, seed: int, check=None):
    rng = random.Random(1000 * num_players + seed)
    hoarder = seed % num_players if seed % 2 == 0 else None
    saver = (seed + 1) % num_players if seed % 3 else None
    policy = BiasedPolicy(hoarder=hoarder, saver=saver)
    on_event = (lambda state, _event: check(state)) if check else None
    state, events = play_random_game(game, num_players, rng, on_event=on_event, policy=policy)
    return state, events, policy.answers


def test_biased_playouts_exercise_every_card_event_and_persepolis():
    cards_played: Counter = Counter()
    events_resolved: Counter = Counter()
    event_choices: Counter = Counter()
    persepolis = 0
    for num_players in (2, 3, 4):
        for seed in range(GAMES_PER_PLAYER_COUNT):
            state, _events, answers = play_seeded(num_players, seed)
            assert state.finished and state.round == 9
            events_resolved.update(state.events_revealed)
            for kind, text, option in answers:
                if kind == "play_politics" and option.startswith("card:"):
                    cards_played[option.removeprefix("card:")] += 1
                if option == "space:persepolis":
                    persepolis += 1
                for event, (event_kind, prefix) in EVENT_CHOICES.items():
                    if kind == event_kind and text.startswith(prefix) and option != "skip":
                        event_choices[event] += 1

    never_played = sorted(set(CARDS) - set(cards_played))
    never_resolved = sorted(set(EVENTS) - set(events_resolved))
    never_chosen = sorted(set(EVENT_CHOICES) - set(event_choices))
    assert not never_played, f"politics cards never played: {never_played}"
    assert not never_resolved, f"events never resolved: {never_resolved}"
    assert not never_chosen, f"event choices never taken: {never_chosen}"
    assert persepolis, "Persepolis was never explored"


def test_biased_playouts_keep_the_invariants_and_replay_to_the_same_views():
    for num_players in (2, 3, 4):
        for seed in range(0, GAMES_PER_PLAYER_COUNT, 10):
            state, events, _answers = play_seeded(num_players, seed, check=check_invariants)
            logged = [event.to_dict() for event in events]
            replayed = engine.replay(game, num_players, None, logged)
            for seat in [None, *range(num_players)]:
                assert game.view(replayed, seat) == game.view(state, seat)
