"""The engine's action order gives the rulebook's result, whoever answers first.

Rulebook, D. Action: "The Action tiles are now resolved in order, starting with Philosophy (0)
and continuing in increasing number order ... To save time, all players with an active tile
can take their Actions simultaneously. Only the Military tile must respect turn order."
(docs/rules-notes.md, section 1: the result must be that of tile 0 for everyone, then tile 1,
and so on, whatever order the players answer in.)

Each game is played twice from the same decisions and chance outcomes: once in the engine's
order with players answering in a random order, once in strict rulebook order (every tile one
at a time, by tile then turn order) with players answering in another random order. The two
must end in identical states and views. The players favour Legislation, Politics and Council
so that the politics deck's unseen cards run out in most games, which is where the order of
draws and returns matters.
"""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict, deque

from engine.khora import flow
from engine.khora.phases.action_order import strict_rulebook_order
from tests.engine.playout import game
from tests.engine.scenario import Table

GAMES_PER_PLAYER_COUNT = 24


class DeckHungryPlayers:
    """Choose for every seat, favouring the tiles and the card that draw politics cards.

    Seat 0 also saves troops for Persepolis, so that some games end with Conquest of the
    Persians' extra actions.
    """

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, prompt) -> str:
        ids = [option.id for option in prompt.options]
        rng = self.rng
        if prompt.seat == 0 and prompt.kind in ("assign_die", "explore", "progress"):
            for wanted in ("tile:4", "space:persepolis", "advance:military", "skip"):
                if wanted in ids and (wanted != "skip" or prompt.kind == "explore"):
                    return wanted
        if prompt.kind == "assign_die":
            weights = {"tile:1": 8, "tile:5": 6, "tile:4": 3, "tile:6": 2}
            return rng.choices(ids, [weights.get(i, 1) for i in ids])[0]
        if prompt.kind == "play_politics" and "card:council" in ids:
            return "card:council"
        if prompt.kind == "extra_action":
            return rng.choice(["tile:1", "tile:5", "tile:6", "skip"])
        acting = [i for i in ids if i not in ("skip", "done")]
        if acting and rng.random() < 0.8:
            return rng.choice(acting)
        return rng.choice(ids)


def _play_in_engine_order(num_players: int, seed: int):
    """A game with random answer order; returns its state and each seat's answers and draws."""
    rng = random.Random(seed)
    players = DeckHungryPlayers(random.Random(seed + 1))
    answers: dict[int, list] = defaultdict(list)
    draws: dict[int, list] = defaultdict(list)
    shared_chance: list = []
    stats = {"unseen_ran_out": False, "drawn_from_bottom": 0}
    state = game.new_game(num_players)
    while not game.is_over(state):
        if game.needs_chance(state):
            event = game.sample_chance(state, rng)
            request = flow.chance_request(state)
            if request["kind"] == "draw":
                draws[event.seat].append(event)
            else:
                shared_chance.append(event)
        else:
            pending = game.pending(state)
            seat = rng.choice(sorted(pending))
            option = players.choose(pending[seat])
            answers[seat].append((pending[seat].kind, option))
            event = game.decide(state, seat, pending[seat].id, option)
        bottom = len(state.deck_bottom)
        state = game.apply(state, event)
        if state.phase == "actions" and not state.deck_unseen:
            stats["unseen_ran_out"] = True
        stats["drawn_from_bottom"] += len(state.deck_bottom) < bottom
    return state, answers, draws, shared_chance, stats


def _replay_in_strict_order(num_players: int, seed: int, answers, draws, shared_chance):
    """The same answers and chance outcomes, one tile at a time, answered in another order."""
    rng = random.Random(seed + 2)
    answers = {seat: deque(queue) for seat, queue in answers.items()}
    draws = {seat: deque(queue) for seat, queue in draws.items()}
    shared_chance = deque(shared_chance)
    with strict_rulebook_order():
        state = game.new_game(num_players)
        while not game.is_over(state):
            request = flow.chance_request(state)
            if request is not None:
                queue = draws[request["seat"]] if request["kind"] == "draw" else shared_chance
                assert queue, (seed, state.round, "chance the engine's order never needed", request)
                event = queue.popleft()
            else:
                pending = game.pending(state)
                seat = rng.choice(sorted(pending))
                assert answers[seat], (seed, state.round, seat, "asked more than in engine order")
                kind, option = answers[seat].popleft()
                prompt = pending[seat]
                assert prompt.kind == kind, (seed, state.round, seat, prompt, option)
                event = game.decide(state, seat, prompt.id, option)
            state = game.apply(state, event)
    assert not any(answers.values()) and not shared_chance and not any(draws.values())
    return state


