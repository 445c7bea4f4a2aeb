"""The table's say: once a player's time is up (holiday or not), the others present vote a bot
onto the seat now; the vote is in the log, the absent player is emailed and takes the seat
back by answering (or with the take-back endpoint). Automatic holidays hold a game at most
HOLIDAY_AUTOMATIC_MAX_DAYS in a row; announced ones keep their longer cap."""

from __future__ import annotations

import pytest

from common import clock
from games import services
from games.absences.models import Absence
from games.models import Actor, GameEvent, Seat
from notifications.models import Notification
from tests.games.absences.conftest import DAY, HOUR, NOON, answer, open_step, tick_at
from tests.players import assert_problem, url

pytestmark = pytest.mark.holidays


def three_player_game(make):
    anna, boris, cleo = make("anna"), make("boris"), make("cleo")
    with clock.frozen_at(NOON):
        game = services.game_create(
            creator=anna.user, game_type="khora", seats=3, options={}, step_hours=48
        )
        services.game_join(public_id=game.public_id, user=boris.user)
        services.game_join(public_id=game.public_id, user=cleo.user)
    game.refresh_from_db()
    return anna, boris, cleo, game


def vote(player, game, seat: int, at):
    with clock.frozen_at(at):
        return player.post(url(game, f"seats/{seat}/vote"))


def notices(game) -> list[str]:
    rows = GameEvent.objects.filter(game=game, type="notice").order_by("seq")
    return [row.payload["kind"] for row in rows]


def test_a_vanished_player_gets_a_bot_by_vote_within_one_deadline_and_comes_back(make_player):
    anna, boris, cleo, game = three_player_game(make_player)
    answer(anna, game, NOON)
    answer(boris, game, NOON + HOUR)
    deadline = open_step(game).deadline  # cleo says nothing

    # Before her time is up the table has no say.
    assert_problem(vote(anna, game, 2, deadline - HOUR), 409, "time_not_up")
    # The deadline passes: an automatic holiday holds the game for her...
    tick_at(deadline)
    assert Absence.objects.get(user=cleo.user).automatic
    assert open_step(game).deadline > deadline
    # ...yet her time is up: two of the two players present vote, and a bot plays her seat.
    with clock.frozen_at(deadline + HOUR):
        listed = anna.get(url(game, "votes")).json()["votes"]
    assert [(v["seat"], v["open"], v["votes"], v["needed"]) for v in listed] == [(2, True, 0, 2)]
    first = vote(anna, game, 2, deadline + HOUR)
    assert first.status_code == 200, first.content
    assert first.json()["votes"] == 1 and not first.json()["bot_plays"]
    again = vote(anna, game, 2, deadline + HOUR)  # voting twice counts once
    assert again.json()["votes"] == 1
    second = vote(boris, game, 2, deadline + 2 * HOUR)
    assert second.json()["bot_plays"] and second.json()["voters"] == ["anna", "boris"]
    assert Seat.objects.get(game=game, position=2).autoplay
    assert notices(game)[-3:] == ["seat_vote", "seat_vote", "bot_voted_in"]

    # The bot answered her prompt at once (the others had answered): the game moved on,
    # long before the deadline the holiday held.
    played = GameEvent.objects.filter(game=game, seat=2, type="decision").order_by("seq")
    assert played.exists() and played[0].actor == Actor.BOT and played[0].actor_name == "cleo"
    assert played[0].created_at < deadline + DAY
    # She is told by email, which names the voters; the log narrates the vote.
    (email,) = Notification.objects.filter(recipient=cleo.user, kind="bot_playing")
    assert "voted" in email.body_text and "anna, boris" in email.body_text
    with clock.frozen_at(deadline + 2 * HOUR):
        log = anna.get(url(game, "log") + "?after=0&limit=500").json()["events"]
    texts = [line["text"] for entry in log for line in entry["lines"]]
    assert "anna votes to let a bot play for cleo now (1 of 2 votes)" in texts
    assert "The table voted: a bot plays for cleo until they answer again" in texts

    # She comes back by answering, and a later vote starts from nothing.
    answer(cleo, game, deadline + DAY)
    seat = Seat.objects.get(game=game, position=2)
    assert not seat.autoplay and notices(game)[-1] == "seat_taken_back"


