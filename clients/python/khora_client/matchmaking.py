"""The matchmaking queue ("find me a game") and rematches, as methods of KhoraClient."""

from __future__ import annotations

from typing import cast

from khora_client import operations as op
from khora_client.transport import Transport
from khora_client.types.enums import GameType, Language
from khora_client.types.matchmaking import Entries, Entry, EntryInput, Rematch, StepHours


class MatchmakingApi:
    transport: Transport

    def queue_entries(self) -> list[Entry]:
        """Your waiting queue entries, oldest first."""
        return cast(Entries, self.transport.call(op.MATCHMAKING_ENTRIES_LIST))["entries"]

    def find_game(
        self,
        step_hours: StepHours,
        language: Language,
        *,
        players: int | None = None,
        rating_band: int | None = None,
        game: GameType = "khora",
    ) -> Entry:
        """Wait for a game of these terms: `game` "khora" or "khlor" (entries of different
        games never meet), `players` one of the game's seat counts or None (any). The entry
        comes back `matched`, with the started game's id, when it completed a table at once."""
        body: EntryInput = {
            "game": game,
            "players": players,
            "step_hours": step_hours,
            "language": language,
            "rating_band": rating_band,
        }
        return cast(Entry, self.transport.call(op.MATCHMAKING_ENTRIES_CREATE, body=body))

    def leave_queue(self, entry_id: int) -> None:
        """Stop waiting: the entry is left."""
        self.transport.call(op.MATCHMAKING_ENTRIES_DELETE, params={"entry_id": entry_id})

    def rematch(self, game_id: str) -> Rematch:
        """A finished game's rematch: who accepted, and the new game once it started."""
        params = {"public_id": game_id}
        return cast(Rematch, self.transport.call(op.GAMES_REMATCH_RETRIEVE, params=params))

    def accept_rematch(self, game_id: str) -> Rematch:
        """Ask for, or accept, a rematch; the last player to accept starts it (`new_game`)."""
        params = {"public_id": game_id}
        called = self.transport.call(op.GAMES_REMATCH_ACCEPT, params=params, body={})
        return cast(Rematch, called)
