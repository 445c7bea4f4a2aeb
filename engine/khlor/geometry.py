"""Where a piece may lie: every placement of every piece on the valley, worked out once.

A piece is turned (four ways) but not flipped; its back side is its mirror image (K5). It lies
wholly on the board and never over the white egg (K1). A placement is its three demon-symbol
squares and its egg-symbol square; turns that cover the same squares with the same symbols
are one placement.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.khlor.data import COLUMNS, EGG, PIECES, ROWS, WHITE_EGG, square_name

FRONT, BACK = "front", "back"


@dataclass(frozen=True, slots=True)
class Placement:
    piece: str
    side: str
    turn: int  # quarter turns clockwise
    demons: tuple[str, str, str]  # the demon-symbol squares, in board order
    egg: str  # the egg-symbol square

    @property
    def id(self) -> str:
        """A stable option id that says what it covers: "T:B2.C2.D2:C3" (back side "T~:...")."""
        mark = "~" if self.side == BACK else ""
        return f"{self.piece}{mark}:{'.'.join(self.demons)}:{self.egg}"

    @property
    def squares(self) -> tuple[str, ...]:
        return (*self.demons, self.egg)


_ORDER = {square_name(c, r): (r, c) for r in range(ROWS) for c in range(len(COLUMNS))}


def _turned(cells: tuple[tuple[int, int], ...], turns: int) -> list[tuple[int, int]]:
    result = list(cells)
    for _ in range(turns):
        result = [(row, -column) for column, row in result]
    return result


def _placements(piece_id: str, side: str) -> tuple[Placement, ...]:
    cells = PIECES[piece_id].cells
    if side == BACK:
        cells = tuple((-column, row) for column, row in cells)
    found: dict[tuple[tuple[str, ...], str], Placement] = {}
    for turn in range(4):
        shape = _turned(cells, turn)
        low_c = min(c for c, _ in shape)
        low_r = min(r for _, r in shape)
        shape = [(c - low_c, r - low_r) for c, r in shape]
        width = max(c for c, _ in shape) + 1
        height = max(r for _, r in shape) + 1
        for left in range(len(COLUMNS) - width + 1):
            for bottom in range(ROWS - height + 1):
                names = [square_name(c + left, r + bottom) for c, r in shape]
                if WHITE_EGG in names:
                    continue
                egg = names[EGG]
                demons = sorted(
                    (n for i, n in enumerate(names) if i != EGG), key=_ORDER.__getitem__
                )
                key = (tuple(demons), egg)
                if key not in found:
                    found[key] = Placement(
                        piece_id, side, turn, (demons[0], demons[1], demons[2]), egg
                    )
    return tuple(found.values())


PLACEMENTS: dict[tuple[str, str], tuple[Placement, ...]] = {
    (piece, side): _placements(piece, side) for piece in PIECES for side in (FRONT, BACK)
}
BY_ID: dict[str, Placement] = {
    placement.id: placement for group in PLACEMENTS.values() for placement in group
}
