"""A worker killed in the middle of an advance: after a restart the step advances once."""

import time

import psycopg
from django.db import connection

from games.models import Game, GameEvent
from notifications.models import Notification
from tests.integration.conftest import database_url, wait_for
from tests.players import start_game, url

# A task left unacknowledged by a dead worker is delivered again within about 2 seconds.
QUICK_RECOVERY = {"CELERY_VISIBILITY_TIMEOUT": "1", "CELERY_RESTORE_INTERVAL": "1"}


def _blocked_on_a_lock(watcher) -> bool:
    row = watcher.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND wait_event_type = 'Lock'",
        [connection.settings_dict["NAME"]],
    ).fetchone()
    return row[0] > 0


def test_a_worker_killed_mid_advance_leaves_nothing_and_the_rerun_advances_once(
    make_player, start_worker, smtp
):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])  # no worker yet: the advance waits in Redis
    assert Game.objects.get(pk=game.pk).needs_advance

    # Hold the game's snapshot row: the advance blocks when it writes its new snapshot, after
    # it has sampled the setup's chance and appended the events in its open transaction.
    with (
        psycopg.connect(database_url(), autocommit=False) as holder,
        psycopg.connect(database_url(), autocommit=True) as watcher,
    ):
        holder.execute("SELECT 1 FROM games_statesnapshot WHERE game_id = %s FOR UPDATE", [game.pk])
        worker = start_worker(**QUICK_RECOVERY)
        wait_for(lambda: _blocked_on_a_lock(watcher), timeout=20)
        worker.kill()
        holder.rollback()

    assert GameEvent.objects.filter(game=game).count() == 0, "the killed advance left nothing"
    assert Game.objects.get(pk=game.pk).needs_advance

    start_worker(**QUICK_RECOVERY)
    wait_for(lambda: not Game.objects.get(pk=game.pk).needs_advance, timeout=30)

    kinds = [e.payload.get("kind") for e in GameEvent.objects.filter(game=game).order_by("seq")]
    assert kinds[:2] == ["cities", "deal"] and kinds.count("deal") == 1
    assert alice.get(url(game, "prompt")).json()["prompt"]["kind"] == "draft_pick"

    # The emails the advance writes ("game started", with the first prompt) go out once each.
    wait_for(lambda: len(smtp.messages) == 2, timeout=30)
    time.sleep(2)  # time for a duplicate to show up, if there were one
    assert sorted(m["To"] for m in smtp.messages) == ["alice@example.com", "bob@example.com"]
    assert Notification.objects.filter(game=game).count() == 2
