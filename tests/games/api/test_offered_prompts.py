"""A prompt the server offered can be answered: a decision that arrives while the game waits
on the server for chance (another seat's answer made a draw due, and the worker has not yet
sampled it) is applied after the server samples what it owes, never refused with
409 waiting_for_chance (issue 40)."""

from __future__ import annotations

import random

import pytest

import engine
from games import selectors
from games.models import Game
from games.write import chance, enqueue, writer
from tests.players import start_game, url


def test_an_answer_that_arrives_while_a_draw_is_due_is_accepted(make_player, monkeypatch):
    rng = random.Random(2)  # this game reaches such a moment on its 41st event
    monkeypatch.setattr(chance, "sample", lambda rules, state: rules.sample_chance(state, rng))
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    rules = engine.get_game("khora")
    players = {0: alice, 1: bob}
    for _ in range(200):
        game.refresh_from_db()
        state = selectors.load_state(game)
        pending = rules.pending(state)
        assert pending and not rules.needs_chance(state), "the server sampled what it owed"
        seat = sorted(pending)[0]
        prompt = pending[seat]
        option = rng.choice(prompt.options).id
        after = rules.apply(state, rules.decide(state, seat, prompt.id, option))
        others = {s: p.id for s, p in pending.items() if s != seat}
        if others and rules.needs_chance(after):
            break  # this answer makes a draw due while another seat has an offered prompt
        response = players[seat].post(
            url(game, "decisions"), {"prompt": prompt.id, "option": option}
        )
        assert response.status_code == 200, response.content
    else:
        pytest.fail("the seeded game never reached a draw due beside an open prompt")

    # The worker is slow today: the draw stays due after this answer.
    monkeypatch.setattr(writer, "enqueue_advance", lambda game: None)
    monkeypatch.setattr(enqueue, "enqueue_advance", lambda game: None)
    response = players[seat].post(url(game, "decisions"), {"prompt": prompt.id, "option": option})
    assert response.status_code == 200, response.content
    game.refresh_from_db()
    assert rules.needs_chance(selectors.load_state(game)), "not the moment this test is about"

    ((other, offered),) = others.items()
    still = rules.pending(rules.apply(after, rules.sample_chance(after, random.Random(0))))
    assert still[other].id == offered  # the draw does not change what the other seat is asked
    response = players[other].post(
        url(game, "decisions"), {"prompt": offered, "option": still[other].options[0].id}
    )
    assert response.status_code == 200, response.content  # not 409 waiting_for_chance
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.last_seq > 0
