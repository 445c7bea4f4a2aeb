"""The new-game form offers every hosted game (issue 46): its fields are those each game's
setup declares (engine.options), the chosen game's options and bots are the ones sent."""

from __future__ import annotations

import engine
from games.models import Game
from tests.web.conftest import client_for, make_user
from web.forms import CreateGameForm


def test_the_form_has_each_games_declared_options_marked_with_their_game():
    form = CreateGameForm()
    assert [value for value, _title in form.fields["game"].choices] == engine.game_types()
    declared = {
        option.name: game_type
        for game_type in engine.game_types()
        for option in engine.get_game(game_type).setup.options
        if option.form
    }
    assert declared == {"city_selection": "khora", "board": "khlor"}  # no name twice
    assert {name: form.fields[name].game for name in declared} == declared
    assert [value for value, _label in form.fields["city_selection"].choices] == [
        "random",
        "choose",
    ]
    assert "cities" not in form.fields  # fixed cities: for programs, through the API


def test_a_khlor_game_is_created_from_the_form_with_its_options_and_bots(transactional_db):
    client = client_for(make_user("hypatia", language="uk"))
    page = client.get("/").content.decode()
    assert 'data-game="khlor"' in page and "Долина" in page and ">Khlor</option>" in page
    base = {"game": "khlor", "seats": "2", "step_hours": "24", "board": "plain"}
    refused = client.post("/games/new/", {**base, "opponent_1": "strong"})
    assert refused.status_code == 400
    assert "Khlor" in refused.content.decode() and not Game.objects.exists()
    made = client.post("/games/new/", {**base, "city_selection": "choose", "opponent_1": "random"})
    game = Game.objects.get()
    assert made["Location"] == f"/games/{game.public_id}/"
    assert (game.game_type, game.options, game.status) == ("khlor", {"board": "plain"}, "active")
    assert list(game.seats.filter(is_bot=True).values_list("bot_level", flat=True)) == ["random"]
    lobby = client.get("/")
    assert lobby.status_code == 200
    assert '<span class="tag">Khlor</span>' in lobby.content.decode()  # among my games
