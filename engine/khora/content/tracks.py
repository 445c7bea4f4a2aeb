"""The three progress tracks of the city board: the price to enter each level and its reward."""

from __future__ import annotations

from dataclasses import dataclass

PROGRESS_TRACKS = ("economy", "culture", "military")


@dataclass(frozen=True, slots=True)
class Level:
    price: int
    reward: dict[str, int]


# LEVELS[track][n] is the level n (2..7): its price in drachmas and what entering it gives.
# "third_die" is the culture-4 reward; "tax" and "glory" are steps on the central tracks.
LEVELS: dict[str, dict[int, Level]] = {
    "economy": {
        2: Level(2, {"citizens": 3}),
        3: Level(2, {"citizens": 3}),
        4: Level(3, {"vp": 5}),
        5: Level(3, {"citizens": 5}),
        6: Level(4, {}),
        7: Level(4, {"vp": 10}),
    },
    "culture": {
        2: Level(1, {}),
        3: Level(4, {"tax": 1}),
        4: Level(6, {"third_die": 1}),
        5: Level(6, {"tax": 1}),
        6: Level(7, {"tax": 1}),
        7: Level(7, {"tax": 2}),
    },
    "military": {
        2: Level(2, {"glory": 1}),
        3: Level(3, {}),
        4: Level(4, {"glory": 1}),
        5: Level(5, {}),
        6: Level(7, {"glory": 1}),
        7: Level(9, {"glory": 2}),
    },
}

THIRD_DIE_CULTURE_LEVEL = 4
