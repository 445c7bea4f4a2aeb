"""The exploration zone: 33 single-token spaces (11 per colour) and Persepolis."""

from __future__ import annotations

from engine.khora.content import rulings
from engine.khora.content.model import Space

# (colour, tier, troops required, troops lost, drachmas, VP). Red spaces pay drachmas, green
# spaces pay VP, blue spaces pay both.
_SPACES = [
    ("red", "minor", 2, 1, 0, 0),
    ("red", "minor", 3, 0, 0, 0),
    ("red", "minor", 2, 2, 1, 0),
    ("red", "minor", 3, 1, 1, 0),
    ("red", "minor", 4, 2, 2, 0),
    ("red", "minor", 5, 1, 2, 0),
    ("red", "major", 5, 4, 2, 0),
    ("red", "major", 6, 3, 2, 0),
    ("red", "major", 7, 5, 3, 0),
    ("red", "major", 8, 6, 4, 0),
    ("red", "major", 9, 8, 6, 0),
    ("blue", "minor", 2, 2, 0, 0),
    ("blue", "minor", 3, 1, 0, 0),
    ("blue", "minor", 3, 3, 1, 1),
    ("blue", "minor", 4, 2, 1, 1),
    ("blue", rulings.BLUE_4_4_TIER, 4, 4, 1, 1),
    ("blue", "major", 5, 3, 1, 1),
    ("blue", "major", 6, 5, 2, 1),
    ("blue", "major", 6, 5, 1, 2),
    ("blue", "major", 7, 6, 2, 2),
    ("blue", "major", 8, 7, 3, 3),
    ("blue", "major", 9, 9, 4, 4),
    ("green", "minor", 2, 1, 0, 0),
    ("green", "minor", 3, 0, 0, 0),
    ("green", "minor", 2, 2, 0, 1),
    ("green", "minor", 3, 1, 0, 1),
    ("green", "minor", 4, 2, 0, 2),
    ("green", "minor", 5, 1, 0, 2),
    ("green", "major", 5, 4, 0, 2),
    ("green", "major", 6, 3, 0, 2),
    ("green", "major", 7, 5, 0, 3),
    ("green", "major", 8, 6, 0, 4),
    ("green", "major", 9, 8, 0, 6),
]


def _space_id(colour: str, required: int, lost: int, taken: set[str]) -> str:
    base = f"{colour}-{required}-{lost}"
    if base not in taken:
        return base
    suffix = "b"
    while f"{base}-{suffix}" in taken:
        suffix = chr(ord(suffix) + 1)
    return f"{base}-{suffix}"


def _build() -> dict[str, Space]:
    spaces: dict[str, Space] = {}
    for colour, tier, required, lost, drachma, vp in _SPACES:
        space_id = _space_id(colour, required, lost, set(spaces))
        spaces[space_id] = Space(space_id, colour, tier, required, lost, drachma, vp)
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


def describe(space: Space) -> str:
    if space.id == "persepolis":
        tokens = "the three major tokens of Persepolis (red, blue and green)"
    else:
        tokens = f"a {space.tier} {space.colour} knowledge token"
    bonus = []
    if space.drachma:
        bonus.append(f"{space.drachma} drachma{'s' if space.drachma > 1 else ''}")
    if space.vp:
        bonus.append(f"{space.vp} VP")
    extra = f" and {' and '.join(bonus)}" if bonus else ""
    return f"{tokens}{extra} (needs {space.troops_required} troops, loses {space.troops_lost})"
