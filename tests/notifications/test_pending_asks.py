"""The "your turn" emails are written by an email worker after the decision commits
(games.asking): the decision's transaction only queues a durable `PendingAsk`.

Each test stops the hand-over to the worker (as a process killed right after its commit
would) and checks what a player would notice: the email still comes, once, from the sweep;
it is not written for a prompt the player answered in the meantime; a second run writes
nothing more.
"""

from datetime import timedelta

import pytest

from common import clock
from games.models import PendingAsk
from games.workers import tasks
from notifications import asking, composing
from notifications.models import Notification
from tests.players import start_game, url


@pytest.fixture
def lost_handover(monkeypatch):
    """The process dies between the commit and the enqueue: no task ever runs. Returns the
    games whose asks the transactions queued."""
    lost = []
    monkeypatch.setattr(asking, "enqueue_write_asks", lambda game: lost.append(game.pk))
    return lost


def pick(player, game) -> dict:
    prompt = player.get(url(game, "prompt")).json()["prompt"]
    response = player.post(
        url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
    )
    assert response.status_code == 200, response.content
    return prompt


def your_turns(player) -> list[Notification]:
    return list(Notification.objects.filter(recipient=player.user, kind="your_turn"))


@pytest.fixture
def draft(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])  # two seats: each draft pick waits on the other
    pick(alice, game)  # alice now waits on bob
    return alice, bob, game


def test_the_decision_commits_the_ask_and_the_sweep_writes_its_email_once(
    draft, lost_handover, settings
):
    alice, bob, game = draft
    pick(bob, game)  # closes the pick: alice is asked again
    assert lost_handover == [game.pk]
    ask = PendingAsk.objects.get(game=game)
    assert ask.position == 0
    assert your_turns(alice) == [], "nothing is written in the request"

    # Too fresh for the sweep: its task may still be on its way.
    assert asking.games_left_behind(10) == []
    with clock.frozen_at(clock.now() + timedelta(minutes=1)):
        assert asking.games_left_behind(10) == [game.pk]
        tasks.sweep.delay().get()
        tasks.sweep.delay().get()  # a second sweep finds nothing left
    [email] = your_turns(alice)
    # Alice answered a moment before she was asked: held from the ask, not from the sweep.
    window = timedelta(minutes=settings.NOTIFY_ACTIVE_MINUTES)
    assert email.status == Notification.Status.PENDING
    assert email.next_attempt_at == ask.created_at + window
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    assert email.prompt == prompt["id"]
    assert prompt["options"][0]["label"] in email.body_text
    assert not PendingAsk.objects.exists()


def test_an_ask_answered_before_its_email_is_written_is_dropped(draft, lost_handover):
    alice, bob, game = draft
    pick(bob, game)
    pick(alice, game)  # alice was at the table and answered at once
    assert composing.write_asks(game.pk) == 0
    assert your_turns(alice) == []
    assert not PendingAsk.objects.filter(position=0).exists()


def test_writing_the_asks_twice_writes_each_email_once(draft, lost_handover):
    alice, bob, game = draft
    pick(bob, game)
    assert composing.write_asks(game.pk) == 1
    assert composing.write_asks(game.pk) == 0
    assert len(your_turns(alice)) == 1


def test_a_refused_decision_queues_no_ask(draft, lost_handover):
    _alice, bob, game = draft
    prompt = bob.get(url(game, "prompt")).json()["prompt"]
    response = bob.post(url(game, "decisions"), {"prompt": prompt["id"], "option": "nope"})
    assert response.status_code == 422
    assert lost_handover == [] and not PendingAsk.objects.exists()


def test_with_the_handover_working_the_email_is_there_when_the_request_returns(draft):
    alice, bob, game = draft  # tasks run in-process here, as in the embedded default
    pick(bob, game)
    assert len(your_turns(alice)) == 1
    assert not PendingAsk.objects.exists()