def _state_without_cache(state) -> dict:
    fields = {f.name: getattr(state, f.name) for f in dataclasses.fields(state)}
    fields.pop("cache")
    return fields


def test_engine_order_and_strict_rulebook_order_end_in_the_same_game():
    played = ran_out = bottom_draws = 0
    for num_players in (2, 3, 4):
        for seed in range(GAMES_PER_PLAYER_COUNT):
            seed = 1000 * num_players + seed
            state, answers, draws, shared, stats = _play_in_engine_order(num_players, seed)
            strict = _replay_in_strict_order(num_players, seed, answers, draws, shared)

            assert _state_without_cache(strict) == _state_without_cache(state), seed
            for viewer in (None, *range(num_players)):
                assert game.view(strict, viewer) == game.view(state, viewer), (seed, viewer)
            played += 1
            ran_out += stats["unseen_ran_out"]
            bottom_draws += stats["drawn_from_bottom"] > 0
    print(
        f"\n{played} games: the unseen politics cards ran out during an action phase in "
        f"{ran_out} ({ran_out / played:.0%}); cards were drawn from the bottom in {bottom_draws}"
    )
    # The comparison is only worth something if the deck does run out in most games.
    assert ran_out / played >= 0.5


def _deck_only_at_the_bottom(table: Table) -> list[str]:
    """Every card left in the deck goes to the bottom, in a known order; returns that order."""
    state = table.state
    state.deck_bottom = sorted(state.deck_unseen)
    state.deck_unseen = []
    return state.deck_bottom[:]


def test_council_waits_for_an_earlier_legislation_once_the_unseen_cards_are_gone():
    """Legislation (1) returns a card to the bottom before Politics (5) draws from it."""
    table = Table(["argos", "sparta"], start=0)
    table.edit(0, hand=["council"])
    bottom = _deck_only_at_the_bottom(table)
    table.roll([6, 6], [5, 6])  # seat 1 starts
    table.assign(0, 5, 0)
    table.assign(1, 1, 2)

    assert table.kinds() == {1: "legislation_keep"}, "seat 0's Politics waits"
    table.decide(1, f"card:{bottom[1]}")  # bottom[0] goes back under the deck
    table.decide(0, "card:council")

    assert table.player(0).hand == bottom[2:4]
    assert table.state.deck_bottom[-1] == bottom[0]


def test_council_does_not_wait_while_the_unseen_cards_are_enough_for_every_draw():
    table = Table(["argos", "sparta"], start=0)
    table.edit(0, hand=["council"])
    table.roll([6, 6], [5, 6])
    table.assign(0, 5, 0)
    table.assign(1, 1, 2)

    unseen = table.state.deck_unseen
    table.chance(kind="draw", seat=1, cards=unseen[:2])
    assert table.kinds() == {0: "play_politics", 1: "legislation_keep"}


def test_cards_returned_at_once_go_under_the_deck_in_turn_order_whoever_answers_first():
    table = Table(["argos", "sparta"], start=0)
    table.roll([6, 6], [5, 6])  # seat 1 starts
    table.assign(0, 1, 0)
    table.assign(1, 1, 0)
    first, second = table.state.deck_unseen[:2], table.state.deck_unseen[2:4]
    table.chance(kind="draw", seat=0, cards=first)
    table.chance(kind="draw", seat=1, cards=second)

    table.decide(0, f"card:{first[0]}")
    table.decide(1, f"card:{second[0]}")

    assert table.state.deck_bottom == [second[1], first[1]]
