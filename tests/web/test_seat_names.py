"""How every page, email and history names a seat (games.selectors.seat_name): a player by
username, a seat a bot was given at creation "Bot n" in the reader's language, a seat not taken
yet "Player n"."""

from __future__ import annotations

import pytest

from games import selectors
from games.models import Game
from tests.web.conftest import client_for, make_user


def test_a_seat_is_named_by_its_player_else_as_a_bot_or_a_player_in_the_language():
    # A player's name wins, also while a bot plays the seat for them.
    assert selectors.seat_name(1, "ann", False, "en") == "ann"
    assert selectors.seat_name(1, None, True, "en") == "Bot 2"
    assert selectors.seat_name(1, None, True, "uk") == "Бот 2"
    assert selectors.seat_name(2, None, False, "en") == "Player 3"
    assert selectors.seat_name(2, None, False, "uk") == "Гравець 3"


@pytest.mark.parametrize(
    ("language", "bot", "player"), [("en", "Bot", "Player"), ("uk", "Бот", "Гравець")]
)
def test_a_game_against_bots_calls_them_bots_on_its_page_and_in_its_history(
    transactional_db, language, bot, player
):
    user = make_user("hypatia", language=language)
    client = client_for(user)
    made = client.post("/games/new/against-bots/", {"level": "standard"})
    page = client.get(made["Location"]).content.decode()
    for position in (2, 3):
        assert f"{bot} {position}" in page
        assert f"{player} {position}" not in page
    game = Game.objects.get()
    history = selectors.game_history(game, 0, 0, 100, language)
    told = [line["text"] for line in history["lines"] if line.get("text")]
    assert any(line.startswith(f"{bot} 2") for line in told), told
    assert not any(f"{player} 2" in line or f"{player} 3" in line for line in told)
