"""Option previews and warnings reach every client: the API's prompt and game (structured:
text, changes, warnings with a code, parameters and text), the your-turn emails and the game
page. An answer's response carries none: previews cost time and are made only when read."""

from django.test import Client
from django.utils.html import escape

from engine.khora.catalog import text as catalog_text
from games.models import GameEvent
from notifications.models import Notification
from notifications.prompts import option_label, quiet_preview
from tests.players import start_game, url

NOTHING_NOW = catalog_text("preview.nothing_now", "en")


def play_to_the_dice(game, *players) -> None:
    """Everyone answers with the default until the first dice are rolled and asked of them."""
    for _ in range(30):
        if GameEvent.objects.filter(game=game, payload__kind="dice").exists():
            break
        for player in players:
            prompt = player.get(url(game, "prompt")).json()["prompt"]
            if prompt:
                player.post(
                    url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
                )
    assert players[0].get(url(game, "prompt")).json()["prompt"]["kind"] == "assign_die"


def test_every_option_of_the_api_prompt_and_game_carries_its_preview(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=2)
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    for option in prompt["options"]:
        assert option["preview"]["text"]
        assert option["preview"]["changes"] == [] and option["preview"]["warnings"] == []
    detail = alice.get(url(game)).json()
    assert [o["preview"] for o in detail["prompt"]["options"]] == [
        o["preview"] for o in prompt["options"]
    ]

    body = alice.post(
        url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
    ).json()
    if body.get("prompt"):
        assert all("preview" not in option for option in body["prompt"]["options"])


def test_the_dice_prompt_previews_each_tile_in_the_players_language(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=2)
    play_to_the_dice(game, alice, bob)
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    texts = {o["id"]: o["preview"]["text"] for o in prompt["options"]}
    assert texts["tile:2"].startswith("+") and texts["tile:2"].endswith("VP")
    alice.user.profile.language = "uk"
    alice.user.profile.save()
    uk = alice.get(url(game, "prompt")).json()["prompt"]
    assert {o["id"]: o["preview"]["text"] for o in uk["options"]}["tile:2"].endswith(
        ("переможне очко", "переможні очки", "переможних очок")
    )
    for option in prompt["options"]:
        for warning in option["preview"]["warnings"]:
            assert set(warning) == {"code", "params", "text"} and warning["text"]


def test_an_email_that_asks_shows_each_options_preview(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    email = Notification.objects.get(recipient=alice.user, kind="game_started")
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    lines = [line.strip() for line in email.body_text.splitlines()]
    for option in prompt["options"]:
        shown = quiet_preview(option, option["preview"], "en")["text"]
        if shown:
            assert f"= {shown}" in lines
            assert shown in email.body_html
        else:  # a card to draft: its price and needs on its label say more than "nothing yet"
            assert option_label(option, "en") in email.body_text
    assert f"= {NOTHING_NOW}" not in lines


def test_the_game_page_shows_each_options_preview(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=2)
    browser = Client()
    browser.force_login(alice.user)
    # The draft's cards show no preview (nothing changes yet: their price is on the button)...
    drafting = browser.get(f"/games/{game.public_id}/").content.decode()
    assert NOTHING_NOW not in drafting and "dr." in drafting
    # ...the dice's tiles each show theirs.
    play_to_the_dice(game, alice, bob)
    page = browser.get(f"/games/{game.public_id}/").content.decode()
    options = alice.get(url(game, "prompt")).json()["prompt"]["options"]
    assert all(option["preview"]["text"] for option in options)
    assert page.count('class="preview"') == len(options)
    for option in options:
        assert escape(option["preview"]["text"]) in page
