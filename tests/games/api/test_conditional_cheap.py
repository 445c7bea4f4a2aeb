"""A conditional read that matches is answered from the game row alone: one statement."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Profile
from games import services
from tests.players import start_game, url

READS = [("", {}), ("prompt", {}), ("log", {"after": 3}), ("history", {"limit": 5})]


@pytest.fixture(autouse=True)
def tokens_cached(settings):
    settings.TOKEN_CACHE_SECONDS = 60  # as in production: a polling client's token is cached


@pytest.mark.parametrize(("action", "query"), READS)
def test_an_unchanged_game_answers_304_from_one_statement(make_player, action, query):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    tag = alice.client.get(url(game, action), query)["ETag"]
    with CaptureQueriesContext(connection) as statements:
        again = alice.client.get(url(game, action), query, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again["ETag"] == tag
    assert len(statements) == 1, [q["sql"] for q in statements]
    assert "games_game" in statements[0]["sql"]


def test_the_tag_follows_the_page_of_the_log(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    first = alice.client.get(url(game, "log"), {"after": 0})["ETag"]
    other = alice.client.get(url(game, "log"), {"after": 1}, HTTP_IF_NONE_MATCH=first)
    assert other.status_code == 200 and other["ETag"] != first


def test_a_new_profile_language_is_a_new_tag(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    tag = alice.get(url(game))["ETag"]
    Profile.objects.filter(user=alice.user).update(language="uk")
    response = alice.get(url(game), HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 200 and response["ETag"] != tag


def test_a_spectator_a_player_and_an_accept_language_each_have_their_tag(make_player, anonymous):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    tag = alice.get(url(game))["ETag"]
    assert anonymous.get(url(game), HTTP_IF_NONE_MATCH=tag).status_code == 200
    spectator = anonymous.get(url(game))["ETag"]
    ukrainian = anonymous.get(url(game), HTTP_IF_NONE_MATCH=spectator, HTTP_ACCEPT_LANGUAGE="uk")
    assert ukrainian.status_code == 200


def test_a_join_changes_the_lobby_tag(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = services.game_create(
        creator=alice.user, game_type="khora", seats=3, options={}, step_hours=48
    )
    tag = alice.get(url(game))["ETag"]
    services.game_join(public_id=game.public_id, user=bob.user)
    response = alice.get(url(game), HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 200 and response.json()["seats"][1]["player"] == "bob"
