"""GET/PATCH /api/v1/me/preferences/: per-kind delivery, quiet hours, digest hour, time zone."""

from __future__ import annotations

import pytest
from knox.models import AuthToken
from rest_framework.test import APIClient

from accounts.models import Profile
from notifications import services
from notifications.models import NotificationPreference
from tests.notifications.conftest import turn_context
from tests.players import assert_problem

PATH = "/api/v1/me/preferences/"


def client_for(user) -> APIClient:
    client = APIClient()
    _, token = AuthToken.objects.create(user)
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def patch(user, body):
    return client_for(user).patch(PATH, body, format="json")


def test_get_shows_the_defaults_without_writing_anything(make_user):
    alice = make_user("alice", time_zone="Europe/Paris")
    response = client_for(alice).get(PATH)
    assert response.status_code == 200
    assert response.json() == {
        "your_turn": "immediately",
        "reminder": "immediately",
        "game_started": "immediately",
        "game_over": "immediately",
        "invitations": "immediately",
        "quiet_hours_start": None,
        "quiet_hours_end": None,
        "digest_hour": 8,
        "time_zone": "Europe/Paris",
    }
    assert not NotificationPreference.objects.filter(user=alice).exists()


def test_patch_changes_only_what_it_names_and_get_shows_it(make_user):
    alice = make_user("alice")
    response = patch(
        alice,
        {
            "your_turn": "digest",
            "game_started": "off",
            "invitations": "off",
            "quiet_hours_start": 22,
            "quiet_hours_end": 7,
            "digest_hour": 19,
            "time_zone": "America/New_York",
        },
    )
    assert response.status_code == 200
    expected = {
        "your_turn": "digest",
        "reminder": "immediately",
        "game_started": "off",
        "game_over": "immediately",
        "invitations": "off",
        "quiet_hours_start": 22,
        "quiet_hours_end": 7,
        "digest_hour": 19,
        "time_zone": "America/New_York",
    }
    assert response.json() == expected
    assert client_for(alice).get(PATH).json() == expected
    assert Profile.objects.get(user=alice).time_zone == "America/New_York"
    assert patch(alice, {"reminder": "off"}).json() == {**expected, "reminder": "off"}


def test_quiet_hours_are_cleared_with_nulls(make_user):
    alice = make_user("alice", quiet_hours_start=22, quiet_hours_end=7)
    body = patch(alice, {"quiet_hours_start": None, "quiet_hours_end": None}).json()
    assert body["quiet_hours_start"] is None and body["quiet_hours_end"] is None


def test_a_user_without_a_profile_gets_one_when_setting_a_time_zone(make_user):
    loner = make_user("loner", time_zone=None)
    assert client_for(loner).get(PATH).json()["time_zone"] == "UTC"
    assert patch(loner, {"time_zone": "Asia/Tokyo"}).json()["time_zone"] == "Asia/Tokyo"
    assert Profile.objects.get(user=loner).time_zone == "Asia/Tokyo"


def test_an_unknown_time_zone_is_a_400_problem_saying_what_is_accepted(make_user):
    alice = make_user("alice", time_zone="Europe/Paris")
    body = assert_problem(patch(alice, {"time_zone": "Mars/Olympus_Mons"}), 400, "invalid_input")
    assert "Mars/Olympus_Mons" in body["detail"] and "IANA" in body["detail"]
    assert "Europe/Paris" in body["errors"]["time_zone"][0]
    assert Profile.objects.get(user=alice).time_zone == "Europe/Paris"


def test_a_bad_choice_is_a_400_problem_listing_the_choices(make_user):
    alice = make_user("alice")
    body = assert_problem(patch(alice, {"reminder": "sometimes"}), 400, "invalid_input")
    assert body["errors"]["reminder"] == [
        "'sometimes' is not accepted; use one of immediately, digest, off."
    ]
    assert not NotificationPreference.objects.filter(user=alice).exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"digest_hour": 24}, "digest_hour"),
        ({"quiet_hours_start": -1, "quiet_hours_end": 7}, "quiet_hours_start"),
        ({"reminders": "off"}, "reminders"),  # a misspelt field is not silently ignored
    ],
)
def test_nonsense_is_a_400_problem_naming_the_field_and_nothing_changes(make_user, change, field):
    alice = make_user("alice")
    body = assert_problem(patch(alice, change), 400, "invalid_input")
    assert field in body["errors"] and field in body["detail"]
    assert client_for(alice).get(PATH).json()["quiet_hours_start"] is None


@pytest.mark.parametrize(
    "change",
    [
        {"quiet_hours_start": 22},  # one end without the other
        {"quiet_hours_start": 7, "quiet_hours_end": 7},  # no length
    ],
)
def test_quiet_hours_that_break_the_rules_are_a_422_and_nothing_changes(make_user, change):
    alice = make_user("alice")
    body = assert_problem(patch(alice, change), 422, "invalid_quiet_hours")
    assert "quiet_hours_end" in body["errors"]
    assert client_for(alice).get(PATH).json()["quiet_hours_start"] is None


def test_a_half_cleared_pair_of_quiet_hours_is_refused(make_user):
    alice = make_user("alice", quiet_hours_start=22, quiet_hours_end=7)
    assert_problem(patch(alice, {"quiet_hours_end": None}), 422, "invalid_quiet_hours")
    assert NotificationPreference.objects.get(user=alice).quiet_hours_end == 7


def test_anonymous_callers_get_a_401_problem(db):
    assert_problem(APIClient().get(PATH), 401, "not_authenticated")
    assert_problem(APIClient().patch(PATH, {}, format="json"), 401, "not_authenticated")


def test_a_logged_in_browser_session_works_too(make_user):
    alice = make_user("alice")
    client = APIClient()
    client.force_login(alice)
    assert client.get(PATH).json()["your_turn"] == "immediately"


def test_preferences_set_through_the_api_decide_what_notify_writes(make_user, game):
    alice = make_user("alice")
    patch(alice, {"your_turn": "off", "reminder": "digest"})
    context = turn_context(game)
    assert (
        services.notify(user=alice, game=game, step="1", kind="your_turn", context=context) is None
    )
    row = services.notify(user=alice, game=game, step="1", kind="reminder_2h", context=context)
    assert row.status == "digest"
