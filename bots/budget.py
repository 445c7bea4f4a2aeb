"""How long `strong` thinks: a count of playouts or its thread's CPU time, never the load.

A wall-clock budget made the bot as strong as the CPU it happened to get: on a busy worker a
second of wall time was a handful of playouts. So a decision is budgeted in work done:

- `playouts`: stop after so many (the same seed and count give the same move);
- `cpu_seconds`: stop once the bot's own thread has used so much CPU (`time.thread_time`),
  which other processes' load does not eat into;
- `floor`: playouts made whatever the CPU budget says, so a starved budget still searches (a
  count of playouts is exact: it is the whole budget);
- `ceiling`: wall seconds it never thinks past, floor or not: the server's bound on how long
  a game waits for its bot (GAME_STRONG_BOT_SECONDS).

A bare number is the old wall-clock budget (think until the ceiling), kept for callers that
only bound the time.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_CEILING = 1.0
DEFAULT_FLOOR = 16  # a few visits of each of a typical prompt's options


@dataclass(frozen=True)
class Budget:
    playouts: int | None = None
    cpu_seconds: float | None = None
    floor: int = DEFAULT_FLOOR
    ceiling: float = DEFAULT_CEILING

    @classmethod
    def of(cls, budget: Budget | float) -> Budget:
        if isinstance(budget, Budget):
            return budget
        return cls(ceiling=budget or DEFAULT_CEILING)

    def more(self, playouts: int, cpu_used: float) -> bool:
        """Start another playout after `playouts` of them and `cpu_used` CPU seconds? (The
        ceiling is the caller's: it reads the wall clock.)"""
        if self.playouts is not None and playouts >= self.playouts:
            return False
        if self.cpu_seconds is None:
            return True
        return playouts < self.floor or cpu_used < self.cpu_seconds


@dataclass(frozen=True)
class Answer:
    """A bot's answer, and how many playouts the search behind it made (None: no search)."""

    option: str
    playouts: int | None = None
