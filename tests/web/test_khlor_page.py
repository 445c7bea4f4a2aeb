"""Khlor's game page (issue 46): the valley and the circle drawn, the placement prompt by
square, every option a button, answers through the page, the rules page; Khôra's page keeps
its own table."""

from __future__ import annotations

import pytest

from games import selectors, services
from games.models import Game
from games.workers.advancing import game_advance
from tests.web.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def khlor_game(user, language: str = "en") -> Game:
    game = services.game_create(
        creator=user, game_type="khlor", seats=2, options={}, step_hours=48, name="Valley"
    )
    services.game_start(public_id=game.public_id, user=user, fill_with_bots=True)
    game_advance(game.pk)  # the deal (the advance queued on commit never runs here)
    game.refresh_from_db()
    return game


def test_the_page_draws_the_valley_and_offers_each_placement_by_its_square():
    alice = make_user("alice")
    game = khlor_game(alice)
    client = client_for(alice)
    page = client.get(f"/games/{game.public_id}/").content.decode()
    prompt = selectors.game_prompt(game, alice)
    assert prompt["kind"] == "place"
    for option in prompt["options"]:
        assert f'value="{option["id"]}"' in page
    assert 'class="board-pic khlor-valley"' in page and "khlor-circle" in page
    first = prompt["options"][0]["data"]["demons"][0]
    assert f'href="#khlor-at-{first}"' in page and f'id="khlor-at-{first}"' in page

    # Each option is a button carrying its number in the prompt (as the email numbers it).
    assert f'<b class="n">{len(prompt["options"])}.</b>' in page
    assert "Cities, in turn order" not in page  # not Khôra's table


def test_an_answer_through_the_page_is_played_and_told_in_words():
    alice = make_user("alice")
    game = khlor_game(alice)
    client = client_for(alice)
    prompt = selectors.game_prompt(game, alice)
    option = prompt["options"][-1]
    answered = client.post(
        f"/games/{game.public_id}/decide/",
        {"prompt": prompt["id"], "option": option["id"]},
        HTTP_HX_REQUEST="true",
    )
    assert answered.status_code == 200
    table = answered.content.decode()
    assert 'id="table"' in table and "<html" not in table  # the table alone, for htmx
    assert f"alice places piece {option['data']['piece']} on" in table  # the history
    stale = client.post(
        f"/games/{game.public_id}/decide/", {"prompt": prompt["id"], "option": option["id"]}
    )
    assert stale.status_code == 302  # refused in words on the page, never a 500


def test_the_page_in_ukrainian():
    olena = make_user("olena", language="uk")
    game = khlor_game(olena)
    client = client_for(olena)
    page = client.get(f"/games/{game.public_id}/", HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert "Долина" in page or "Оберіть одну з двох фігур" in page
    assert "Коло фігур" in page and "Правила гри Khlor" in page


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", ["Khlor's rules", 'id="place"', 'id="extra_back"']), ("uk", ["Правила гри Khlor"])],
)
def test_the_rules_page(language, words):
    client = client_for()
    page = client.get("/rules/khlor/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for word in words:
        assert word in page


def test_stepping_through_a_khlor_game_shows_its_valley_not_khoras_board():
    alice = make_user("alice")
    game = khlor_game(alice)
    while game.status == Game.Status.ACTIVE:  # alice takes the default, the bot answers
        prompt = selectors.game_prompt(game, alice)
        if prompt is not None:
            answer = services.DecisionInput(prompt=prompt["id"], option=prompt["default"])
            services.decisions_submit(public_id=game.public_id, user=alice, decisions=[answer])
        game_advance(game.pk)
        game.refresh_from_db()
    client = client_for(alice)
    final = client.get(f"/games/{game.public_id}/").content.decode()
    assert 'id="scores-title"' in final and final.count('<tr class="winner">') >= 1
    for at in (0, 1, game.last_seq):
        response = client.get(f"/games/{game.public_id}/replay/?at={at}")
        assert response.status_code == 200
        page = response.content.decode()
        assert "khlor-circle" in page and "Exploration board" not in page
