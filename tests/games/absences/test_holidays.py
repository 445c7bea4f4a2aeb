"""Holidays, driven by a frozen clock through the minute tick and the deadline worker: an
announced absence, the automatic holiday, the cap per game, the bank, and what others see."""

from __future__ import annotations

import pytest

from games.absences import bank
from games.absences.models import Absence, HolidayYear
from games.models import GameEvent, Seat
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

pytestmark = pytest.mark.holidays


def spent_hours(player) -> float:
    row = HolidayYear.objects.filter(user=player.user).first()
    return row.spent_seconds / 3600 if row else 0


def defaults_for(game, seat: int) -> int:
    return GameEvent.objects.filter(game=game, seat=seat, type="decision", auto=True).count()


def announce(player, starts_at, ends_at, at=NOON):
    from common import clock

    with clock.frozen_at(at):
        return player.post(
            "/api/v1/me/holidays/",
            {"starts_at": starts_at.isoformat(), "ends_at": ends_at.isoformat()},
        )


def test_an_announced_absence_across_two_deadlines_costs_no_default_and_spends_its_hours(
    make_player,
):
    anna, boris, game = two_player_game(make_player)
    answer(anna, game, NOON)
    deadline = open_step(game).deadline  # NOON + 48 h
    # boris is away for 5 days from tomorrow: two 48-hour deadlines would pass meanwhile.
    away_from, away_until = NOON + DAY, NOON + 6 * DAY
    assert announce(boris, away_from, away_until).status_code == 201

    moment = NOON
    while moment < away_until + 2 * HOUR:  # the server ticks along (every 3 hours here)
        moment += 3 * HOUR
        tick_at(moment)
        assert defaults_for(game, 1) == 0, f"a default was taken at {moment}"

    # The deadline waited exactly the time boris was away while it ran: five days.
    assert open_step(game).deadline == deadline + 5 * DAY
    assert spent_hours(boris) == 5 * 24
    assert Seat.objects.get(game=game, position=1).missed_deadlines == 0
    summary = boris.get("/api/v1/me/holidays/").json()
    assert summary["days_left"] == 9.0 and summary["days_per_year"] == 14

    # Back home with the day he had left; he answers in time, no miss.
    answer(boris, game, away_until + 3 * HOUR)
    assert Seat.objects.get(game=game, position=1).missed_deadlines == 0


def test_holiday_is_spent_only_while_a_deadline_of_theirs_runs(make_player):
    _anna, boris, game = two_player_game(make_player)
    answer(boris, game, NOON)  # boris has answered: nothing of his runs
    assert announce(boris, NOON + HOUR, NOON + 2 * DAY).status_code == 201
    for hours in range(3, 30, 3):
        tick_at(NOON + hours * HOUR)
    assert spent_hours(boris) == 0
    assert open_step(game).deadline == NOON + 48 * HOUR  # anna's deadline does not wait


def test_others_see_who_is_away_in_the_api_and_by_email_in_their_language(make_player):
    anna, boris, game = two_player_game(make_player)
    anna.user.profile.language = "uk"
    anna.user.profile.save()
    answer(anna, game, NOON)
    assert announce(boris, NOON + HOUR, NOON + 3 * DAY + 2 * HOUR).status_code == 201
    tick_at(NOON + 2 * HOUR)

    from common import clock

    with clock.frozen_at(NOON + 3 * HOUR):
        detail = anna.get(url(game)).json()
    assert detail["waiting_for"] == []  # the game waits for boris, who owes nothing while away
    (away,) = detail["away"]
    assert away["player"] == "boris" and away["seat"] == 1 and not away["automatic"]
    assert away["until"].startswith((NOON + 3 * DAY + 2 * HOUR).date().isoformat())
    # Hours are spent as they start: the one from 13:00 and the one from 14:00 at the tick.
    assert spent_hours(boris) == 2 and away["days_left"] == round(14 - 2 / 24, 1)
    notice = GameEvent.objects.filter(game=game, type="notice", payload__kind="player_away")
    assert notice.count() == 1 and notice.get().seat == 1

    (email,) = Notification.objects.filter(recipient=anna.user, kind="player_away")
    assert "boris" in email.subject and "відпустк" in email.body_text.lower()
    assert not Notification.objects.filter(recipient=boris.user, kind="player_away").exists()


