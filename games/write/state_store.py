"""Load a game's engine state: from the snapshot cache when it is current, else by replay."""

from __future__ import annotations

import logging
import pickle

from django.core.cache import cache

import engine
from common import clock
from games.models import NOTICE, Game, GameEvent, StateCheckpoint, StateSnapshot
from games.write.batch import WriteBatch

log = logging.getLogger(__name__)


def engine_game(game: Game):
    return engine.get_game(game.game_type)


def to_engine_event(row: GameEvent) -> engine.Event:
    return engine.Event(
        type=row.type, data=row.payload, seat=row.seat, version=row.version, auto=row.auto
    )


def load_state(game: Game, *, upto: int | None = None, reuse_past: bool = False):
    """The state after event `upto` (default: the newest), replaying what the cache lacks.
    `reuse_past`: start from a past state kept in the cache a few events back, and keep this
    one (for reads that walk the log a little further each time: the history, a replay)."""
    rules = engine_game(game)
    state, seq = None, 0
    reuse_past = reuse_past and upto is not None and upto > 0
    if upto is None:
        state, seq = _cached(game)
    elif reuse_past:
        state, seq = _recent_past(game, upto)
    if state is None:
        state, seq = _checkpoint(game, game.last_seq if upto is None else upto)
    if state is None:
        state = rules.new_game(game.num_seats, game.options)
    if seq == game.last_seq and upto is None:
        return state  # the snapshot is current: no event to fetch
    if upto is not None and seq == upto:
        return state
    events = game.events.filter(seq__gt=seq).exclude(type=NOTICE).order_by("seq")
    if upto is not None:
        events = events.filter(seq__lte=upto)
    # The snapshot is unpickled afresh and the setup is new: both are ours to apply onto.
    state = engine.replay(
        rules, game.num_seats, game.options, (to_engine_event(row) for row in events), onto=state
    )
    if reuse_past and upto is not None:
        cache.set(_past_key(game, upto), state.clone(), PAST_STATE_SECONDS)
    return state


# Past states (the history's narration starts from one): a game's log is append-only, so the
# state after seq n never changes and is kept in the cache for a while. The history's window
# moves one event per move, so the next one is found a few events back and caught up, not
# replayed from the setup.
PAST_STATE_SECONDS = 3600
PAST_STATE_REACH = 16


def _past_key(game: Game, seq: int) -> str:
    return f"state:{game.public_id}:{engine_game(game).rules_version}:{seq}"


def _recent_past(game: Game, upto: int):
    """The cached state closest before or at `upto` (within reach), with its seq."""
    keys = {_past_key(game, seq): seq for seq in range(upto, max(0, upto - PAST_STATE_REACH), -1)}
    try:
        found = cache.get_many(list(keys))
    except Exception:  # an unreadable entry (a state of older code): replay instead
        log.warning("Unreadable past state of game %s; replaying its log.", game.public_id)
        return None, 0
    if not found:
        return None, 0
    key = max(found, key=keys.__getitem__)
    return found[key], keys[key]


# Durable checkpoints: a past state older than the cache keeps (the history of a game one comes
# back to after days, a replay's first steps) is replayed from the checkpoint before it, so a
# read costs at most this many events of replay, and one write's (a checkpoint is kept at the
# write that crosses a multiple, and a write holds the bots' answers and chance up to the next
# person's prompt), however long the log has grown.
CHECKPOINT_EVERY = 50


def save_snapshot(
    game: Game, state, batch: WriteBatch | None = None, stored_seq: int | None = None
) -> None:
    """Called under the game's row lock; one upsert, queued on `batch` when given.
    `stored_seq`: the newest event the database held before this write; when the write
    crosses a multiple of CHECKPOINT_EVERY, the state is also kept as a checkpoint."""
    now = clock.now()
    rules_version = engine_game(game).rules_version
    data = pickle.dumps(state.clone(), protocol=pickle.HIGHEST_PROTOCOL)  # no cache
    row = StateSnapshot(
        game=game, seq=game.last_seq, rules_version=rules_version, data=data, updated_at=now
    )
    queue = WriteBatch() if batch is None else batch
    queue.upsert(row, unique="game")
    if (
        stored_seq is not None
        and stored_seq // CHECKPOINT_EVERY < game.last_seq // CHECKPOINT_EVERY
    ):
        checkpoint = StateCheckpoint(
            game=game, seq=game.last_seq, rules_version=rules_version, data=data, created_at=now
        )
        queue.insert(StateCheckpoint, [checkpoint], ignore_conflicts=True)
    if batch is None:
        queue.flush()


def _checkpoint(game: Game, upto: int):
    """The newest checkpoint at or before `upto`, with its seq (None, 0: none usable)."""
    row = (
        StateCheckpoint.objects.filter(
            game=game, seq__lte=upto, rules_version=engine_game(game).rules_version
        )
        .order_by("-seq")
        .only("seq", "data")
        .first()
    )
    if row is None:
        return None, 0
    try:
        return pickle.loads(bytes(row.data)), row.seq
    except Exception:  # a checkpoint of older code: replay from the setup instead
        log.warning("Unreadable checkpoint of game %s; replaying its log.", game.public_id)
        return None, 0


def _cached(game: Game):
    snapshot = _snapshot_row(game)
    if snapshot is None or snapshot.rules_version != engine_game(game).rules_version:
        return None, 0
    try:
        # Only the server writes snapshots; a stale or unreadable one is rebuilt from the log.
        return pickle.loads(bytes(snapshot.data)), snapshot.seq
    except Exception:
        log.warning("Unreadable snapshot of game %s; replaying its log.", game.public_id)
        return None, 0


def _snapshot_row(game: Game) -> StateSnapshot | None:
    """The snapshot read with the game (`select_related("snapshot")`), else from its table.
    One read with the game under a lock that waited may be older than the game row: its seq
    then falls short of `last_seq` and `load_state` replays the events in between."""
    relation = Game.snapshot.related
    if relation.is_cached(game):
        cached = relation.get_cached_value(game)
        assert cached is None or isinstance(cached, StateSnapshot)  # typed as any model
        return cached
    return StateSnapshot.objects.filter(game=game).first()
