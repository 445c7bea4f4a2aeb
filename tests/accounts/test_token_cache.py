"""Bearer tokens checked once are trusted by this process for TOKEN_CACHE_SECONDS: no token
query on the next requests, yet a revocation through this process counts at once, and one
through another process once the entry is that old (accounts/token_auth.py)."""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from accounts import token_auth
from accounts.tasks import prune_expired_tokens
from tests.players import PASSWORD, assert_problem

GAMES = "/api/v1/games/"


def token_queries(player) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert player.get(GAMES).status_code == 200
    return sum("knox_authtoken" in query["sql"] for query in captured)


def test_a_checked_token_is_not_read_again_while_it_is_trusted(make_player):
    player = make_player("zoe")
    assert token_queries(player) == 1  # read once, with its user and profile
    assert token_queries(player) == 0


def test_the_cache_can_be_turned_off(make_player, settings):
    settings.TOKEN_CACHE_SECONDS = 0
    player = make_player("zoe")
    assert token_queries(player) == 1
    assert token_queries(player) == 1


def test_a_token_revoked_through_this_process_stops_at_once(make_player):
    player, other = make_player("zoe"), APIClient()
    login = other.post(
        "/api/v1/auth/token/", {"username": "zoe", "password": PASSWORD}, format="json"
    )
    other.credentials(HTTP_AUTHORIZATION=f"Bearer {login.json()['token']}")
    assert other.get(GAMES).status_code == 200  # now trusted by this process
    assert player.get(GAMES).status_code == 200
    assert player.post("/api/v1/auth/token/revoke-all/").json() == {"revoked": 2}
    assert_problem(other.get(GAMES), 401, "authentication_failed")
    assert_problem(player.get(GAMES), 401, "authentication_failed")


def test_a_user_deactivated_through_this_process_is_refused_at_once(make_player):
    player = make_player("zoe")
    assert player.get(GAMES).status_code == 200
    user = get_user_model().objects.get(pk=player.user.pk)
    user.is_active = False
    user.save()
    assert_problem(player.get(GAMES), 401, "authentication_failed")


def test_a_token_deleted_elsewhere_works_here_until_its_entry_is_too_old(
    make_player, settings, monkeypatch
):
    settings.TOKEN_CACHE_SECONDS = 5
    player = make_player("zoe")
    assert player.get(GAMES).status_code == 200
    with connection.cursor() as cursor:  # as another process would: no signal here
        cursor.execute("DELETE FROM knox_authtoken WHERE user_id = %s", [player.user.pk])
    assert player.get(GAMES).status_code == 200  # the documented trade-off
    later = token_auth.time.monotonic() + 5
    monkeypatch.setattr(token_auth.time, "monotonic", lambda: later)
    assert_problem(player.get(GAMES), 401, "authentication_failed")


def test_an_expired_token_is_refused_and_deleted(make_player):
    player = make_player("zoe")
    AuthToken.objects.filter(user=player.user).update(expiry=timezone.now() - timedelta(1))
    assert_problem(player.get(GAMES), 401, "authentication_failed")
    assert not AuthToken.objects.filter(user=player.user).exists()


def test_a_cached_token_past_its_expiry_is_refused(make_player):
    player = make_player("zoe")
    assert player.get(GAMES).status_code == 200
    for _, token, _ in token_auth.checked_tokens._entries.values():
        if token.user_id == player.user.pk:
            token.expiry = timezone.now() - timedelta(seconds=1)
    AuthToken.objects.filter(user=player.user).update(expiry=timezone.now() - timedelta(1))
    assert_problem(player.get(GAMES), 401, "authentication_failed")


def test_expired_tokens_go_at_login_and_in_the_hourly_prune(make_player):
    zoe, ann = make_player("zoe"), make_player("ann")
    past = timezone.now() - timedelta(1)
    AuthToken.objects.update(expiry=past)
    login = APIClient().post(
        "/api/v1/auth/token/", {"username": "zoe", "password": PASSWORD}, format="json"
    )
    assert login.status_code == 201
    assert AuthToken.objects.filter(user=zoe.user).count() == 1  # the new one
    assert AuthToken.objects.filter(user=ann.user).count() == 1
    assert prune_expired_tokens.delay().get() == 1
    assert not AuthToken.objects.filter(user=ann.user).exists()


def _revoked_through_another_process(monkeypatch):
    """What a revocation served by another web process leaves in this one: its own cached
    entries untouched (that process drops only its own), the shared cache told."""
    monkeypatch.setattr(token_auth.checked_tokens, "drop", lambda digest: None)
    monkeypatch.setattr(token_auth.checked_tokens, "drop_user", lambda user_id: None)


def test_a_token_revoked_through_another_process_stops_here_at_once(make_player, monkeypatch):
    player = make_player("zoe")
    assert player.get(GAMES).status_code == 200  # trusted by this process now
    _revoked_through_another_process(monkeypatch)
    AuthToken.objects.get(user=player.user).delete()  # POST auth/token/revoke/ over there
    assert_problem(player.get(GAMES), 401, "authentication_failed")


def test_revoking_all_tokens_in_another_process_stops_every_one_here_at_once(
    make_player, monkeypatch
):
    player, other = make_player("zoe"), APIClient()
    login = other.post(
        "/api/v1/auth/token/", {"username": "zoe", "password": PASSWORD}, format="json"
    )
    other.credentials(HTTP_AUTHORIZATION=f"Bearer {login.json()['token']}")
    assert other.get(GAMES).status_code == 200 and player.get(GAMES).status_code == 200
    _revoked_through_another_process(monkeypatch)
    from accounts import services

    assert services.token_revoke_all(user=player.user) == 2
    assert_problem(other.get(GAMES), 401, "authentication_failed")
    assert_problem(player.get(GAMES), 401, "authentication_failed")


def test_a_user_deactivated_in_another_process_is_refused_here_at_once(make_player, monkeypatch):
    player = make_player("zoe")
    assert player.get(GAMES).status_code == 200
    _revoked_through_another_process(monkeypatch)
    user = get_user_model().objects.get(pk=player.user.pk)
    user.is_active = False
    user.save()  # the admin, in another process
    assert_problem(player.get(GAMES), 401, "authentication_failed")


def test_a_still_valid_token_is_read_once_more_after_its_users_stamp_moves(make_player):
    player = make_player("zoe")
    assert token_queries(player) == 1
    token_auth.revocation_announce(player.user.pk)  # e.g. another of zoe's tokens revoked
    assert token_queries(player) == 1  # checked again, still valid
    assert token_queries(player) == 0
