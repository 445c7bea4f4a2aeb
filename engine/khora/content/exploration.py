"""The exploration zone: 33 single-token spaces (11 per colour) and Persepolis."""

from __future__ import annotations

from engine.khora.content import rulings
from engine.khora.content.model import Space

# (id, colour, tier, troops required, troops lost, drachmas, VP). Ids follow the component
# data: colour, troops required, troops lost (the two blue 6/5 spaces are told apart by a and
# b). Red spaces pay drachmas, green spaces pay VP, blue spaces pay both.
_SPACES = [
    ("red-2-1", "red", "minor", 2, 1, 0, 0),
    ("red-3-0", "red", "minor", 3, 0, 0, 0),
    ("red-2-2", "red", "minor", 2, 2, 1, 0),
    ("red-3-1", "red", "minor", 3, 1, 1, 0),
    ("red-4-2", "red", "minor", 4, 2, 2, 0),
    ("red-5-1", "red", "minor", 5, 1, 2, 0),
    ("red-5-4", "red", "major", 5, 4, 2, 0),
    ("red-6-3", "red", "major", 6, 3, 2, 0),
    ("red-7-5", "red", "major", 7, 5, 3, 0),
    ("red-8-6", "red", "major", 8, 6, 4, 0),
    ("red-9-8", "red", "major", 9, 8, 6, 0),
    ("blue-2-2", "blue", "minor", 2, 2, 0, 0),
    ("blue-3-1", "blue", "minor", 3, 1, 0, 0),
    ("blue-3-3", "blue", "minor", 3, 3, 1, 1),
    ("blue-4-2", "blue", "minor", 4, 2, 1, 1),
    ("blue-4-4", "blue", rulings.BLUE_4_4_TIER, 4, 4, 1, 1),
    ("blue-5-3", "blue", "major", 5, 3, 1, 1),
    ("blue-6-5-a", "blue", "major", 6, 5, 2, 1),
    ("blue-6-5-b", "blue", "major", 6, 5, 1, 2),
    ("blue-7-6", "blue", "major", 7, 6, 2, 2),
    ("blue-8-7", "blue", "major", 8, 7, 3, 3),
    ("blue-9-9", "blue", "major", 9, 9, 4, 4),
    ("green-2-1", "green", "minor", 2, 1, 0, 0),
    ("green-3-0", "green", "minor", 3, 0, 0, 0),
    ("green-2-2", "green", "minor", 2, 2, 0, 1),
    ("green-3-1", "green", "minor", 3, 1, 0, 1),
    ("green-4-2", "green", "minor", 4, 2, 0, 2),
    ("green-5-1", "green", "minor", 5, 1, 0, 2),
    ("green-5-4", "green", "major", 5, 4, 0, 2),
    ("green-6-3", "green", "major", 6, 3, 0, 2),
    ("green-7-5", "green", "major", 7, 5, 0, 3),
    ("green-8-6", "green", "major", 8, 6, 0, 4),
    ("green-9-8", "green", "major", 9, 8, 0, 6),
]


def _build() -> dict[str, Space]:
    spaces = {row[0]: Space(*row) for row in _SPACES}
    spaces["persepolis"] = Space(
        "persepolis",
        "all",
        "major",
        rulings.PERSEPOLIS_TROOPS_REQUIRED,
        rulings.PERSEPOLIS_TROOPS_LOST,
        tokens=(("red", "major"), ("blue", "major"), ("green", "major")),
    )
    return spaces


SPACES: dict[str, Space] = _build()
TOKENS_ON_BOARD = sum(len(space.given) for space in SPACES.values())
