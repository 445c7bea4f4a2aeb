"""A substitute for a seat a bot plays: invited by link (and by email), plays on from the open
prompt, sees only that seat; the log says who played which part; the original player takes
the seat back only once the substitute leaves."""

from __future__ import annotations

from datetime import timedelta

from common import clock
from games.absences import substitutes
from games.models import GameEvent, Seat
from notifications.models import Notification
from tests.games.absences.conftest import HOUR, NOON, answer, open_step, tick_at, two_player_game
from tests.players import assert_problem, url


def bot_plays_boris(make_player, settings):
    settings.GAME_BOT_AFTER_MISSES = 1
    anna, boris, game = two_player_game(make_player)
    answer(anna, game, NOON)
    tick_at(open_step(game).deadline)  # boris misses: a bot plays his seat
    assert Seat.objects.get(game=game, position=1).autoplay
    return anna, boris, game


def test_a_substitute_plays_on_and_sees_only_their_seat(make_player, settings):
    anna, boris, game = bot_plays_boris(make_player, settings)
    cleo = make_player("cleo")
    at = open_step(game).opened_at + HOUR
    with clock.frozen_at(at):
        invited = anna.post(url(game, "seats/1/substitute"), {"username": "cleo"})
    assert invited.status_code == 201, invited.content
    link = invited.json()["invite_url"]
    (email,) = Notification.objects.filter(recipient=cleo.user, kind="substitute_invite")
    assert "boris" in email.body_text and "/substitute/" in link
    # The link comes as a single-use login link to it (cleo has an account).
    assert "https://khora.example/login/link/" in email.body_text

    with clock.frozen_at(at):
        taken = cleo.post(url(game, "substitute/accept"), {"token": invited.json()["token"]})
    assert taken.status_code == 200 and taken.json() == {"position": 1, "player": "cleo"}
    seat = Seat.objects.get(game=game, position=1)
    assert seat.user == cleo.user and not seat.autoplay

    # cleo sees seat 1's hand and prompt; boris, no longer seated, sees no hand at all.
    mine = cleo.get(url(game)).json()
    assert mine["your_seat"] == 1 and mine["prompt"] is not None
    assert "hand" in mine["view"]["players"][1]
    theirs = boris.get(url(game)).json()
    assert theirs["your_seat"] is None and theirs["prompt"] is None
    assert "hand" not in theirs["view"]["players"][1]
    assert_problem(
        boris.post(url(game, "decisions"), {"prompt": mine["prompt"]["id"], "option": "x"}),
        403,
        "not_seated",
    )

    answer(cleo, game, at + HOUR)  # cleo plays on
    decision = GameEvent.objects.filter(game=game, seat=1, type="decision").order_by("-seq")[0]
    assert not decision.auto and "bot" not in decision.payload
    lines = [
        line["text"]
        for entry in anna.get(url(game, "log")).json()["events"]
        for line in entry["lines"]
    ]
    assert "cleo takes over the seat of boris from here on" in lines

    # Only once cleo leaves may boris take his seat back (by answering).
    with clock.frozen_at(at + 2 * HOUR):
        left = cleo.post(url(game, "seats/1/substitute/leave"))
    assert left.status_code == 200 and left.json()["player"] == "boris"
    seat.refresh_from_db()
    assert seat.user == boris.user and seat.autoplay
    assert "cleo leaves the seat of boris" in " ".join(
        line["text"]
        for entry in anna.get(url(game, "log")).json()["events"]
        for line in entry["lines"]
    )


def test_substitute_refusals_are_problems(make_player, settings):
    anna, _boris, game = bot_plays_boris(make_player, settings)
    cleo = make_player("cleo")
    assert_problem(anna.post(url(game, "seats/0/substitute")), 409, "seat_not_bot_played")
    assert_problem(cleo.post(url(game, "seats/1/substitute")), 403, "not_seated")
    assert_problem(
        anna.post(url(game, "seats/1/substitute"), {"username": "nobody"}), 404, "player_not_found"
    )
    token = anna.post(url(game, "seats/1/substitute")).json()["token"]
    assert_problem(
        anna.post(url(game, "substitute/accept"), {"token": token}), 409, "already_seated"
    )
    assert_problem(
        cleo.post(url(game, "substitute/accept"), {"token": "nope"}), 404, "invite_not_found"
    )
    assert cleo.post(url(game, "substitute/accept"), {"token": token}).status_code == 200
    assert_problem(
        cleo.post(url(game, "substitute/accept"), {"token": token}), 404, "invite_not_found"
    )
    assert_problem(anna.post(url(game, "seats/1/substitute/leave")), 403, "not_substitute")


def test_an_invitation_expires_after_a_week(make_player, settings):
    anna, _boris, game = bot_plays_boris(make_player, settings)
    cleo = make_player("cleo")
    with clock.frozen_at(clock.now()):
        token = anna.post(url(game, "seats/1/substitute")).json()["token"]
    later = clock.now() + timedelta(days=substitutes.INVITE_DAYS, hours=1)
    with clock.frozen_at(later):
        refused = cleo.post(url(game, "substitute/accept"), {"token": token})
    assert_problem(refused, 404, "invite_not_found")
    assert not Seat.objects.filter(game=game, user=cleo.user).exists()
