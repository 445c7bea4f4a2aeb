"""What `standard` plans for beyond the tiles (issue 51): the achievements still to claim and
the round's event that compares troops (bots.worth)."""

from __future__ import annotations

from bots.worth import EVENT_STAKES, worth
from tests.bots.test_standard_play import _first_position


def _mid_game():
    """A 4-player position of round 3's dice phase (a fresh copy to change)."""
    state, seat, _prompt = _first_position(
        lambda state, seat, prompt: state.round == 3 and prompt.kind == "assign_die"
    )
    return state.clone(), seat


def test_meeting_an_achievement_no_one_has_claimed_is_worth_its_reward():
    state, seat = _mid_game()
    player = state.players[seat]
    player.citizens = 11
    below = worth(state, seat)
    player.citizens = 12  # the citizens achievement (12), checked in phase G
    met = worth(state, seat)
    state.achievements_claimed = {**state.achievements_claimed, "citizens": [(seat + 1) % 4]}
    taken = worth(state, seat)
    # One citizen more is worth a fraction of a point; the achievement a glory or a tax step.
    assert met - below > 3.0
    assert 0.0 < taken - below < 1.0


def test_the_most_troops_before_an_event_that_rewards_them_is_worth_its_stake():
    state, seat = _mid_game()
    state.current_event = "eleusinian-mysteries"  # most troops +4 VP, fewest -4 VP
    for other in state.players:
        other.troops = 2
    state.players[seat].troops = 3
    most = worth(state, seat)
    state.players[seat].troops = 1
    fewest = worth(state, seat)
    gain, loss = EVENT_STAKES["eleusinian-mysteries"]
    troop_worth = most - fewest - gain - loss
    assert 0.0 < troop_worth < 5.0  # two troops' own worth, no more
    state.phase = "achievements"  # the event has been resolved: no stake left
    assert worth(state, seat) - fewest == loss