def test_the_page_says_the_clock_is_held_only_while_it_waits_for_someone_away(make_player):
    from common import clock

    anna, boris, game = two_player_game(make_player)
    assert announce(boris, NOON + HOUR, NOON + 3 * DAY).status_code == 201
    tick_at(NOON + 2 * HOUR)
    page_url = f"/games/{game.public_id}/"
    with clock.frozen_at(NOON + 2 * HOUR):
        detail = anna.get(url(game)).json()
        page = anna.get(page_url).content.decode()
    assert detail["deadline_held_for"] == [1]
    assert "clock held while away: boris" in page and "left (until" not in page

    answer(boris, game, NOON + 3 * HOUR)  # he answers from the beach: nothing of his waits
    with clock.frozen_at(NOON + 3 * HOUR):
        detail = anna.get(url(game)).json()
        page = anna.get(page_url).content.decode()
    assert [away["player"] for away in detail["away"]] == ["boris"]
    assert detail["deadline_held_for"] == []
    assert "clock held" not in page and "left (until" in page


def test_an_automatic_holiday_starts_at_a_deadline_and_ends_when_the_player_answers(make_player):
    anna, boris, game = two_player_game(make_player)
    answer(anna, game, NOON)
    deadline = open_step(game).deadline

    tick_at(deadline)
    assert defaults_for(game, 1) == 0
    absence = Absence.objects.get(user=boris.user)
    assert absence.automatic and absence.starts_at == deadline and absence.ends_at is None
    assert open_step(game).deadline == deadline + HOUR  # the first hour, spent ahead
    assert spent_hours(boris) == 1

    tick_at(deadline + 5 * HOUR)
    assert open_step(game).deadline == deadline + 6 * HOUR
    assert spent_hours(boris) == 6
    detail = anna.get(url(game)).json()
    assert detail["away"][0]["automatic"] and detail["away"][0]["until"] is None

    answer(boris, game, deadline + 5 * HOUR + HOUR / 2)
    tick_at(deadline + 6 * HOUR)
    absence.refresh_from_db()
    assert absence.ending == Absence.Ending.ANSWERED
    assert spent_hours(boris) == 6  # no hour after his answer
    assert defaults_for(game, 1) == 0
    assert Seat.objects.get(game=game, position=1).missed_deadlines == 0


def test_without_the_preference_a_passed_deadline_takes_the_default(make_player):
    anna, boris, game = two_player_game(make_player)
    assert (
        boris.client.patch("/api/v1/me/holidays/", {"automatic": False}, format="json").json()[
            "automatic"
        ]
        is False
    )
    answer(anna, game, NOON)
    tick_at(open_step(game).deadline)
    assert defaults_for(game, 1) == 1
    assert not Absence.objects.exists()


def test_the_cap_per_game_hands_over_to_the_ladder(make_player, settings):
    settings.HOLIDAY_MAX_DAYS_IN_A_ROW = 1
    settings.GAME_BOT_AFTER_MISSES = 1
    anna, boris, game = two_player_game(make_player)
    answer(anna, game, NOON)
    deadline = open_step(game).deadline
    assert announce(boris, NOON, NOON + 10 * DAY).status_code == 201

    for hours in range(6, 24 * 4, 6):
        tick_at(NOON + hours * HOUR)
    # One day of waiting, then the deadline ran again: the default, and the bot (one miss).
    assert defaults_for(game, 1) >= 1
    seat = Seat.objects.get(game=game, position=1)
    assert seat.missed_deadlines == 1 and seat.autoplay
    assert spent_hours(boris) == 24
    kinds = list(
        GameEvent.objects.filter(game=game, type="notice").values_list("payload__kind", flat=True)
    )
    assert (
        kinds.index("player_away") < kinds.index("holiday_capped") < kinds.index("bot_plays_seat")
    )
    assert open_step(game).deadline != deadline
    assert anna.get(url(game)).json()["away"] == []  # past the cap the game no longer waits


def test_an_empty_bank_ends_the_holiday_and_the_ladder_goes_on(make_player, settings):
    settings.HOLIDAY_DAYS_PER_YEAR = 1
    anna, boris, game = two_player_game(make_player)
    answer(anna, game, NOON)
    deadline = open_step(game).deadline
    for hours in range(0, 30, 2):
        tick_at(deadline + hours * HOUR)
    absence = Absence.objects.get(user=boris.user)
    assert absence.ending == Absence.Ending.BANK_EMPTY
    assert spent_hours(boris) == 24 and bank.left_seconds(boris.user.pk, deadline) == 0
    assert defaults_for(game, 1) == 1
    assert Seat.objects.get(game=game, position=1).missed_deadlines == 1


