"""A pause by agreement: proposed, accepted (API, and by replying "yes" to its email), every
deadline moved on by it, ended early when all agree; refusals as problems."""

from __future__ import annotations

from datetime import timedelta

import pytest

from common import clock
from games.absences import pauses
from games.absences.models import Pause
from games.models import GameEvent
from notifications.models import Notification
from tests.games.absences.conftest import (
    DAY,
    HOUR,
    NOON,
    answer,
    open_step,
    tick_at,
    two_player_game,
)
from tests.players import assert_problem, url

SECOND, MINUTE = timedelta(seconds=1), timedelta(minutes=1)


def pause_url(game, action: str = "") -> str:
    return url(game, "pause") + (f"{action}/" if action else "")


def post(player, path, data=None, at=NOON):
    with clock.frozen_at(at):
        return player.post(path, data)


def test_a_pause_accepted_by_all_moves_the_deadline_on_by_its_length(make_player):
    anna, boris, game = two_player_game(make_player)
    deadline = open_step(game).deadline
    proposed = post(anna, pause_url(game), {"days": 3})
    assert proposed.status_code == 201 and proposed.json()["status"] == "proposed"
    assert boris.get(url(game)).json()["pause"]["days"] == 3
    assert boris.get(pause_url(game)).json()["pause"]["status"] == "proposed"
    (asked,) = Notification.objects.filter(recipient=boris.user, kind="pause_asked")
    assert "3" in asked.subject and asked.reply_to
    assert not Notification.objects.filter(recipient=anna.user, kind="pause_asked").exists()

    accepted = post(boris, pause_url(game, "accept"), at=NOON + HOUR)
    assert accepted.json()["status"] == "active"
    for hours in range(6, 24 * 4, 6):
        tick_at(NOON + HOUR + hours * HOUR)
    assert Pause.objects.get().status == Pause.Status.ENDED
    assert open_step(game).deadline == deadline + 3 * DAY
    assert not GameEvent.objects.filter(game=game, auto=True, type="decision").exists()
    kinds = list(
        GameEvent.objects.filter(game=game, type="notice").values_list("payload__kind", flat=True)
    )
    assert kinds == ["pause_proposed", "pause_started", "pause_ended"]
    outcomes = Notification.objects.filter(kind="pause_decided")
    assert sorted(outcomes.values_list("recipient__username", flat=True)) == [
        "anna",
        "anna",
        "boris",
        "boris",
    ]


def test_nobody_is_reminded_or_missed_while_the_game_is_paused(make_player):
    anna, boris, game = two_player_game(make_player)
    answer(anna, game, NOON)
    post(anna, pause_url(game), {"days": 2})
    post(boris, pause_url(game, "accept"))
    with clock.frozen_at(NOON + HOUR):
        assert anna.get(url(game)).json()["waiting_for"] == []
    deadline = open_step(game).deadline
    tick_at(deadline - 23 * HOUR)  # would be the 24-hour rung without the pause
    assert not Notification.objects.filter(kind__startswith="reminder").exists()


def test_everyone_agreeing_ends_the_pause_early(make_player):
    anna, boris, game = two_player_game(make_player)
    deadline = open_step(game).deadline
    post(anna, pause_url(game), {"days": 5})
    post(boris, pause_url(game, "accept"))
    tick_at(NOON + DAY)
    post(anna, pause_url(game, "accept"), at=NOON + DAY + HOUR)  # agree to end it
    assert Pause.objects.get().status == Pause.Status.ACTIVE
    ended = post(boris, pause_url(game, "accept"), at=NOON + DAY + 2 * HOUR)
    assert ended.json()["status"] == "ended"
    assert open_step(game).deadline == deadline + DAY + 2 * HOUR


