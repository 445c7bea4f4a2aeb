"""The writes of a change sent together (games/write/batch.py): constraints hold as before, and a
refused write takes the others with it."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from common import clock
from games.models import Game, GameEvent, StateSnapshot
from games.write.batch import WriteBatch
from tests.players import start_game


def an_event(game: Game, seq: int) -> GameEvent:
    payload = {"kind": "test", "n": seq}
    return GameEvent(
        game=game, seq=seq, type="notice", version=1, payload=payload, created_at=clock.now()
    )


def test_a_repeated_seq_is_refused_and_nothing_of_the_batch_is_written(make_player):
    game = start_game([make_player("alice"), make_player("bob")])
    events = GameEvent.objects.filter(game=game).count()
    before = game.last_seq
    batch = WriteBatch()
    game.last_seq = before + 1
    batch.update(game, ["last_seq"])
    batch.insert(GameEvent, [an_event(game, before + 1), an_event(game, before)])  # taken
    with pytest.raises(IntegrityError), transaction.atomic():
        batch.flush()
    game.refresh_from_db()
    assert game.last_seq == before
    assert GameEvent.objects.filter(game=game).count() == events


def test_the_batch_is_one_statement_on_postgresql_and_upserts_the_snapshot(make_player):
    game = start_game([make_player("alice"), make_player("bob")])
    StateSnapshot.objects.filter(game=game).delete()
    for data in (b"first", b"second"):
        batch = WriteBatch()
        game.last_seq += 1
        batch.insert(GameEvent, [an_event(game, game.last_seq)])
        batch.update(game, ["last_seq"])
        snapshot = StateSnapshot(
            game=game, seq=game.last_seq, rules_version="test", data=data, updated_at=clock.now()
        )
        batch.upsert(snapshot, unique="game")
        with CaptureQueriesContext(connection) as captured, transaction.atomic():
            batch.flush()
        writes = [q for q in captured if q["sql"] not in ("BEGIN", "BEGIN IMMEDIATE", "COMMIT")]
        writes = [q for q in writes if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]
        assert len(writes) == (1 if connection.vendor == "postgresql" else 3)
        stored = StateSnapshot.objects.get(game=game)
        assert (bytes(stored.data), stored.seq) == (data, game.last_seq)
    game.refresh_from_db()
    assert GameEvent.objects.filter(game=game, seq=game.last_seq).exists()
