"""Hidden information: what each viewer's view and log entries show and never show."""

import json
import random

import pytest

from engine.simulate import random_event
from tests.engine.playout import game, play_random
from tests.engine.scenario import Table


def _dump(value) -> str:
    return json.dumps(value, sort_keys=True)


def test_a_player_sees_their_own_hand_and_only_the_size_of_others():
    table = Table(["argos", "sparta", "thebes"])
    views = {seat: game.view(table.state, seat) for seat in (None, 0, 1, 2)}

    for viewer in (0, 1, 2):
        for seat, player in enumerate(views[viewer]["players"]):
            assert player["hand_size"] == 5
            assert ("hand" in player) == (seat == viewer)
    assert all("hand" not in p for p in views[None]["players"])
    hand = [card["id"] for card in views[0]["players"][0]["hand"]]
    assert hand == table.player(0).hand
    for viewer in (None, 1, 2):
        for card in hand:
            assert card not in _dump(views[viewer]), "unplayed cards are private"


def test_draft_hands_and_picks_are_private():
    state = game.new_game(2, {"cities": ["argos", "sparta"]})
    state = game.apply(state, game.sample_chance(state, random.Random(4)))
    prompt = game.pending(state)[1]
    state = game.apply(state, game.decide(state, 1, prompt.id, prompt.options[0].id))

    mine = game.view(state, 1)["players"][1]
    theirs = game.view(state, 0)["players"][1]
    assert len(mine["draft_picks"]) == 1 and len(mine["draft_hand"]) == 4
    assert theirs["draft_picks_count"] == 1 and theirs["draft_hand_size"] == 4
    for card in state.players[1].draft_hand + state.players[1].draft_picks:
        assert card not in _dump(game.view(state, 0))
        assert card not in _dump(game.view(state, None))


def test_action_tiles_stay_sealed_until_everyone_has_assigned():
    table = Table(["argos", "sparta"])
    table.roll([3, 3], [3, 3])
    table.assign(0, 0, 2)

    assert game.view(table.state, 0)["players"][0]["tiles"] == [0, 2]
    assert game.view(table.state, 1)["players"][0]["tiles"] is None
    assert game.view(table.state, 1)["players"][0]["tiles_assigned"] == 2
    assert game.view(table.state, None)["players"][0]["tiles"] is None

    table.assign(1, 1, 3)
    assert game.view(table.state, 1)["players"][0]["tiles"] == [0, 2]


def test_the_log_hides_dealt_and_drawn_cards_and_secret_choices_from_others():
    _, events = play_random(3, seed=17)
    kinds_seen = set()
    for event in events:
        for viewer in (None, 0, 1, 2):
            entry = game.redact(event, viewer)
            data = entry["data"]
            own = viewer is not None and viewer == event.seat
            if data.get("kind") == "deal":
                kinds_seen.add("deal")
                for seat, hand in enumerate(data["hands"]):
                    assert (hand == event.data["hands"][seat]) == (seat == viewer)
            elif data.get("kind") == "draw":
                kinds_seen.add("draw")
                assert (data["cards"] == event.data["cards"]) == own
            elif event.type == "decision" and event.data["kind"] in (
                "draft_pick",
                "assign_die",
                "legislation_keep",
            ):
                kinds_seen.add(event.data["kind"])
                assert ("option" in data) == own
            else:
                assert data == event.data
    assert kinds_seen == {"deal", "draw", "draft_pick", "assign_die", "legislation_keep"}


def _states_along_random_games(count: int):
    rng = random.Random(99)
    for num_players in (2, 3, 4):
        state = game.new_game(num_players)
        step = 0
        while not game.is_over(state):
            state = game.apply(state, random_event(game, state, rng))
            step += 1
            if step % max(1, 400 // count) == 0:
                yield state


def _swap_hidden_data_of(state, seat: int):
    """A copy of `state` where only `seat`'s hidden cards and sealed tiles differ."""
    other = state.clone()
    player = other.players[seat]
    spare = list(other.deck_unseen)
    if player.hand and spare:
        swapped = spare[: len(player.hand)]
        kept = player.hand[len(swapped) :]
        other.deck_unseen = sorted(set(spare) - set(swapped) | set(player.hand[: len(swapped)]))
        player.hand = swapped + kept
    if not other.assignments_revealed and len(player.assignment) == 1:
        player.assignment = [6 - player.assignment[0]]
    return other


@pytest.mark.parametrize("viewer", [None, 0])
def test_changing_only_another_players_hidden_data_never_changes_my_view(viewer):
    checked = 0
    for state in _states_along_random_games(80):
        if state.phase == "setup":
            continue
        other = _swap_hidden_data_of(state, state.num_players - 1)
        if other.players[-1].hand == state.players[-1].hand:
            continue
        assert _dump(game.view(other, viewer)) == _dump(game.view(state, viewer))
        if viewer is not None and viewer in game.pending(state):
            assert game.pending(other)[viewer].to_dict() == game.pending(state)[viewer].to_dict()
        checked += 1
    assert checked > 50
