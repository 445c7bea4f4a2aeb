"""Bots' turns: which prompts bots answer now, at which level, and what each bot's seat knows.

Used by the writer under the game's lock and by the thinking done outside it
(games.write.thinking), so that both ask a bot the same question with the same knowledge.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from django.conf import settings
from django.core.cache import cache

import bots
import engine
from common import clock
from games.absences import owing
from games.models import NOTICE, Game, GameEvent, Seat
from games.write.state_store import to_engine_event

# The log entries of its own seat the bots' sampler reads (engine.khora.sampling.returned_cards).
SAMPLER_READS = ("draw", "legislation_keep", "discard_card")
SEEN_LOG_SECONDS = 3 * 24 * 3600


class BotTurns:
    """The bots of one game's seats (`seats` by position), as read with the game."""

    def __init__(self, game: Game, seats: list[Seat]):
        self.game = game
        self.seats = seats
        # Holidays and pause, read once when the bot ladder asks.
        self._circumstances: owing.Circumstances | None = None

    def prompts(self, pending: dict[int, engine.Prompt]) -> list[engine.Prompt]:
        """Prompts a bot answers now: a bot seat's at once; a seat a bot plays for its absent
        player only once no present player still owes an answer, so the game never waits on
        it, yet the player can come back by answering while others still think."""
        bots = {seat.position for seat in self.seats if seat.is_bot}
        absent = self.absent() & set(pending)
        if not absent:
            return [prompt for seat, prompt in pending.items() if seat in bots]
        # Whether anyone present still owes an answer, as the others may know it (a holiday
        # or a pause counts; a lone answer does not show): the one predicate, games.absences.owing.
        if self._circumstances is None:
            self._circumstances = owing.circumstances(self.game, self.seats, clock.now())
        if self._circumstances.paused:  # nobody plays in a paused game, bots for absent players
            return [prompt for seat, prompt in pending.items() if seat in bots]
        present_pending = owing.owing_positions(
            self.game,
            self.seats,
            pending,
            clock.now(),
            seen_by_others=True,
            known=self._circumstances,
        )
        answer = bots if present_pending else bots | absent
        return [prompt for seat, prompt in pending.items() if seat in answer]

    def absent(self) -> set[int]:
        """Seats a bot plays for their absent player."""
        return {seat.position for seat in self.seats if seat.autoplay and not seat.is_bot}

    def level(self, position: int) -> str:
        seat = self.seats[position]
        if seat.is_bot:
            return seat.bot_level or "random"
        return bots.playable(settings.GAME_LADDER_BOT_LEVEL, self.game.game_type)


def knowledge(
    game: Game, state, position: int, stored_seq: int, new_rows: Sequence[GameEvent] = ()
) -> Any:
    """What the bot of seat `position` knows in `state` (bots.knowledge: its game's own): the
    log up to `stored_seq` as stored, then `new_rows` (the writer's, not stored yet)."""
    seen = partial(seen_log, game, position, stored_seq, new_rows)
    return bots.knowledge(game.game_type, state, position, seen)


def seen_log(
    game: Game, position: int, stored_seq: int, new_rows: Sequence[GameEvent] = ()
) -> list[dict]:
    """The part of the log as seat `position` saw it that its bot's sampler reads (its
    own draws, Legislation keeps and discards: which cards under the deck it put there);
    read only when a bot needs it (cards lie under the deck). The log only grows, so what
    was read is kept in the cache and only newer rows are read. Rows up to `stored_seq` are
    committed and never change, so this is read alike under the game's lock or without it."""
    key = f"bot-seen:{game.public_id}:{position}"
    covered, entries = cache.get(key) or (0, [])
    newer = covered > stored_seq
    if newer:
        # Cached by a reader of a newer log (a writer after this thinker read the game):
        # read this state's own entries, and leave the cache to the newer one.
        covered, entries = 0, []
    if covered < stored_seq:
        rows = game.events.exclude(type=NOTICE).filter(
            seq__gt=covered, seq__lte=stored_seq, seat=position
        )
        rows = rows.filter(payload__kind__in=SAMPLER_READS).order_by("seq")
        entries = entries + [to_engine_event(row).to_dict() for row in rows]
        if not newer:
            cache.set(key, (stored_seq, entries), SEEN_LOG_SECONDS)
    new = [
        to_engine_event(row).to_dict()
        for row in new_rows
        if row.seat == position and row.payload.get("kind") in SAMPLER_READS
    ]
    return entries + new  # a seat's own entries: nothing in them is hidden from it