def test_a_declined_pause_is_withdrawn_and_told(make_player):
    anna, boris, game = two_player_game(make_player)
    post(anna, pause_url(game), {"days": 2})
    assert post(boris, pause_url(game, "decline")).json()["status"] == "withdrawn"
    assert Notification.objects.filter(recipient=anna.user, kind="pause_decided").count() == 1
    # boris is not emailed what he has just done.
    assert not Notification.objects.filter(recipient=boris.user, kind="pause_decided").exists()
    assert boris.get(url(game)).json()["pause"] is None
    assert boris.get(pause_url(game)).json() == {"pause": None}


def asked(player) -> int:
    return Notification.objects.filter(recipient=player.user, kind="pause_asked").count()


def test_a_player_proposes_one_pause_a_day_in_a_game_withdrawn_ones_included(make_player):
    anna, boris, game = two_player_game(make_player)
    post(anna, pause_url(game), {"days": 2})
    post(boris, pause_url(game, "decline"), at=NOON + HOUR)  # withdrawn: it still counts
    assert asked(boris) == 1
    # 0.7 s into the second: 3599.3 s are left, said as 3600 (rounded up, never too early).
    refused = post(anna, pause_url(game), {"days": 2}, at=NOON + 23 * HOUR + 0.7 * SECOND)
    body = assert_problem(refused, 429, "pause_proposed_recently")
    assert body["retry_after"] == 3600 and refused["Retry-After"] == "3600"
    assert Pause.objects.count() == 1 and asked(boris) == 1  # nobody was emailed again
    # Another player's proposals are counted apart from hers.
    assert post(boris, pause_url(game), {"days": 2}, at=NOON + 23 * HOUR).status_code == 201
    post(anna, pause_url(game, "decline"), at=NOON + 23 * HOUR)
    # A second before the day is over she is still refused; at its end she may again.
    refused = post(anna, pause_url(game), {"days": 2}, at=NOON + DAY - SECOND)
    assert assert_problem(refused, 429, "pause_proposed_recently")["retry_after"] == 1
    assert post(anna, pause_url(game), {"days": 2}, at=NOON + DAY).status_code == 201
    assert asked(boris) == 2


def test_the_pause_limit_is_a_setting_and_0_turns_it_off(make_player, settings):
    anna, boris, game = two_player_game(make_player)

    def propose_and_withdraw(at):
        with clock.frozen_at(at):
            pauses.propose(public_id=game.public_id, user=anna.user, days=1)
            pauses.decline(public_id=game.public_id, user=boris.user)

    settings.PAUSE_PROPOSALS_PER_DAY = 2
    propose_and_withdraw(NOON)
    propose_and_withdraw(NOON + HOUR)
    with pytest.raises(pauses.PauseProposedRecently) as refused, clock.frozen_at(NOON + 2 * HOUR):
        pauses.propose(public_id=game.public_id, user=anna.user, days=1)
    # One more fits once the oldest of the two leaves the 24 hours.
    assert refused.value.available_at == NOON + DAY
    assert refused.value.retry_after == (DAY - 2 * HOUR).total_seconds()
    settings.PAUSE_PROPOSALS_PER_DAY = 0
    for minutes in (121, 122, 123):
        propose_and_withdraw(NOON + minutes * MINUTE)
    assert Pause.objects.filter(proposed_by=anna.user).count() == 5


def test_pause_refusals_are_problems(make_player, settings, anonymous):
    anna, boris, game = two_player_game(make_player)
    stranger = make_player("cleo")
    assert_problem(
        post(anna, pause_url(game), {"days": settings.PAUSE_MAX_DAYS + 1}), 422, "invalid_pause"
    )
    assert_problem(post(anna, pause_url(game), {"days": "two"}), 400, "invalid_input")
    assert_problem(post(stranger, pause_url(game), {"days": 2}), 403, "not_seated")
    assert_problem(post(anna, pause_url(game, "accept")), 409, "no_pause")
    post(anna, pause_url(game), {"days": 2})
    assert_problem(post(boris, pause_url(game), {"days": 2}), 409, "pause_open")
    assert_problem(
        anonymous.post(pause_url(game), {"days": 2}, format="json"), 401, "not_authenticated"
    )
    assert_problem(
        post(anna, "/api/v1/games/nosuchgame/pause/", {"days": 2}), 404, "game_not_found"
    )


