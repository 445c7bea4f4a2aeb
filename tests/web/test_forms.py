"""Every form: CSRF required, and bad input answered with a message on the page, never a 500."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from games import selectors, services
from games.models import Game
from tests.web.conftest import PASSWORD, client_for, make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)
User = get_user_model()


def token_from(client, path: str) -> str:
    html = client.get(path).content.decode()
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


@pytest.fixture
def game_and_people():
    people = [make_user("iason"), make_user("kallia")]
    return start_game(people, seats=3), people


def test_every_form_refuses_a_post_without_csrf_token(game_and_people):
    game, people = game_and_people
    lobby = services.game_create(
        creator=people[0], game_type="khora", seats=3, options={}, step_hours=24
    )
    forms = [
        (None, "/signup/"),
        (None, "/accounts/login/"),
        (None, "/accounts/password_reset/"),
        (None, "/language/"),
        (None, "/login/link/whatever/"),
        (None, "/login/link/whatever/resend/"),
        (people[0], "/accounts/logout/"),
        (people[0], "/preferences/"),
        (people[0], "/games/new/"),
        (people[0], "/games/new/against-bots/"),
        (people[0], f"/games/{game.public_id}/decide/"),
        (people[0], f"/games/{game.public_id}/revise/"),
        (people[1], f"/games/{lobby.public_id}/join/"),
        (people[0], f"/games/{lobby.public_id}/leave/"),
        (people[0], f"/games/{lobby.public_id}/start/"),
    ]
    for user, path in forms:
        response = client_for(user, csrf_checks=True).post(path, {})
        assert response.status_code == 403, path
    assert Game.objects.get(pk=lobby.pk).status == Game.Status.LOBBY


def test_every_page_form_carries_a_csrf_token(game_and_people):
    game, people = game_and_people
    client = client_for(people[0])
    for path in ("/", "/preferences/", f"/games/{game.public_id}/"):
        html = client.get(path).content.decode()
        forms = html.count('method="post"')
        assert forms and html.count('name="csrfmiddlewaretoken"') >= forms, path


def test_a_decision_with_the_token_goes_through(game_and_people):
    game, people = game_and_people
    client = client_for(people[0], csrf_checks=True)
    token = token_from(client, f"/games/{game.public_id}/")
    prompt = selectors.game_prompt(game, people[0])
    response = client.post(
        f"/games/{game.public_id}/decide/",
        {"csrfmiddlewaretoken": token, "prompt": prompt["id"], "option": prompt["default"]},
    )
    assert response.status_code == 302
    assert selectors.game_prompt(Game.objects.get(pk=game.pk), people[0]) != prompt


def test_htmx_decision_returns_the_table_with_the_next_prompt(game_and_people):
    game, people = game_and_people
    prompt = selectors.game_prompt(game, people[0])
    response = client_for(people[0]).post(
        f"/games/{game.public_id}/decide/",
        {"prompt": prompt["id"], "option": prompt["default"]},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<section id="table"')
    assert "<html" not in html
    assert prompt["id"] not in html  # answered: the table shows what comes next


def test_bad_decisions_get_a_message(game_and_people):
    game, people = game_and_people
    client = client_for(people[0])
    prompt = selectors.game_prompt(game, people[0])
    url = f"/games/{game.public_id}/decide/"
    cases = [
        ({}, "Choose one of the options."),
        ({"prompt": prompt["id"], "option": "nonsense"}, "That choice is not one of the options"),
        ({"prompt": "old-prompt", "option": "x"}, "That question has moved on"),
    ]
    for data, message in cases:
        response = client.post(url, data, follow=True)
        assert response.status_code == 200
        assert message in response.content.decode()
        htmx = client.post(url, data, HTTP_HX_REQUEST="true")
        assert htmx.status_code == 200 and message in htmx.content.decode()
    revise = client.post(f"/games/{game.public_id}/revise/", follow=True)
    assert "There is no sealed choice to change" in revise.content.decode()


def test_a_sealed_choice_can_be_revised(game_and_people):
    game, people = game_and_people
    prompt = selectors.game_prompt(game, people[0])
    client = client_for(people[0])
    client.post(f"/games/{game.public_id}/decide/", {"prompt": prompt["id"], "option": "x"})
    client.post(
        f"/games/{game.public_id}/decide/", {"prompt": prompt["id"], "option": prompt["default"]}
    )
    html = client.get(f"/games/{game.public_id}/").content.decode()
    assert "Change my choice" in html
    client.post(f"/games/{game.public_id}/revise/")
    again = selectors.game_prompt(Game.objects.get(pk=game.pk), people[0])
    assert again is not None and again["kind"] == "draft_pick"


def test_signup_refuses_bad_input_with_messages(transactional_db):
    make_user("taken")
    client = client_for()
    cases = [
        ({"username": "taken", "email": "t@example.com", "password": PASSWORD}, "is taken"),
        ({"username": "new one", "email": "n@example.com", "password": PASSWORD}, "without"),
        ({"username": "newbie", "email": "not-an-email", "password": PASSWORD}, "email"),
        ({"username": "newbie", "email": "n@example.com", "password": "123"}, "too short"),
    ]
    for data, message in cases:
        response = client.post("/signup/", data)
        assert response.status_code == 200
        assert message in response.content.decode()
    assert not User.objects.filter(username="newbie").exists()
    ok = client.post(
        "/signup/", {"username": "newbie", "email": "n@example.com", "password": PASSWORD}
    )
    assert ok.status_code == 302
    assert client.get("/").context["user"].username == "newbie"


def test_login_logout_and_password_reset(transactional_db, mailoutbox):
    make_user("lysander")
    client = client_for()
    wrong = client.post("/accounts/login/", {"username": "lysander", "password": "nope"})
    assert "The username or password is wrong" in wrong.content.decode()
    right = client.post("/accounts/login/", {"username": "lysander", "password": PASSWORD})
    assert right.status_code == 302
    assert client.post("/accounts/logout/").status_code == 302
    assert not client.get("/").context["user"].is_authenticated
    client.post("/accounts/password_reset/", {"email": "lysander@example.com"})
    assert len(mailoutbox) == 1
    link = re.search(r"http://\S+/accounts/reset/\S+", mailoutbox[0].body).group(0)
    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()


def test_preferences_form_saves_and_refuses(transactional_db):
    user = make_user("melina")
    client = client_for(user)
    data = {
        "your_turn": "immediately",
        "reminder": "digest",
        "game_started": "off",
        "game_over": "immediately",
        "invitations": "off",
        "digest_hour": "7",
        "quiet_hours_start": "22",
        "quiet_hours_end": "",
        "time_zone": "Europe/Kyiv",
        "language": "uk",
    }
    refused = client.post("/preferences/", data)
    assert refused.status_code == 200
    assert "Set both quiet_hours_start and quiet_hours_end" in refused.content.decode()
    unknown_zone = client.post(
        "/preferences/", {**data, "quiet_hours_end": "7", "time_zone": "Mars"}
    )
    assert "Mars" in unknown_zone.content.decode()
    saved = client.post("/preferences/", {**data, "quiet_hours_end": "7"}, follow=True)
    assert "Налаштування збережено." in saved.content.decode()
    # Each language is offered by its own name, as the footer's switch offers it.
    assert re.search(r'<option value="uk"[^>]*>Українська</option>', saved.content.decode())
    user.refresh_from_db()
    assert user.profile.language == "uk" and user.profile.time_zone == "Europe/Kyiv"
    assert user.notification_preference.reminder == "digest"
    assert user.notification_preference.invitations == "off"


def test_create_game_form(transactional_db):
    user = make_user("nikias")
    client = client_for(user)
    bad = client.post("/games/new/", {"seats": "7", "step_hours": "0", "city_selection": "random"})
    assert bad.status_code == 400
    assert "Select a valid choice" in bad.content.decode()
    assert not Game.objects.exists()
    made = client.post(
        "/games/new/",
        {
            "name": "Bots",
            "seats": "3",
            "step_hours": "24",
            "city_selection": "choose",
            "bots": "on",
        },
    )
    game = Game.objects.get()
    assert made["Location"] == f"/games/{game.public_id}/"
    assert game.name == "Bots" and game.status == Game.Status.ACTIVE
    assert game.options == {"city_selection": "choose"}
    page = client.get(made["Location"]).content.decode()
    assert "Your move" in page  # the first question of a chosen-cities game


def test_create_game_form_with_bots_per_seat(transactional_db):
    client = client_for(make_user("theano"))
    base = {"seats": "4", "step_hours": "24", "city_selection": "random"}
    bad = client.post("/games/new/", {**base, "opponent_1": "genius"})
    assert bad.status_code == 400
    assert "Select a valid choice" in bad.content.decode()
    assert not Game.objects.exists()
    # Two bots among three other seats: the game waits in the lobby for one player.
    client.post("/games/new/", {**base, "opponent_1": "strong", "opponent_3": "random"})
    game = Game.objects.get()
    assert game.status == Game.Status.LOBBY
    levels = list(game.seats.filter(is_bot=True).order_by("position").values_list("bot_level"))
    assert levels == [("strong",), ("random",)]
    # Opponents beyond the game's seats are left out; bots filling it start it at once.
    client.post(
        "/games/new/",
        {**base, "seats": "2", "opponent_1": "standard", "opponent_2": "strong"},
    )
    two = Game.objects.exclude(pk=game.pk).get()
    assert two.status == Game.Status.ACTIVE
    assert list(two.seats.filter(is_bot=True).values_list("bot_level", flat=True)) == ["standard"]


def test_play_against_bots_now_starts_a_game_at_once(transactional_db):
    client = client_for(make_user("hypatia"))
    lobby = client.get("/").content.decode()
    assert "Play against bots now" in lobby
    response = client.post("/games/new/against-bots/")
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.public_id}/"
    assert game.status == Game.Status.ACTIVE and game.num_seats == 3
    bots = game.seats.filter(is_bot=True)
    assert sorted(bots.values_list("bot_level", flat=True)) == ["standard", "standard"]
    assert "Your move" in client.get(response["Location"]).content.decode()


def test_a_harder_quick_game_against_strong_bots(transactional_db, settings):
    settings.GAME_STRONG_BOT_PLAYOUTS = 2  # their real search, kept short: only the game counts
    client = client_for(make_user("aspasia"))
    assert "A harder game: strong bots" in client.get("/").content.decode()
    response = client.post("/games/new/against-bots/", {"level": "strong"})
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.public_id}/"
    assert game.name == "" and game.status == Game.Status.ACTIVE  # named by its players
    assert "aspasia vs 2 strong bots, " in client.get(response["Location"]).content.decode()
    bots = game.seats.filter(is_bot=True)
    assert sorted(bots.values_list("bot_level", flat=True)) == ["strong", "strong"]


def test_a_quick_game_at_an_unknown_level_is_refused_with_the_levels(transactional_db):
    client = client_for(make_user("leontion"))
    response = client.post("/games/new/against-bots/", {"level": "genius"}, follow=True)
    assert not Game.objects.exists()
    page = response.content.decode()
    assert "There is no bot level “genius”; choose standard or strong." in page


@pytest.mark.parametrize(
    ("language", "tags"),
    [("en", ["bot: random", "bot: standard"]), ("uk", ["бот: випадковий", "бот: стандартний"])],
)
def test_each_bot_city_says_its_level(transactional_db, language, tags):
    client = client_for(make_user("archytas", language=language))
    made = client.post(
        "/games/new/",
        {
            "seats": "3",
            "step_hours": "24",
            "city_selection": "random",
            "opponent_1": "random",
            "opponent_2": "standard",
        },
    )
    page = client.get(made["Location"]).content.decode()
    shown = re.findall(r'<span class="tag">([^<]+)</span>', page)
    # Cities come in turn order, which the deal decides: each bot's tag once, in any order.
    assert sorted(tag for tag in shown if tag.startswith(tags[0][:4])) == sorted(tags)
