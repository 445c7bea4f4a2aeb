"""Load a game's engine state: from the snapshot cache when it is current, else by replay."""

from __future__ import annotations

import logging
import pickle

import engine
from games import clock
from games.models import NOTICE, Game, GameEvent, StateSnapshot

log = logging.getLogger(__name__)


def engine_game(game: Game):
    return engine.get_game(game.game_type)


def to_engine_event(row: GameEvent) -> engine.Event:
    return engine.Event(
        type=row.type, data=row.payload, seat=row.seat, version=row.version, auto=row.auto
    )


def load_state(game: Game, *, upto: int | None = None):
    """The state after event `upto` (default: the newest), replaying what the cache lacks."""
    rules = engine_game(game)
    state, seq = None, 0
    if upto is None:
        state, seq = _cached(game)
    if state is None:
        state = rules.new_game(game.num_seats, game.options)
    if seq == game.last_seq and upto is None:
        return state  # the snapshot is current: no event to fetch
    events = game.events.filter(seq__gt=seq).exclude(type=NOTICE).order_by("seq")
    if upto is not None:
        events = events.filter(seq__lte=upto)
    # The snapshot is unpickled afresh and the setup is new: both are ours to apply onto.
    return engine.replay(
        rules, game.num_seats, game.options, (to_engine_event(row) for row in events), onto=state
    )


def save_snapshot(game: Game, state) -> None:
    """Called under the game's row lock, so a plain UPDATE (or the first INSERT) is safe."""
    values = {
        "seq": game.last_seq,
        "rules_version": engine_game(game).rules_version,
        "data": pickle.dumps(state.clone(), protocol=pickle.HIGHEST_PROTOCOL),  # no cache
        "updated_at": clock.now(),
    }
    if not StateSnapshot.objects.filter(game=game).update(**values):
        StateSnapshot.objects.create(game=game, **values)


def _cached(game: Game):
    snapshot = StateSnapshot.objects.filter(game=game).first()
    if snapshot is None or snapshot.rules_version != engine_game(game).rules_version:
        return None, 0
    try:
        # Only the server writes snapshots; a stale or unreadable one is rebuilt from the log.
        return pickle.loads(bytes(snapshot.data)), snapshot.seq
    except Exception:
        log.warning("Unreadable snapshot of game %s; replaying its log.", game.public_id)
        return None, 0