def test_the_holidays_endpoint_refuses_bad_absences_with_problems(make_player, anonymous):
    anna, boris, _game = two_player_game(make_player)
    assert_problem(announce(anna, NOON + DAY, NOON), 422, "invalid_absence")
    assert_problem(announce(anna, NOON - 2 * DAY, NOON - DAY), 422, "invalid_absence")
    assert announce(anna, NOON + DAY, NOON + 3 * DAY).status_code == 201
    assert_problem(announce(anna, NOON + 2 * DAY, NOON + 4 * DAY), 409, "absence_overlaps")
    response = anna.post("/api/v1/me/holidays/", {"starts_at": "soon"})
    assert_problem(response, 400, "invalid_input")

    from common import clock

    with clock.frozen_at(NOON):
        (absence,) = anna.get("/api/v1/me/holidays/").json()["absences"]
    assert_problem(
        boris.client.delete(f"/api/v1/me/holidays/{absence['id']}/"), 404, "absence_not_found"
    )
    with clock.frozen_at(NOON):
        assert anna.client.delete(f"/api/v1/me/holidays/{absence['id']}/").status_code == 200
    assert anna.get("/api/v1/me/holidays/").json()["absences"] == []
    assert_problem(anonymous.get("/api/v1/me/holidays/"), 401, "not_authenticated")


def test_the_emails_asking_the_others_say_who_is_away(make_player):
    anna, boris, cleo = make_player("anna"), make_player("boris"), make_player("cleo")
    from common import clock
    from games import services

    with clock.frozen_at(NOON):
        game = services.game_create(
            creator=anna.user, game_type="khora", seats=3, options={}, step_hours=48
        )
        services.game_join(public_id=game.public_id, user=boris.user)
        services.game_join(public_id=game.public_id, user=cleo.user)
    answer(anna, game, NOON)
    answer(cleo, game, NOON)  # cleo has answered, then leaves: boris's deadline runs on
    assert announce(cleo, NOON + HOUR, NOON + 4 * DAY).status_code == 201
    deadline = open_step(game).deadline
    tick_at(deadline - 23 * HOUR)  # boris's 24-hour reminder
    (reminder,) = Notification.objects.filter(recipient=boris.user, game=game, kind="reminder_24h")
    assert (
        "cleo is away until" in reminder.body_text and "days of holiday left" in reminder.body_text
    )
    assert "cleo is away until" in reminder.body_html
    assert not Notification.objects.filter(recipient=cleo.user, kind="reminder_24h").exists()


def test_an_absent_seat_with_nothing_it_can_do_spends_nothing_and_takes_its_default(
    make_player, monkeypatch
):
    from games.absences import owing

    anna, boris, game = two_player_game(make_player)
    monkeypatch.setattr(owing, "has_a_choice", lambda prompt: prompt.seat != 1)
    answer(anna, game, NOON)
    deadline = open_step(game).deadline
    assert announce(boris, NOON + HOUR, NOON + 5 * DAY).status_code == 201
    for hours in range(3, 51, 3):
        tick_at(NOON + hours * HOUR)
    assert spent_hours(boris) == 0
    assert defaults_for(game, 1) == 1  # taken at the deadline, which did not wait
    assert (
        GameEvent.objects.filter(game=game, seat=1, auto=True).first().created_at
        == NOON + 48 * HOUR
    )
    assert Seat.objects.get(game=game, position=1).missed_deadlines == 0
    assert deadline == NOON + 48 * HOUR


def test_a_failing_absence_never_stops_the_tick(make_player, monkeypatch):
    from games.absences import waiting

    anna, boris, game = two_player_game(make_player)
    answer(anna, game, NOON)
    assert announce(boris, NOON + HOUR, NOON + 2 * DAY).status_code == 201

    def broken(absence_id, now):
        raise RuntimeError("a bug in one absence")

    monkeypatch.setattr(waiting, "_spend_absence", broken)
    assert tick_at(NOON + 48 * HOUR)["expiring"] == 1  # the deadline is taken as usual
