"""Players joining the queue at once, each in its own thread and database connection, on
PostgreSQL with real row locks: every table forms exactly once.

Outside CI these skip when the database is not PostgreSQL; with CI=true they fail instead."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from games.models import Game
from matchmaking import services
from matchmaking.models import QueueEntry

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def join_all_at_once(users, players: int | None) -> list:
    barrier = threading.Barrier(len(users))
    results: list = [None] * len(users)

    def join(index, user):
        try:
            barrier.wait()
            results[index] = services.entry_join(
                user=user, players=players, step_hours=24, language="en"
            )
        except Exception as error:  # the test reads it
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=join, args=pair) for pair in enumerate(users)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_two_players_joining_at_once_form_one_game(make_player):
    users = [make_player(name).user for name in ("ann", "ben")]
    results = join_all_at_once(users, players=2)
    assert all(isinstance(entry, QueueEntry) for entry in results), results
    assert Game.objects.count() == 1
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE and game.seats.count() == 2
    assert set(QueueEntry.objects.values_list("status", flat=True)) == {"matched"}
    assert sorted(results, key=lambda entry: entry.pk)[0].status == "waiting"  # as it joined


def test_eight_players_joining_at_once_form_four_games_each_seat_once(make_player):
    users = [make_player(f"p{n}").user for n in range(8)]
    results = join_all_at_once(users, players=None)
    assert all(isinstance(entry, QueueEntry) for entry in results), results
    assert Game.objects.count() == 4
    seated = list(Game.objects.values_list("seats__user_id", flat=True))
    assert sorted(seated) == sorted(user.pk for user in users)  # nobody twice, nobody left
    matched = QueueEntry.objects.filter(status="matched")
    assert matched.count() == 8 and matched.values("game").distinct().count() == 4
