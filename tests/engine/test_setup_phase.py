"""Setup: starting resources, the draft, the event deck and the start player."""

import random

from engine import Event
from engine.khora.content.events import FIRST_EVENT, LAST_EVENT, RANDOM_POOL
from engine.khora.content.exploration import SPACES
from tests.engine.playout import game, play_random
from tests.engine.scenario import Table


def test_every_player_starts_with_the_rulebook_values_then_their_first_development():
    table = Table(["sparta", "corinth", "olympia", "thebes"])
    for player in table.state.players:
        assert (player.citizens, player.troops, player.dice_count, player.development) == (
            3,
            0,
            2,
            1,
        )
        assert (player.economy, player.culture) == (1, 1)
        assert len(player.hand) == 5
    sparta, corinth, olympia, thebes = table.state.players
    assert (sparta.drachma, corinth.drachma) == (4, 8)
    assert (olympia.tax, thebes.military, thebes.glory) == (1, 2, 1)
    assert table.state.exploration == list(SPACES)


def test_the_draft_passes_the_rest_of_each_hand_to_the_left_and_keeps_the_last_card():
    hands = [
        ["archives", "bank", "council", "diolkos", "stadion"],
        ["oracle", "power", "quarry", "rivalry", "lighthouse"],
        ["gradualism", "helepole", "persians", "reformists", "proskenion"],
    ]
    state = game.new_game(3, {"cities": ["argos", "sparta", "thebes"]})
    state = game.apply(state, Event("chance", {"kind": "deal", "hands": hands}))
    first = {seat: prompt for seat, prompt in game.pending(state).items()}
    for seat, card in ((0, "bank"), (1, "power"), (2, "helepole")):
        state = game.apply(state, game.decide(state, seat, first[seat].id, f"card:{card}"))

    offered_to_1 = [o.data["card"] for o in game.pending(state)[1].options]
    assert offered_to_1 == ["archives", "council", "diolkos", "stadion"]  # seat 0's rest
    while state.phase == "setup" and game.pending(state):
        for seat, prompt in game.pending(state).items():
            state = game.apply(state, game.decide(state, seat, prompt.id, prompt.options[0].id))
    dealt = {card for hand in hands for card in hand}
    assert sorted(c for p in state.players for c in p.hand) == sorted(dealt)
    assert state.players[0].hand[0] == "bank" and len(state.players[0].hand) == 5


def test_the_event_deck_opens_and_closes_with_the_fixed_events_and_draws_seven_others():
    final, _ = play_random(3, seed=4)
    revealed = final.events_revealed
    assert revealed[0] == FIRST_EVENT and revealed[-1] == LAST_EVENT
    middle = revealed[1:-1]
    assert len(middle) == 7 and len(set(middle)) == 7 and set(middle) <= set(RANDOM_POOL)


def test_the_first_start_player_is_a_chance_outcome_in_the_log():
    starts = set()
    for seed in range(12):
        state = game.new_game(2, {"cities": ["argos", "sparta"]})
        rng = random.Random(seed)
        while state.start_player is None:
            if game.needs_chance(state):
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                seat, prompt = next(iter(game.pending(state).items()))
                state = game.apply(state, game.decide(state, seat, prompt.id, prompt.default))
        starts.add(state.start_player)
    assert starts == {0, 1}
