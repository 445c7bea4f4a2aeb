"""Racing submissions never stall a game: the advance waits for the game's lock instead of
skipping a game another request holds (issue 13, defect 3). Tasks run in-process here, as
in the embedded default; tests/integration/test_reliability.py races with a real worker."""

import threading
import time

import psycopg
import pytest
from django.db import connection

from games.models import Game
from games.workers import tasks
from tests.games.workers.race import ADVANCE_WITHIN, ROUNDS, race_once
from tests.integration.conftest import database_url
from tests.players import start_game

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_racing_last_answers_never_stall_the_game_in_process(make_player):
    players = [make_player("alice"), make_player("bob")]
    waits = [race_once(players) for _ in range(ROUNDS)]
    print(f"\nrace x{ROUNDS}, tasks in-process: longest wait on the server {max(waits):.2f} s")
    assert max(waits) <= ADVANCE_WITHIN


def test_an_advance_waits_for_a_request_holding_the_game_row_instead_of_skipping(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    Game.objects.filter(pk=game.pk).update(needs_advance=True)  # as a request just left it
    with psycopg.connect(database_url(), autocommit=False) as holder:
        holder.execute("SELECT 1 FROM games_game WHERE id = %s FOR UPDATE", [game.pk])
        outcome: list[bool] = []
        advance = threading.Thread(target=lambda: outcome.append(_advance_in_thread(game.pk)))
        advance.start()
        time.sleep(0.5)  # the advance is now waiting on the row
        holder.rollback()
    advance.join(timeout=ADVANCE_WITHIN)
    assert outcome == [True], "the advance waited for the lock, then ran"
    assert not Game.objects.get(pk=game.pk).needs_advance


def _advance_in_thread(game_id: int) -> bool:
    try:
        return tasks.advance_game.delay(game_id).get()
    finally:
        connection.close()
