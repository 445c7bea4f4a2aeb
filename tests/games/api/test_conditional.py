"""Conditional GET: ETag and If-None-Match on the game detail, the prompt and the log."""

import pytest

from tests.players import start_game, url


@pytest.mark.parametrize("action", ["", "prompt", "log"])
def test_an_unchanged_resource_answers_304_and_a_change_a_new_tag(make_player, action):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    first = alice.get(url(game, action))
    tag = first["ETag"]
    assert tag.startswith('"')
    again = alice.get(url(game, action), HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again["ETag"] == tag and not again.content

    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]})
    changed = alice.get(url(game, action), HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and changed["ETag"] != tag


def test_two_players_never_share_a_tag_for_the_detail(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    alice_tag = alice.get(url(game))["ETag"]
    assert bob.get(url(game), HTTP_IF_NONE_MATCH=alice_tag).status_code == 200
    assert "Authorization" in alice.get(url(game))["Vary"]
