"""After a restore: does every game's log still replay to the states stored beside it?

The log is the only truth; the snapshot (the newest state) and the checkpoints (every 50
events) are caches of it, written when the events were. Replaying each log from its setup and
comparing the state at each cached seq with what is stored proves the restored events are the
ones the caches were built from: none lost, reordered or changed, and this code's rules read
them as the code that wrote them did.
"""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field
from typing import Any

import engine
from games.models import NOTICE, Game

# Per-state caches that are never part of what a state is (engine/khora/state.py).
NOT_COMPARED = frozenset({"cache", "journal", "cause"})


@dataclass
class Verdict:
    games: int = 0
    events: int = 0
    compared: int = 0  # cached states compared with the replay
    skipped: list[str] = field(default_factory=list)  # caches of other rules, crashed games
    mismatches: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.mismatches


def comparable(state: Any) -> Any:
    if dataclasses.is_dataclass(state) and not isinstance(state, type):
        return {
            f.name: getattr(state, f.name)
            for f in dataclasses.fields(state)
            if f.name not in NOT_COMPARED
        }
    return state


def verify_all() -> Verdict:
    verdict = Verdict()
    for game in Game.objects.exclude(status=Game.Status.LOBBY).order_by("pk").iterator():
        verdict.games += 1
        verify_game(game, verdict)
    return verdict


def verify_game(game: Game, verdict: Verdict) -> None:
    rules = engine.get_game(game.game_type)
    stored: dict[int, bytes] = {
        seq: bytes(data)
        for seq, data, version in game.checkpoints.values_list("seq", "data", "rules_version")
        if version == rules.rules_version
    }
    snapshot = getattr(game, "snapshot", None) if _has_snapshot(game) else None
    if snapshot is not None:
        if snapshot.rules_version == rules.rules_version:
            stored[snapshot.seq] = bytes(snapshot.data)
        else:
            verdict.skipped.append(f"{game.public_id}: snapshot of rules {snapshot.rules_version}")
    if snapshot is None and game.last_seq:
        verdict.mismatches.append(f"{game.public_id}: no snapshot for {game.last_seq} events")
    state = rules.new_game(game.num_seats, game.options)
    seq = 0
    rows = game.events.order_by("seq").values_list(
        "seq", "type", "payload", "seat", "version", "auto"
    )
    try:
        for seq, kind, payload, seat, version, auto in rows.iterator():
            if kind != NOTICE:  # a notice is said at the table; the rules never see it
                event = engine.Event(type=kind, data=payload, seat=seat, version=version, auto=auto)
                state = engine.replay(rules, game.num_seats, game.options, [event], onto=state)
            verdict.events += 1
            if seq in stored:
                _compare(game, seq, state, stored.pop(seq), verdict)
    except Exception as error:  # a log that no longer replays is the finding
        target = verdict.skipped if game.status == Game.Status.CRASHED else verdict.mismatches
        target.append(f"{game.public_id}: replay stopped at seq {seq}: {type(error).__name__}")
        return
    for seq in sorted(stored):  # a cache of a seq the log does not reach (notices excepted)
        if seq > game.last_seq:
            verdict.mismatches.append(f"{game.public_id}: a state cached at {seq}, past the log")


def _has_snapshot(game: Game) -> bool:
    try:
        game.snapshot  # noqa: B018
    except Game.snapshot.RelatedObjectDoesNotExist:
        return False
    return True


def _compare(game: Game, seq: int, state: Any, data: bytes, verdict: Verdict) -> None:
    verdict.compared += 1
    if comparable(pickle.loads(data)) != comparable(state):
        verdict.mismatches.append(f"{game.public_id}: the state at seq {seq} differs from the log")
