"""Which waiting players make a table: pure functions over the queue as read under its lock.

A table of n seats takes the newest entry and the oldest compatible entries beside it: each
accepts n seats, every pair is within both players' rating bands, and nobody at it muted
another (in either direction). The greedy choice, oldest first, may miss a table a search
would find; a queue of slow-play games is short, and the oldest waiting are served first.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Waiting:
    entry_id: int
    user_id: int
    players: int | None  # None: any of the game's seat counts
    rating: float
    rating_band: int | None  # None: anyone


def within_bands(a: Waiting, b: Waiting) -> bool:
    gap = abs(a.rating - b.rating)
    return all(w.rating_band is None or gap <= w.rating_band for w in (a, b))


def compatible(a: Waiting, b: Waiting, mutes: set[frozenset[int]]) -> bool:
    return (
        a.user_id != b.user_id
        and within_bands(a, b)
        and frozenset((a.user_id, b.user_id)) not in mutes
    )


def table_for(
    new: Waiting,
    others: list[Waiting],
    mutes: set[frozenset[int]],
    seat_counts: tuple[int, ...],
) -> list[Waiting]:
    """The entries of the table `new` completes (itself first), or [] when none is complete yet.
    `others`: the compatible queue's other waiting entries (the same game, step length and
    language), oldest first; `seat_counts`: the game's. The fewest seats the newcomer accepts
    are tried first: a table forms as soon as enough players wait."""
    for seats in (new.players,) if new.players else sorted(seat_counts):
        table = [new]
        for other in others:
            if other.players not in (None, seats):
                continue
            if all(compatible(other, seated, mutes) for seated in table):
                table.append(other)
                if len(table) == seats:
                    return table
    return []
