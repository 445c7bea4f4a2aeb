"""`standard` at the end of the game (issue 51): in the last round a drachma kept and a card
kept in hand score nothing, so it pays for points rather than keeping them. Staged positions:
a seeded game's last-round Politics action, the seat's hand and purse set for the case."""

from __future__ import annotations

from bots.standard import choose
from bots.worth import worth
from engine.core import Event
from engine.khora.phases.round_start import ROUNDS
from engine.khora.phases.scoring import score_breakdown
from tests.bots.test_standard_play import _first_position
from tests.engine.playout import game


def _last_round_politics():
    state, seat, prompt = _first_position(
        lambda state, seat, prompt: state.round == ROUNDS and prompt.kind == "play_politics",
        players=2,
    )
    return state, seat, prompt


def _staged(hand: list[str]):
    """The position with this hand, 8 drachmas and three tokens of each colour (a fresh copy:
    the engine caches what it asks a state)."""
    state, seat, _prompt = _last_round_politics()
    state = state.clone()
    player = state.players[seat]
    player.hand, player.drachma, player.philosophy = hand, 8, 0
    player.tokens = {"red_minor": 3, "blue_minor": 3, "green_minor": 3}
    return state, seat, game.pending(state)[seat]


def _points_after(state, seat, prompt, option_id: str) -> int:
    event = Event(
        "decision", {"prompt": prompt.id, "kind": prompt.kind, "option": option_id}, seat=seat
    )
    return score_breakdown(game.apply(state, event), seat)["total"]


def test_in_the_last_round_a_point_is_worth_more_than_the_drachmas_and_card_it_costs():
    state, seat, _prompt = _staged(["bank"])
    paid = state.clone()
    paid.players[seat].hand = []
    paid.players[seat].drachma -= 4
    paid.players[seat].vp += 1
    assert worth(paid, seat) > worth(state, seat)


def test_the_last_politics_action_pays_for_the_card_worth_most_points():
    """Colossus of Rhodes (6 drachmas) against the Hall of Statues (2), 8 drachmas in the purse:
    the drachmas score nothing at the end, so the card that scores more is played (valued as
    before, the four drachmas saved weighed as much as the point, and the cheaper card won)."""
    state, seat, prompt = _staged(["hall-of-statues", "colossus-of-rhodes"])
    points = {o.id: _points_after(state, seat, prompt, o.id) for o in prompt.options}
    assert set(points) == {"skip", "card:colossus-of-rhodes", "card:hall-of-statues"}
    assert points["card:colossus-of-rhodes"] > points["card:hall-of-statues"] > points["skip"]
    assert choose(state, seat, prompt) == "card:colossus-of-rhodes"


def test_the_last_politics_action_never_keeps_a_playable_card_that_scores():
    """Each scoring card the seat can afford, alone in hand: it is played, not kept."""
    for card in ("bank", "tunnel-of-eupalinos", "gold-reserve", "heavy-taxes", "hall-of-statues"):
        trial, seat, prompt = _staged([card])
        assert _points_after(trial, seat, prompt, f"card:{card}") > _points_after(
            trial, seat, prompt, "skip"
        ), card
        assert choose(trial, seat, prompt) == f"card:{card}", card


def _last_round_progress(
    drachma: int, economy: int, military: int, majors: int, philosophy: int = 0
):
    """A seeded game's last Progress phase, the seat's purse, tracks, major tokens and
    philosophy tokens set (none: one level only, each token one more)."""
    state, seat, _prompt = _first_position(
        lambda state, seat, prompt: (
            state.round == ROUNDS and prompt.kind == "progress" and len(prompt.options) > 1
        ),
        players=2,
    )
    state = state.clone()
    player = state.players[seat]
    player.drachma, player.economy, player.military = drachma, economy, military
    player.philosophy = philosophy
    player.tokens = {"red_major": majors} if majors else {}
    return state, seat, game.pending(state)[seat]


def test_the_last_progress_phase_buys_the_level_that_scores_most_rather_than_keep_drachmas():
    """Economy 4 gives 5 VP; military 2 a glory, worth a VP per major token held; culture
    nothing at the end. With 10 drachmas and 3 majors the 5 VP win, with 6 majors the glory."""
    state, seat, prompt = _last_round_progress(drachma=10, economy=3, military=1, majors=3)
    points = {o.id: _points_after(state, seat, prompt, o.id) for o in prompt.options}
    assert points["advance:economy"] > points["advance:military"] > points["done"]
    assert choose(state, seat, prompt) == "advance:economy"
    state, seat, prompt = _last_round_progress(drachma=10, economy=3, military=1, majors=6)
    assert choose(state, seat, prompt) == "advance:military"


def test_the_last_progress_phase_keeps_its_drachmas_only_when_no_level_scores():
    """Culture and economy 6 score nothing at the end: no level is bought for nothing."""
    state, seat, prompt = _last_round_progress(drachma=10, economy=5, military=2, majors=0)
    points = {o.id: _points_after(state, seat, prompt, o.id) for o in prompt.options}
    assert max(points.values()) == points["done"]
    assert choose(state, seat, prompt) == "done"


def _points_after_answers(state, seat, answers: list[str]) -> int:
    """The seat's total after answering its prompts with `answers`, one after the other."""
    for option_id in answers:
        prompt = game.pending(state)[seat]
        event = Event(
            "decision", {"prompt": prompt.id, "kind": prompt.kind, "option": option_id}, seat=seat
        )
        state = game.apply(state, event)
    return score_breakdown(state, seat)["total"]


def test_the_last_progress_phase_buys_a_level_that_scores_nothing_to_reach_one_that_scores():
    """Economy 6 scores nothing, economy 7 ten VP: with a philosophy token for the second
    level and 10 drachmas for both, the seat buys economy 6 to reach 7 (judged by the best
    of what follows: issue 51); without the token it keeps its drachmas."""
    state, seat, prompt = _last_round_progress(
        drachma=10, economy=5, military=7, majors=0, philosophy=1
    )
    both = ["advance:economy", "philosophy:economy"]
    assert (
        _points_after_answers(state, seat, both)
        == _points_after_answers(state, seat, ["done"]) + 10
    )
    assert choose(state, seat, prompt) == "advance:economy"
    after = game.apply(
        state,
        Event(
            "decision",
            {"prompt": prompt.id, "kind": prompt.kind, "option": "advance:economy"},
            seat=seat,
        ),
    )
    assert choose(after, seat, game.pending(after)[seat]) == "philosophy:economy"
    state, seat, prompt = _last_round_progress(drachma=10, economy=5, military=7, majors=0)
    assert choose(state, seat, prompt) == "done"
