"""Every page for every role: seated player, another player of the game, a stranger, an
anonymous visitor and staff. What each sees, and what none of them may see."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib.auth.models import AnonymousUser

from games import selectors
from games.models import Game
from tests.web.conftest import client_for, finished, in_round, make_user, play, start_game

pytestmark = pytest.mark.django_db(transaction=True)
ROLES = ("seated", "other", "stranger", "anonymous", "staff")


@pytest.fixture
def table():
    """A 3-seat game in round 2 (seats 0 and 1 are people, seat 2 a bot), and everyone."""
    users = {
        "seated": make_user("sappho"),
        "other": make_user("thales"),
        "stranger": make_user("zeno"),
        "staff": make_user("solon", staff=True),
    }
    game = start_game([users["seated"], users["other"]], seats=3)
    game = play(game, [users["seated"], users["other"]], in_round(2))
    clients = {role: client_for(users.get(role)) for role in ROLES}
    return game, users, clients


@pytest.mark.parametrize("role", ROLES)
def test_game_page_for_each_role(table, role):
    game, users, clients = table
    response = clients[role].get(f"/games/{game.public_id}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Cities, in turn order" in html and "Exploration board" in html
    for name in ("sappho", "thales"):
        assert name in html  # players by name
    detail = selectors.game_detail(game, users.get(role) or AnonymousUser())
    if role in ("seated", "other"):
        assert "Your cards" in html
        if detail["prompt"]:
            assert detail["prompt"]["text"] in html.replace("&#x27;", "'")
            assert 'name="prompt"' in html
    else:
        assert "Your cards" not in html
        assert 'name="prompt"' not in html  # no prompt form for anyone without a seat


@pytest.mark.parametrize("role", ROLES)
def test_lobby_page_for_each_role(table, role):
    game, _users, clients = table
    response = clients[role].get("/")
    assert response.status_code == 200
    html = response.content.decode()
    if role == "anonymous":
        assert "Sign up" in html and "Waiting for you" not in html
    else:
        assert "Waiting for you" in html and "New game" in html
        # Its players list it as theirs; anyone else finds it among the games to watch.
        watch = html.split('id="watch-title"')[1].split("</section>")[0]
        assert (game.public_id in watch) == (role not in ("seated", "other"))
        assert game.public_id in html


@pytest.mark.parametrize("role", ROLES)
def test_preferences_page_for_each_role(table, role):
    _game, _users, clients = table
    response = clients[role].get("/preferences/")
    if role == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    else:
        assert response.status_code == 200
        assert 'name="time_zone"' in response.content.decode()


@pytest.mark.parametrize("role", ROLES)
def test_writes_for_each_role(table, role):
    """Only the seated players can answer; the others get a message or the login page."""
    game, users, clients = table
    before = Game.objects.get(pk=game.pk).last_seq
    prompt = selectors.game_prompt(game, users["seated"]) or {"id": "x", "options": [{"id": "y"}]}
    response = clients[role].post(
        f"/games/{game.public_id}/decide/",
        {"prompt": prompt["id"], "option": prompt["options"][0]["id"]},
        follow=True,
    )
    assert response.status_code == 200
    html = response.content.decode()
    last_seq = Game.objects.get(pk=game.pk).last_seq
    if role == "anonymous":
        assert "Log in" in html and last_seq == before
    elif role in ("stranger", "staff"):
        assert "Only the players seated in this game can do that." in html
        assert last_seq == before
    elif role == "other":
        assert last_seq == before  # the seated player's prompt is not theirs to answer
        assert "That question has moved on" in html or "Nothing waits for you" in html
    else:
        assert last_seq > before


def test_unknown_game_is_a_404_page(table):
    _game, _users, clients = table
    response = clients["seated"].get("/games/no-such-game/")
    assert response.status_code == 404


def test_lobby_game_page_offers_seats_and_invitation(transactional_db):
    creator, guest = make_user("hera"), make_user("iris")
    from games import services

    game = services.game_create(
        creator=creator, game_type="khora", seats=3, options={}, step_hours=24, private=True
    )
    page = client_for(guest).get(f"/games/{game.public_id}/").content.decode()
    assert "Take a seat" in page and "invitation link" in page
    assert game.public_id not in client_for(guest).get("/").content.decode()  # private: unlisted
    anonymous = client_for().get(f"/games/{game.public_id}/").content.decode()
    assert "Log in to take a seat" in anonymous
    client_for(guest).post(f"/games/{game.public_id}/join/")
    assert game.seats.filter(user=guest).exists()
    mine = client_for(creator).get(f"/games/{game.public_id}/").content.decode()
    assert "Start now; bots take the free seats" in mine
    client_for(creator).post(f"/games/{game.public_id}/start/")
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_finished_game_shows_scores_and_steps_through_events(transactional_db):
    users = [make_user("ajax"), make_user("brisa")]
    game = play(start_game(users, seats=2), users, finished)
    for client in (client_for(users[0]), client_for(), client_for(make_user("cleo"))):
        html = client.get(f"/games/{game.public_id}/").content.decode()
        assert "Final scores" in html and "Score track" in html
        assert html.count('class="winner"') >= 1
        first = client.get(f"/games/{game.public_id}/replay/?at=0")
        assert first.status_code == 200 and "After event 0 of" in first.content.decode()
        middle = client.get(f"/games/{game.public_id}/replay/?at=40").content.decode()
        assert "After event 40 of" in middle and "?at=41" in middle and "?at=39" in middle
        # Each step says what its event did: the engine's lines (all public once finished).
        told = selectors.game_history(game, None, after=39, limit=20)["lines"]
        at = told[0]["seq"]
        said = client.get(f"/games/{game.public_id}/replay/?at={at}").content.decode()
        said = re.search(r'<ul class="event-lines".*?</ul>', unescape(said), re.S).group(0)
        assert all(line["text"] in said for line in told if line["seq"] == at)
        last = client.get(f"/games/{game.public_id}/replay/?at=nonsense")
        assert f"After event {game.last_seq} of {game.last_seq}" in last.content.decode()
    # The lobby's finished games say where each player placed (the ranking read for real).
    ranking = selectors.final_ranking(game)
    for user in users:
        seat = game.seats.get(user=user).position
        place = next(e["place"] for e in ranking if seat in e["seats"])
        lobby = client_for(user).get("/").content.decode()
        assert f"{['1st', '2nd'][place - 1]} of 2" in lobby


def test_replay_of_a_running_game_says_why_not(table):
    game, _users, clients = table
    response = clients["seated"].get(f"/games/{game.public_id}/replay/?at=1", follow=True)
    assert response.status_code == 200
    assert "finished" in response.content.decode()


def test_lobby_lists_what_waits_for_me_with_the_time_left(table):
    game, users, clients = table
    prompt = selectors.game_prompt(game, users["seated"])
    html = unescape(clients["seated"].get("/").content.decode())
    waiting = html.split('id="awaiting-title"')[1].split('id="playing-title"')[0]
    assert prompt["text"] in waiting and "left (until" in waiting
    assert "Test table" in waiting


def test_an_abandoned_game_still_has_a_page(transactional_db):
    creator = make_user("medea")
    from games import services

    game = services.game_create(
        creator=creator, game_type="khora", seats=2, options={}, step_hours=24
    )
    client_for(creator).post(f"/games/{game.public_id}/leave/")
    response = client_for(creator).get(f"/games/{game.public_id}/")
    assert response.status_code == 200 and "abandoned" in response.content.decode()


@pytest.mark.django_db
def test_every_page_names_its_icon_and_the_browsers_guess_finds_it(client):
    page = client.get("/signup/").content.decode()
    assert '<link rel="icon" href="/static/web/favicon.svg" type="image/svg+xml">' in page
    guess = client.get("/favicon.ico")
    assert guess.status_code == 301 and guess["Location"] == "/static/web/favicon.svg"