def deliver_reply(user, email, text: str, at):
    """The player replies to `email` from their mail program; the receiver takes it."""
    from mailplay import services as mail_services
    from tests.mailplay.conftest import reply

    raw = reply(to=email.reply_to, sender=user.email, text=text, subject=f"Re: {email.subject}")
    with clock.frozen_at(at):
        mail_services.inbound_store(raw=raw, via="smtp", envelope_to=email.reply_to)


@pytest.mark.parametrize("reply", ["yes", "Так, згоден"])
def test_replying_yes_to_the_email_accepts_the_pause(make_player, reply, settings):
    settings.MAILPLAY_REPLY_ADDRESS = "play@khora.example"
    anna, boris, game = two_player_game(make_player)
    deadline = open_step(game).deadline
    post(anna, pause_url(game), {"days": 2})
    (asked,) = Notification.objects.filter(recipient=boris.user, kind="pause_asked")
    deliver_reply(boris.user, asked, reply, at=NOON + HOUR)
    assert Pause.objects.get().status == Pause.Status.ACTIVE
    tick_at(NOON + 3 * DAY)
    assert open_step(game).deadline == deadline + 2 * DAY


def test_a_reply_that_says_neither_changes_nothing_and_says_how(make_player, settings):
    from mailplay.models import InboundMessage

    settings.MAILPLAY_REPLY_ADDRESS = "play@khora.example"
    anna, boris, game = two_player_game(make_player)
    post(anna, pause_url(game), {"days": 2})
    (asked,) = Notification.objects.filter(recipient=boris.user, kind="pause_asked")
    deliver_reply(boris.user, asked, "maybe later", at=NOON + HOUR)
    assert Pause.objects.get().status == Pause.Status.PROPOSED
    assert InboundMessage.objects.get().outcome == "pause_unclear"


@pytest.mark.holidays
def test_a_paused_game_spends_no_holiday(make_player):
    from games.absences.models import HolidayYear

    anna, boris, game = two_player_game(make_player)
    deadline = open_step(game).deadline
    post(anna, pause_url(game), {"days": 2})
    post(boris, pause_url(game, "accept"))
    with clock.frozen_at(NOON):
        boris.post(
            "/api/v1/me/holidays/",
            {"starts_at": NOON.isoformat(), "ends_at": (NOON + 2 * DAY).isoformat()},
        )
    for hours in range(3, 24 * 3, 3):
        tick_at(NOON + hours * HOUR)
    assert not HolidayYear.objects.filter(user=boris.user, spent_seconds__gt=0).exists()
    assert open_step(game).deadline == deadline + 2 * DAY  # by the pause alone


def test_no_bot_plays_for_an_absent_player_while_the_game_is_paused(make_player):
    from games import services
    from games.models import Seat

    anna, boris, cleo = make_player("anna"), make_player("boris"), make_player("cleo")
    with clock.frozen_at(NOON):
        game = services.game_create(
            creator=anna.user, game_type="khora", seats=3, options={}, step_hours=48
        )
        services.game_join(public_id=game.public_id, user=boris.user)
        services.game_join(public_id=game.public_id, user=cleo.user)
    Seat.objects.filter(game=game, position=1).update(autoplay=True)  # a bot plays for boris
    post(anna, pause_url(game), {"days": 2})
    post(boris, pause_url(game, "accept"))
    post(cleo, pause_url(game, "accept"))
    answer(anna, game, NOON + HOUR)  # anna plays anyway; cleo owes nothing while paused
    tick_at(NOON + 2 * HOUR)
    assert not GameEvent.objects.filter(game=game, seat=1, type="decision").exists()
