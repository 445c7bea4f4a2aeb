"""The one predicate "seat S owes an answer to prompt P now" and its callers: reminders, misses
at a deadline, the bot ladder and "waiting for" ask it, and nothing else decides it. The
property: over random games with random absences, pauses and answers, a seat is counted
missing only when the predicate said at that deadline that it owed an answer."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace
from unittest import mock

import pytest
from hypothesis import HealthCheck, event, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from common import clock
from games import services
from games.absences import owing
from games.absences.models import Absence
from games.models import Game, GameEvent, Seat
from games.selectors import game_prompt
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
from tests.players import url


def seat(**fields):
    return SimpleNamespace(**{"is_bot": False, "user_id": 7, "autoplay": False, **fields})


def prompt(options: int):
    return SimpleNamespace(options=tuple(range(options)))


def test_the_predicate_owes_only_a_real_choice_of_a_person_present():
    assert owing.owes_answer(seat(), prompt(2))
    assert not owing.owes_answer(seat(), None)
    assert not owing.owes_answer(seat(), prompt(1)), "nothing it can do"
    assert owing.owes_answer(seat(), prompt(1), seen_by_others=True), "others may not know"
    assert not owing.owes_answer(seat(is_bot=True, user_id=None), prompt(2))
    assert not owing.owes_answer(seat(autoplay=True), prompt(2)), "a bot plays it"
    assert not owing.owes_answer(seat(), prompt(2), away=True)
    assert not owing.owes_answer(seat(), prompt(2), paused=True)


def test_a_seat_with_nothing_it_can_do_is_never_reminded_nor_counted_missing(
    make_player, monkeypatch
):
    anna, boris, game = two_player_game(make_player)
    # boris's prompt leaves him no choice (the engine asks so when answering for him would
    # tell the others something hidden): stand that in for every prompt of seat 1.
    monkeypatch.setattr(owing, "has_a_choice", lambda prompt: prompt.seat != 1)
    answer(anna, game, NOON)
    deadline = open_step(game).deadline

    tick_at(deadline - 23 * HOUR)  # the 24-hour reminder rung
    tick_at(deadline - HOUR)  # the 2-hour one
    assert not Notification.objects.filter(recipient=boris.user, kind__startswith="reminder")
    assert anna.get(url(game)).json()["waiting_for"] == [1], "others still see the game wait"

    tick_at(deadline)
    assert GameEvent.objects.filter(game=game, seat=1, type="decision", auto=True).count() == 1
    assert Seat.objects.get(game=game, position=1).missed_deadlines == 0


def test_a_seat_that_owes_is_reminded_and_counted_missing(make_player):
    anna, boris, game = two_player_game(make_player)
    answer(anna, game, NOON)
    deadline = open_step(game).deadline
    tick_at(deadline - 23 * HOUR)
    assert Notification.objects.filter(recipient=boris.user, kind="reminder_24h").count() == 1
    tick_at(deadline)
    assert Seat.objects.get(game=game, position=1).missed_deadlines == 1


# --- the property: misses only where the predicate said an answer was owed ------------------

ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("answer"), st.integers(0, 2)),
        st.tuples(st.just("away"), st.integers(0, 2), st.integers(0, 72), st.integers(1, 120)),
        st.tuples(st.just("wait"), st.integers(1, 60)),
        st.tuples(st.just("pause"), st.integers(1, 3)),
    ),
    min_size=3,
    max_size=12,
)


@pytest.mark.slow
@pytest.mark.holidays
@hypothesis_settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(actions=ACTIONS, automatic=st.booleans(), bank_days=st.sampled_from([0, 1, 14]))
def test_a_seat_is_counted_missing_only_when_the_predicate_said_it_owed(
    make_player, settings, actions, automatic, bank_days
):
    settings.HOLIDAY_DAYS_PER_YEAR = bank_days
    settings.HOLIDAY_MAX_DAYS_IN_A_ROW = 2
    settings.GAME_BOT_AFTER_MISSES = 2
    suffix = str(Game.objects.count())
    players = [make_player(f"{name}{suffix}") for name in ("anna", "boris", "chloe")]
    with clock.frozen_at(NOON):
        game = services.game_create(
            creator=players[0].user, game_type="khora", seats=3, options={}, step_hours=24
        )
        for player in players[1:]:
            services.game_join(public_id=game.public_id, user=player.user)
    if not automatic:
        for player in players:
            player.client.patch("/api/v1/me/holidays/", {"automatic": False}, format="json")

    said_owed: set[tuple[int, str]] = set()  # (position, the tick's moment) where it said yes
    real = owing.owes_answer

    def recording(seat, prompt, **kwargs):
        result = real(seat, prompt, **kwargs)
        if result and not kwargs.get("seen_by_others") and seat.game_id == game.pk:
            said_owed.add((seat.position, clock.now().isoformat()))
        return result

    moment = NOON
    with mock.patch.object(owing, "owes_answer", recording):
        for action in actions:
            if action[0] == "answer":
                player = players[action[1]]
                with clock.frozen_at(moment):
                    current = game_prompt(Game.objects.get(pk=game.pk), player.user)
                    if current is not None:
                        services.decisions_submit(
                            public_id=game.public_id,
                            user=player.user,
                            decisions=[services.DecisionInput(current["id"], current["default"])],
                        )
            elif action[0] == "pause":  # proposed by anna, accepted by the others at once
                with clock.frozen_at(moment):
                    players[0].post(f"/api/v1/games/{game.public_id}/pause/", {"days": action[1]})
                    for player in players[1:]:
                        player.post(f"/api/v1/games/{game.public_id}/pause/accept/")
            elif action[0] == "away":
                _, position, offset, length = action
                start = moment + timedelta(hours=offset)
                with clock.frozen_at(moment):
                    players[position].post(
                        "/api/v1/me/holidays/",
                        {
                            "starts_at": start.isoformat(),
                            "ends_at": (start + timedelta(hours=length)).isoformat(),
                        },
                    )
            else:
                for _ in range(action[1] // 6 + 1):  # the server ticks every few hours
                    moment += timedelta(hours=min(6, action[1]))
                    before = _misses(game)
                    tick_at(moment)
                    after = _misses(game)
                    event(f"missed at a tick: {after != before}")
                    for position, count in after.items():
                        if count > before[position]:
                            assert (position, moment.isoformat()) in said_owed, (
                                f"seat {position} counted missing at {moment} "
                                "though the predicate never said it owed"
                            )
    # Holidays never go beyond the bank.
    for player in players:
        spent = sum(row.spent_seconds for row in player.user.holiday_years.all())
        assert spent <= bank_days * DAY.total_seconds()
    event(f"holidays taken: {Absence.objects.filter(user__in=[p.user for p in players]).exists()}")


def _misses(game) -> dict[int, int]:
    return dict(Seat.objects.filter(game=game).values_list("position", "missed_deadlines"))


@pytest.mark.holidays
def test_the_bots_for_absent_players_wait_only_for_those_who_owe_an_answer(make_player):
    """The bot ladder's early advance asks the predicate: a player away owes nothing, so the
    bot playing for an absent player answers without waiting for the one on holiday."""
    anna, boris, cleo = make_player("anna"), make_player("boris"), make_player("cleo")
    with clock.frozen_at(NOON):
        game = services.game_create(
            creator=anna.user, game_type="khora", seats=3, options={}, step_hours=48
        )
        services.game_join(public_id=game.public_id, user=boris.user)
        services.game_join(public_id=game.public_id, user=cleo.user)
    Seat.objects.filter(game=game, position=1).update(autoplay=True)  # a bot plays for boris
    answer(anna, game, NOON)
    picks = GameEvent.objects.filter(game=game, seat=1, type="decision")
    assert picks.count() == 0, "the bot waits while cleo still owes her pick"
    with clock.frozen_at(NOON):
        cleo.post(
            "/api/v1/me/holidays/",
            {"starts_at": (NOON + HOUR).isoformat(), "ends_at": (NOON + 3 * DAY).isoformat()},
        )
    tick_at(NOON + 2 * HOUR)
    assert picks.count() == 1 and picks.get().auto, "cleo is away: the bot plays on"
    with clock.frozen_at(NOON + 2 * HOUR):
        assert anna.get(url(game)).json()["waiting_for"] == []
