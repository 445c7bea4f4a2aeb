"""Nudges: one email naming the game and the prompt, a notice in the game's log, and at most
one a day per nudger and player across all games."""

from __future__ import annotations

from common import clock
from games import services
from games.models import GameEvent
from notifications.models import Notification
from tests.games.absences.conftest import DAY, HOUR, NOON, answer, two_player_game
from tests.players import assert_problem, url


def nudge(player, game, seat: int, at=NOON):
    with clock.frozen_at(at):
        return player.post(url(game, "nudge"), {"seat": seat})


def test_a_nudge_emails_the_game_and_prompt_and_shows_in_the_notices(make_player):
    anna, boris, game = two_player_game(make_player)
    boris.user.profile.language = "uk"
    boris.user.profile.save()
    answer(anna, game, NOON)
    response = nudge(anna, game, 1, at=NOON + HOUR)
    assert response.status_code == 201, response.content
    assert response.json()["nudged"] == "boris"

    (email,) = Notification.objects.filter(recipient=boris.user, kind="nudge")
    assert "anna" in email.subject and game.public_id in email.link
    prompt = boris.get(url(game, "prompt"), HTTP_ACCEPT_LANGUAGE="uk").json()["prompt"]
    assert prompt["text"] in email.body_text  # the prompt, in boris's language
    assert "нагадує" in email.body_text
    (notice,) = GameEvent.objects.filter(game=game, type="notice", payload__kind="nudge")
    assert notice.seat == 1
    history = anna.get(url(game, "log")).json()["events"]
    assert any("nudged" in line["text"] for e in history for line in e["lines"])


def test_nudges_are_rate_limited_per_player_across_games(make_player):
    anna, boris, game = two_player_game(make_player)
    with clock.frozen_at(NOON):
        second = services.game_create(
            creator=anna.user, game_type="khora", seats=2, options={}, step_hours=48
        )
        services.game_join(public_id=second.public_id, user=boris.user)
    answer(anna, game, NOON)
    answer(anna, second, NOON)
    assert nudge(anna, game, 1, at=NOON + HOUR).status_code == 201
    response = nudge(anna, second, 1, at=NOON + 2 * HOUR)
    refused = assert_problem(response, 429, "nudged_recently")
    assert refused["retry_after"] == 23 * 3600 and response["Retry-After"] == str(23 * 3600)
    assert nudge(anna, second, 1, at=NOON + HOUR + DAY).status_code == 201
    assert Notification.objects.filter(recipient=boris.user, kind="nudge").count() == 2


def test_only_a_player_who_owes_an_answer_can_be_nudged(make_player):
    anna, boris, game = two_player_game(make_player)
    stranger = make_player("cleo")
    answer(boris, game, NOON)
    assert_problem(nudge(anna, game, 1), 409, "nothing_owed")  # boris answered
    assert_problem(nudge(anna, game, 0), 422, "invalid_seat")  # herself
    assert_problem(nudge(anna, game, 7), 422, "invalid_seat")
    assert_problem(nudge(stranger, game, 0), 403, "not_seated")
    with clock.frozen_at(NOON):
        assert_problem(anna.post(url(game, "nudge"), {}), 400, "invalid_input")
    assert not Notification.objects.filter(kind="nudge").exists()
