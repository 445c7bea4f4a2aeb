"""The lobby reads its lists of games in a few queries, whatever their length: a game more in
a list costs the read of its engine state, not of its steps, pauses, seats and absences one
by one (games/lists.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import selectors, services
from tests.web.conftest import client_for, make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)

# What the lobby reads for a list as a whole: never once per game (the state each game's row
# needs is read per game, through its cache).
LIST_TABLES = ("games_gamestep", "absences_pause", "absences_absence", "games_seat")


def _lobby_reads(client) -> dict[str, int]:
    client.get("/")  # the first load fills the caches a lobby shares with every other page
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/")
    assert response.status_code == 200
    return {
        table: sum(f'"{table}"' in query["sql"] for query in queries.captured_queries)
        for table in LIST_TABLES
    }


def _answer(game, user):
    prompt = selectors.game_prompt(game, user)
    services.decisions_submit(
        public_id=game.public_id,
        user=user,
        decisions=[services.DecisionInput(prompt=prompt["id"], option=prompt["options"][0]["id"])],
    )


@pytest.mark.parametrize("waiting_for_me", [True, False], ids=["awaiting", "my-other-games"])
def test_steps_pauses_absences_and_seats_are_read_once_a_list(waiting_for_me):
    ann, bob = make_user("ann"), make_user("bob")
    client = client_for(bob)
    counts = []
    for total in (2, 6):
        while len(selectors.game_list(bob, "mine")) < total:
            game = start_game([ann, bob])
            if not waiting_for_me:
                _answer(game, bob)  # bob's draft pick is in; the game waits for ann
        counts.append(_lobby_reads(client))
    page = client.get("/").content.decode()
    if waiting_for_me:
        assert page.count('class="game-row urgent"') == 6
        assert "left (until" in page
    else:
        assert page.count("in play\n · Setup · 2 seats") == 6  # the phase, from the engine
        assert page.count("Waiting for ann") == 6
    assert counts[0] == counts[1], counts  # 2 games or 6: the same reads of these tables