def test_the_vote_needs_the_players_present_and_a_real_seat(make_player):
    anna, boris, _cleo, game = three_player_game(make_player)
    answer(anna, game, NOON)
    deadline = open_step(game).deadline
    later = deadline + 3 * DAY
    assert_problem(vote(anna, game, 0, later), 422, "invalid_seat")  # her own seat
    assert_problem(vote(anna, game, 7, later), 422, "invalid_seat")
    assert_problem(vote(anna, game, 0 + 1, NOON + HOUR), 409, "time_not_up")
    outsider = make_player("dora")
    assert_problem(vote(outsider, game, 1, later), 403, "not_seated")
    # anna has answered: nothing is owed by her, so no vote on her seat.
    tick_at(deadline)
    assert_problem(vote(boris, game, 0, deadline + HOUR), 409, "nothing_owed")


def test_take_back_returns_the_seat_at_once(make_player, settings):
    settings.GAME_BOT_AFTER_MISSES = 1
    anna, boris, cleo, game = three_player_game(make_player)
    settings.HOLIDAY_DAYS_PER_YEAR = 0  # no holiday: the deadline hands the seat to a bot
    answer(anna, game, NOON)
    answer(boris, game, NOON)
    tick_at(open_step(game).deadline)
    assert Seat.objects.get(game=game, position=2).autoplay
    with clock.frozen_at(NOON + 3 * DAY):
        back = cleo.post(url(game, "take-back"))
    assert back.status_code == 200 and back.json() == {"position": 2, "player": "cleo"}
    assert not Seat.objects.get(game=game, position=2).autoplay
    assert notices(game)[-1] == "seat_taken_back"
    assert_problem(cleo.post(url(game, "take-back")), 409, "seat_not_bot_played")


def test_an_automatic_holiday_holds_a_game_two_days_at_most(make_player, settings):
    settings.GAME_BOT_AFTER_MISSES = 5
    anna, boris, _cleo, game = three_player_game(make_player)
    answer(anna, game, NOON)
    answer(boris, game, NOON)
    deadline = open_step(game).deadline
    for hours in range(0, 24 * 4, 6):
        tick_at(deadline + hours * HOUR)
    # cleo vanished: two days of waiting, then her default was taken.
    capped = GameEvent.objects.get(game=game, type="notice", payload__kind="holiday_capped")
    assert capped.payload["days"] == 2
    auto = GameEvent.objects.filter(game=game, seat=2, type="decision", actor=Actor.DEADLINE)
    assert auto.exists() and auto[0].created_at < deadline + 3 * DAY

    with clock.frozen_at(NOON):
        holidays = boris.get("/api/v1/me/holidays/").json()
    assert holidays["automatic_max_days_in_a_row"] == 2 and holidays["max_days_in_a_row"] == 7


def test_a_player_away_is_not_counted_among_those_present_unless_they_vote(make_player):
    anna, boris, _cleo, game = three_player_game(make_player)
    answer(anna, game, NOON)
    answer(boris, game, NOON)
    with clock.frozen_at(NOON + HOUR):
        away = {"starts_at": (NOON + HOUR).isoformat(), "ends_at": (NOON + 9 * DAY).isoformat()}
        assert anna.post("/api/v1/me/holidays/", away).status_code == 201
    later = open_step(game).deadline + HOUR
    with clock.frozen_at(later):
        (listed,) = boris.get(url(game, "votes")).json()["votes"]
    assert listed["needed"] == 1  # anna is away: boris alone is the table
    first = vote(anna, game, 2, later)  # yet anna, voting, is here
    assert first.json()["votes"] == 1 and first.json()["needed"] == 2
    assert not first.json()["bot_plays"]
    assert vote(boris, game, 2, later).json()["bot_plays"]
