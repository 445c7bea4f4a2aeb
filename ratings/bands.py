"""Player-count bands: a game type's rating kept apart for each count of seats at the table
(bots included), since playing Khôra well two-handed is not playing it well four-handed.

A band's rating is one more key beside the game type's own, in the same tables: `khora/3` is
Khôra at three seats. The game type's own key stays the one the pages call its rating.
"""

from __future__ import annotations

from django.db.models import Q

BANDS = (2, 3, 4)  # the player counts a game type is played at (Khôra: 2 to 4 seats)
SEPARATOR = "/"

# The rows of game types' own keys, without the bands' (a game type has no "/" in its name).
OWN_KEYS = ~Q(game_type__contains=SEPARATOR)


def band_key(game_type: str, players: int) -> str | None:
    """The key of the band a game of `players` seats is rated in, or None outside the bands."""
    return f"{game_type}{SEPARATOR}{players}" if players in BANDS else None


def split(key: str) -> tuple[str, int | None]:
    """(game type, player count) of a key; the count is None for a game type's own key."""
    game_type, _, players = key.partition(SEPARATOR)
    return game_type, int(players) if players else None
