"""The hidden-information sampler: every sample agrees with everything its viewer knows.

1,000 sampled positions (random seats at random points of seeded random games, 2 to 4 players,
every phase): each sample shows its viewer the same view and the same prompt as the real state,
holds the same cards (counts everywhere, every card once), keeps the cards the viewer put under
the deck where it put them, keeps what the viewer drew, and plays on to the end. Samples must
also really differ from the truth, and depend only on what the viewer knows.
"""

from __future__ import annotations

import random

from engine.khora import sampling
from engine.simulate import random_event
from tests.engine.playout import check_invariants, game

POSITIONS = 1000


def _positions(count: int):
    """(state, viewer, seen log) at random points of random games, about 20 per game."""
    rng = random.Random(27)
    produced = 0
    game_number = 0
    while produced < count:
        game_number += 1
        players = 2 + game_number % 3
        state = game.new_game(players)
        log = []
        while not game.is_over(state) and produced < count:
            event = random_event(game, state, rng)
            state = game.apply(state, event)
            log.append(event)
            if rng.random() < 0.05:
                viewer = rng.randrange(players)
                produced += 1
                yield state, viewer, [game.redact(e, viewer) for e in log], log


def _hidden(state, viewer, hidden_bottom):
    """The cards in places the viewer cannot see into (`hidden_bottom`: places under the deck
    it did not fill itself)."""
    cards = set(state.deck_unseen) | {state.deck_bottom[at] for at in hidden_bottom}
    for player in state.players:
        if player.seat != viewer:
            cards |= set(player.hand) | set(player.draft_hand) | set(player.draft_picks)
            for task in player.agenda:
                if task.kind == "legislation_keep":
                    cards |= set(task.data["cards"])
    return cards


def _pending_dict(state, seat):
    prompt = game.pending(state).get(seat)
    return prompt.to_dict() if prompt else None


def test_samples_agree_with_everything_the_viewer_knows():
    rng = random.Random(1)
    differs = played_on = 0
    for number, (state, viewer, seen, _log) in enumerate(_positions(POSITIONS)):
        before = game.view(state, viewer)
        sample = sampling.sample(state, viewer, seen, rng)
        # The real state is untouched; the sample shows the viewer exactly what it sees.
        assert game.view(state, viewer) == before
        assert game.view(sample, viewer) == before
        assert _pending_dict(sample, viewer) == _pending_dict(state, viewer)
        assert sorted(game.pending(sample)) == sorted(game.pending(state))
        assert game.needs_chance(sample) == game.needs_chance(state)
        # Counts: the same cards, each once, the same number in every place.
        assert sampling.card_places(sample) == sampling.card_places(state)
        check_invariants(sample)
        assert len(sample.deck_unseen) == len(state.deck_unseen)
        assert len(sample.deck_bottom) == len(state.deck_bottom)
        for real, dealt in zip(state.players, sample.players, strict=True):
            assert len(dealt.hand) == len(real.hand)
            assert len(dealt.draft_hand) == len(real.draft_hand)
            assert len(dealt.draft_picks) == len(real.draft_picks)
            assert len(dealt.assignment) == len(real.assignment)
            assert dealt.played == real.played
            assert [t.id for t in dealt.agenda] == [t.id for t in real.agenda]
        mine = sample.players[viewer]
        real_mine = state.players[viewer]
        assert (mine.hand, mine.draft_hand, mine.draft_picks, mine.assignment) == (
            real_mine.hand,
            real_mine.draft_hand,
            real_mine.draft_picks,
            real_mine.assignment,
        )
        # Returned cards: what the viewer put under the deck stays at its place there; the
        # order of the places is public and kept.
        known = sampling.returned_cards(seen, viewer)
        for at, card in enumerate(state.deck_bottom):
            if card in known:
                assert sample.deck_bottom[at] == card
        assert [sample.bottom_places[c] for c in sample.deck_bottom] == [
            state.bottom_places[c] for c in state.deck_bottom
        ]
        # Seen draws and known cards: nothing the viewer can locate moves; the sample only
        # deals again the cards it cannot.
        hidden_bottom = [at for at, card in enumerate(state.deck_bottom) if card not in known]
        assert _hidden(sample, viewer, hidden_bottom) == _hidden(state, viewer, hidden_bottom)
        if not state.assignments_revealed:
            for real, dealt in zip(state.players, sample.players, strict=True):
                if real.seat == viewer or not real.assignment:
                    continue
                assert len(set(dealt.assignment)) == len(dealt.assignment)
        differs += any(
            (a.hand, a.draft_hand, a.assignment) != (b.hand, b.draft_hand, b.assignment)
            for a, b in zip(state.players, sample.players, strict=True)
        ) or (sample.deck_bottom != state.deck_bottom)
        # Every 10th sample is played to the end: a sample is a real, playable position.
        if number % 10 == 0 and not game.is_over(sample):
            play = random.Random(number)
            while not game.is_over(sample):
                sample = game.apply(sample, random_event(game, sample, play))
            played_on += 1
    assert differs > POSITIONS // 2, differs  # the hidden parts really are dealt again
    assert played_on > 50


def test_the_sample_depends_only_on_what_the_viewer_knows():
    """Two states differing only in other seats' hidden data give the same sample (same seed)."""
    checked = 0
    for state, viewer, seen, _log in _positions(200):
        # Another real state with the same log for the viewer: other seats' hands, draft cards,
        # Legislation draws, the unseen deck and the cards they put under it exchanged, their
        # sealed tiles chosen again.
        twin = sampling.sample(state, viewer, seen, random.Random(1000 + checked))
        assert game.view(twin, viewer) == game.view(state, viewer)
        one = sampling.sample(state, viewer, seen, random.Random(5))
        two = sampling.sample(twin, viewer, seen, random.Random(5))
        for a, b in zip(one.players, two.players, strict=True):
            assert (a.hand, a.draft_hand, a.draft_picks, a.assignment, a.agenda) == (
                b.hand,
                b.draft_hand,
                b.draft_picks,
                b.assignment,
                b.agenda,
            )
        assert (one.deck_unseen, one.deck_bottom) == (two.deck_unseen, two.deck_bottom)
        checked += 1
    assert checked == 200
