"""The one meaning of "seat S owes an answer to prompt P now".

Reminders, digests, misses at a deadline, the bot ladder's early advance, nudges, holiday
spending and "waiting for" on every page ask this module, and nothing else decides it:
Diplomacy sites learned (diplicity-react #1217, #1219, #1280) that reminders, misses and
extensions each with their own idea of "has acted" give false misses and false warnings.

A seat owes an answer when it has an open prompt, a person plays it (not a bot, not a bot
standing in for an absent player), the game is not paused, its player is not away on holiday
(within the bank and the per-game cap), and the prompt leaves a real choice.

The last condition is the seat's own business: the engine asks a seat a question with a single
answer when answering for it would tell the others something hidden (that no card in its hand
can be played). So what the others see ("waiting for", the moment the bots take over for
absent players) asks with `seen_by_others=True`, which counts a lone answer as a choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from games.absences.lookups import away_positions, is_paused


def owes_answer(
    seat, prompt, *, away: bool = False, paused: bool = False, seen_by_others: bool = False
) -> bool:
    """Whether `seat` (a games.models.Seat) owes an answer to `prompt` (an engine.Prompt, or
    None when nothing is asked of it). `away`: its player is on holiday now and the game
    waits for them; `paused`: the game is paused now (see `circumstances`)."""
    if prompt is None or paused or away:
        return False
    if seat.is_bot or not seat.user_id or seat.autoplay:
        return False
    return seen_by_others or has_a_choice(prompt)


def has_a_choice(prompt) -> bool:
    """A prompt with a single option asks nothing of its player: its default is that option."""
    return len(prompt.options) > 1


@dataclass(frozen=True)
class Circumstances:
    """What the predicate needs about a game now besides the seat and its prompt."""

    away: frozenset[int]  # the positions whose players are away and waited for
    paused: bool


NOTHING_SPECIAL = Circumstances(away=frozenset(), paused=False)


def circumstances(game, seats, now: datetime, paused: bool | None = None) -> Circumstances:
    """Read once per game: who is away in it and whether it is paused, at `now` (`paused`:
    when the caller has read the game's pause already)."""
    if paused is None:
        paused = is_paused(game, now)
    return Circumstances(away=frozenset(away_positions(game, seats, now)), paused=paused)


def owing_positions(
    game, seats, pending: dict, now: datetime, *, seen_by_others: bool = False, known=None
) -> set[int]:
    """The positions among `seats` that owe an answer to their prompt in `pending` (the
    engine's seat → prompt) at `now`. `known`: the game's Circumstances when already read."""
    if not pending:
        return set()
    known = known or circumstances(game, seats, now)
    return {
        seat.position
        for seat in seats
        if owes_answer(
            seat,
            pending.get(seat.position),
            away=seat.position in known.away,
            paused=known.paused,
            seen_by_others=seen_by_others,
        )
    }
